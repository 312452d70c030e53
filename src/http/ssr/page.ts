import { FIRST_SCREEN_ID, type FirstScreen } from "../../web/app/first-screen.ts";
import { SCREEN_STYLE_ATTRIBUTE } from "../../web/app/lazy-component.tsx";
import type { RenderEnv } from "../../web/lib/render-env.tsx";
import type { FirstAnswer } from "./first-screen-data.ts";

/** The bundled index.html around its empty root element: what a page the server renders fills in. */
export interface PageTemplate {
  /** Up to the root's content: the head, with the stylesheet and the script, and `<div id="root">`. */
  start: string;
  /** After the root's content: `</div>` and the rest. */
  end: string;
}

const ROOT = '<div id="root"></div>';

export function pageTemplate(html: string): PageTemplate {
  const at = html.indexOf(ROOT);
  if (at < 0) throw new Error(`The web app's index.html has no ${ROOT}`);
  const open = ROOT.length - "</div>".length;
  return { start: html.slice(0, at + open), end: html.slice(at + open) };
}

/**
 * JSON made safe inside a `<script>`: no `<` (so no `</script>` nor `<!--`), and the line
 * separators some parsers end a line at, escaped; JSON.parse reads it back unchanged.
 */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The first screen's data for the browser (web/app/first-screen.ts), as one JSON text. */
export function firstScreenJson(
  url: string,
  env: RenderEnv,
  answers: readonly FirstAnswer[],
  live: FirstScreen["live"],
): string {
  const queries = answers.map((a) => `[${JSON.stringify(a.key)},${a.json}]`).join(",");
  return `{"url":${JSON.stringify(url)},"env":${JSON.stringify(env)},"queries":[${queries}],"live":${JSON.stringify(live)}}`;
}

export interface PageParts {
  template: PageTemplate;
  /** Extra tags for the head (the screen's stylesheet, link previews). */
  head: string;
  app: string;
  data: string;
}

/** The whole page: the template's head with `head`, the app's markup in the root, the data after it. */
export function pageHtml({ template, head, app, data }: PageParts): string {
  const start = head ? template.start.replace("</head>", `${head}</head>`) : template.start;
  const script = `<script type="application/json" id="${FIRST_SCREEN_ID}">${scriptSafeJson(data)}</script>`;
  return `${start}${app}${template.end.replace("</body>", `${script}</body>`)}`;
}

/** A screen's stylesheet in the page's head, marked so the browser does not add it again. */
export function screenStyle(css: string | null): string {
  return css ? `<style ${SCREEN_STYLE_ATTRIBUTE}>${css.replace(/<\//g, "<\\/")}</style>` : "";
}
