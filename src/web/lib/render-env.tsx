import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import type { ViewerZone } from "../../shared/viewer-zone.ts";

/**
 * What the server knew when it rendered the first screen (src/http/ssr/): the browser hydrates that
 * HTML with the same values, then goes on with its own. Without them the first render in the
 * browser would differ from the HTML wherever a screen shows the time, a cookie or the viewer's zone.
 */
export interface RenderEnv {
  /** Epoch ms the server rendered at: the clock of the first render, on the server and while hydrating. */
  now: number;
  /** The viewer's zone and locale from their hint cookie (shared/viewer-zone.ts); null when not known yet. */
  zone: ViewerZone | null;
  /** The contest banner's dismissals in this browser (its cookie: features/games/PromoBanner.tsx). */
  promoDismissed: readonly string[];
}

const RenderEnvContext = createContext<RenderEnv | null>(null);

export function RenderEnvProvider({ env, children }: { env: RenderEnv | null; children: ReactNode }) {
  return <RenderEnvContext.Provider value={env}>{children}</RenderEnvContext.Provider>;
}

const never = () => () => {};

/**
 * True on the server and while the browser hydrates the server's HTML; false in every render after
 * (React re-renders a component once hydration is done when this changes), and in a page drawn by
 * the browser alone. What a component shows from it must come out the same on both sides.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}

/** The server's values while its HTML is rendered or hydrated; null afterwards (the browser's own then apply). */
export function useServerEnv(): RenderEnv | null {
  const env = useContext(RenderEnvContext);
  return useHydrating() ? env : null;
}

/** The time to render with: the server's while hydrating its HTML, else now. For a clock's first value. */
export function useFirstNow(): number {
  const env = useServerEnv();
  return env ? env.now : Date.now();
}
