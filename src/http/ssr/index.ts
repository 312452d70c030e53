import type { Config } from "../../config.ts";
import type { SocketHub } from "../../modules/realtime/hub.ts";
import type { Encoding } from "../compression.ts";
import { sessionUser } from "../../modules/auth/plugin.ts";
import { PROMO_DISMISSED_COOKIE, parsePromoDismissed } from "../../shared/promo-dismissal.ts";
import { parseViewerZone, VIEWER_ZONE_COOKIE } from "../../shared/viewer-zone.ts";
import type { RenderEnv } from "../../web/lib/render-env.tsx";
import { firstScreenAnswers, type FirstScreenDeps } from "./first-screen-data.ts";
import { linkPreview, previewTags } from "./link-previews.ts";
import { PageCache } from "./page-cache.ts";
import { firstScreenJson, type PageTemplate, pageHtml, screenStyle } from "./page.ts";
import { renderApp } from "./render.tsx";

export interface FirstScreensDeps extends FirstScreenDeps {
  config: Config;
  /** The live channel's hub: where it stands when the answers are read (web/app/first-screen.ts). */
  hub: Pick<SocketHub, "id" | "heard">;
}

/** A page rendered for one request: its HTML, and whether it may be kept for others (signed out). */
export interface RenderedPage {
  html: string;
  /** Strong tag of the page's bytes, set when the page is the same for every signed-out visitor with these cookies. */
  etag: string | null;
  signedIn: boolean;
  /** Where its compressed bytes are kept (with the page, when it is kept). */
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
}

function cookieOf(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

const MINUTE = 60_000;

/**
 * The first screens the server renders (README "Server-rendered first screens", decision 0069): the
 * app at the requested address, rendered with React from the answers the API gives this viewer,
 * with those answers for the browser to hydrate it with. A signed-out page is the same for every
 * visitor with the same cookies, so it is kept per version of its data (the answers' own bytes, and
 * the minute: "updated 3 min ago" moves) and rendered again only when that changes.
 */
export function firstScreens(deps: FirstScreensDeps) {
  const pages = new PageCache(256);
  return async function renderPage(request: Request, template: PageTemplate): Promise<RenderedPage> {
    const url = new URL(request.url);
    const cookies = request.headers.get("cookie") ?? "";
    const viewer = await sessionUser(deps.db, deps.clock, deps.config, request);
    const now = deps.clock.now().getTime();
    const env: RenderEnv = {
      now,
      zone: parseViewerZone(cookieOf(cookies, VIEWER_ZONE_COOKIE)),
      promoDismissed: parsePromoDismissed(cookieOf(cookies, PROMO_DISMISSED_COOKIE)),
    };
    // Before the answers are read: a message sent while they are is counted, and the page asks again.
    const live = { hub: deps.hub.id, heard: deps.hub.heard(viewer !== null) };
    const [answers, preview] = await Promise.all([
      firstScreenAnswers(deps, url.pathname, url.searchParams, viewer),
      linkPreview(deps, url.pathname, url.searchParams),
    ]);
    const address = url.pathname + url.search;
    // Absolute addresses for the link preview's robots: PUBLIC_URL, else the request's own origin
    // (then part of a kept page's key: a forged Host names only its own copy).
    const origin = deps.config.publicUrl ?? url.origin;
    const head = previewTags(preview, origin, address);
    const render = async () => {
      const { html: app, stylesheet } = await renderApp(url.pathname, url.search, env, answers);
      const data = firstScreenJson(address, env, answers, live);
      return pageHtml({ template, head: head + screenStyle(stylesheet), app, data });
    };
    if (viewer) return { html: await render(), etag: null, signedIn: true, encoded: {} };
    // What the page shows besides its answers: the address and the cookies the server reads.
    const key = [
      origin,
      address,
      env.zone ? `${env.zone.timeZone}|${env.zone.locale}` : "",
      env.promoDismissed.join("."),
    ].join("\n");
    const version = [Math.floor(now / MINUTE), live.heard, head, ...answers.map((a) => a.tag)].join("\n");
    const page = await pages.get(key, version, render);
    return { html: page.html, etag: page.etag, signedIn: false, encoded: page.encoded };
  };
}

export type RenderPage = ReturnType<typeof firstScreens>;
