import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * React 19's `useEffectEvent`, which Preact (the app's renderer, aliased as `react`) lacks: a stable
 * function an effect may call without depending on it, which always runs the latest render's `handler`.
 */
export function useEffectEvent<Args extends unknown[], Result>(
  handler: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
