import { useCallback } from "react";
import { useSearchParams } from "wouter";

export type SetSearchParam = (value: string | null, options?: { replace?: boolean }) => void;

/**
 * One query-string parameter as screen state (a tab, a selected week), so Back, Forward, refresh and
 * a shared link keep it. null = absent; setting null removes it, other parameters are kept. Changes
 * replace the history entry unless `replace: false` is given: switching a view is not a new page.
 */
export function useSearchParam(name: string): [string | null, SetSearchParam] {
  const [params, setParams] = useSearchParams();
  const set = useCallback<SetSearchParam>(
    (value, options) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: options?.replace ?? true },
      ),
    [name, setParams],
  );
  return [params.get(name), set];
}

/** A whole number parameter within [min, max], else null (absent, malformed or out of range). */
export function intParam(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}
