import { renderToReadableStream } from "react-dom/server";
import { SWRConfig, unstable_serialize } from "swr";
import { AppRoot } from "../../web/app/AppRoot.tsx";
import { loadScreen } from "../../web/app/routes.tsx";
import type { RenderEnv } from "../../web/lib/render-env.tsx";
import type { FirstAnswer } from "./first-screen-data.ts";

export interface RenderedScreen {
  /** The app's markup, to go inside the page's root element. */
  html: string;
  /** The screen's own stylesheet (its code's, loaded with it in the browser), for the page's head. */
  stylesheet: string | null;
}

/**
 * Renders the app at `path` with React's streaming renderer, from these answers only: each request
 * gets a cache of its own (SWR's provider), so nothing of one viewer's can reach another's page.
 * The screen's code is loaded first, so it renders here instead of its loading state.
 */
export async function renderApp(
  path: string,
  search: string,
  env: RenderEnv,
  answers: readonly FirstAnswer[],
): Promise<RenderedScreen> {
  const stylesheet = await loadScreen(path);
  const errors: unknown[] = [];
  const fallback = Object.fromEntries(answers.map((a) => [unstable_serialize(a.key), JSON.parse(a.json)]));
  const stream = await renderToReadableStream(
    <SWRConfig value={{ provider: () => new Map(), fallback }}>
      <AppRoot env={env} ssrPath={path} ssrSearch={search} />
    </SWRConfig>,
    { onError: (error) => void errors.push(error) },
  );
  await stream.allReady;
  const html = await new Response(stream).text();
  // A part React could not render would be drawn by the browser over the HTML: the caller serves the plain shell instead.
  if (errors.length > 0) throw new AggregateError(errors, `Rendering ${path} failed`);
  return { html, stylesheet };
}
