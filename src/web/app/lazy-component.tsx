import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import { Loading } from "../components/Loading.tsx";

/** A stylesheet imported `with { type: "text" }` (see css-text.d.ts). */
export type Stylesheet = () => Promise<{ default: string }>;

const added = new Set<string>();

/** Marks the `<style>` a server-rendered page carries its screen's stylesheet in (src/http/ssr/). */
export const SCREEN_STYLE_ATTRIBUTE = "data-screen-style";

/**
 * Adds a screen's stylesheet to the page once. Bun's bundler folds every CSS file a script imports
 * into the page's one render-blocking stylesheet, even from lazily loaded chunks; imported as text, a
 * screen's rules travel in a chunk of their own, loaded only with that screen (in parallel with its code).
 * A page the server rendered already holds its screen's; on the server nothing is added.
 */
function addStylesheet(css: string): void {
  if (added.has(css) || typeof document === "undefined") return;
  added.add(css);
  for (const style of document.querySelectorAll(`style[${SCREEN_STYLE_ATTRIBUTE}]`)) {
    if (style.textContent === css) return;
  }
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style); // after the shell's stylesheet, so a screen's rules win ties
}

export interface LazyOptions {
  /** The stylesheet beside the component's code, added to the page before it first renders. */
  stylesheet?: Stylesheet;
  /** Shown while the code is on the way (default: the screens' "Loading…"). */
  fallback?: ReactNode;
}

/**
 * A component whose code loads on first render; `preload()` starts fetching it earlier, `load()`
 * resolves once it can render at once (a server render and a hydration wait for it), with its stylesheet.
 */
export type LazyComponent<P> = ComponentType<P> & { preload(): void; load(): Promise<{ stylesheet: string | null }> };

/**
 * The one way code is split off (every screen, and the bet slip): its code and its stylesheet, if it
 * has one, load on first render. No React.lazy and Suspense: React holds a revealed Suspense boundary
 * back for up to 300 ms after its fallback showed, which would delay the screen people see (and never
 * end under a paused test clock). Here the component renders the moment its chunk and stylesheet arrive.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { stylesheet, fallback = <Loading /> }: LazyOptions = {},
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let css: string | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (loading ??= Promise.all([load(), stylesheet?.()]).then(
      ([component, text]) => {
        css = text?.default ?? null;
        if (css) addStylesheet(css);
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null; // a later visit tries again
        throw error;
      },
    ));

  // biome-ignore lint/correctness/noComponentHookFactories: the factory runs once per screen, at module load, never during a render
  function Lazy(props: P) {
    const [, setReady] = useState(loaded !== null);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      start().then(
        () => live && setReady(true),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, []);
    if (loaded) {
      const Page = loaded;
      return <Page {...props} />;
    }
    if (failed) {
      return (
        <p className="page-loading" role="alert">
          This screen could not be loaded. Check your connection and reload the page.
        </p>
      );
    }
    return fallback;
  }
  return Object.assign(Lazy, {
    preload: () => void start().catch(() => undefined),
    load: () => start().then(() => ({ stylesheet: css })),
  });
}
