import { useCallback } from "react";
import { useSearchParams } from "wouter";

export type UpdateSearch = (changes: Record<string, string | null>) => void;

/**
 * The query string as screen state (a view, a selected week), so Back, refresh and a shared link
 * keep it. `update` changes several parameters in one step (null removes one; others are kept) and
 * replaces the history entry: switching a view is not a new page.
 */
export function useSearch(): [URLSearchParams, UpdateSearch] {
  const [params, setParams] = useSearchParams();
  const update = useCallback<UpdateSearch>(
    (changes) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null) next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, update];
}

/** A whole number parameter within [min, max], else null (absent, malformed or out of range). */
export function intParam(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}
