import { useEffect, type RefObject } from "react";

/** Closes a popover on a pointer press outside `ref` or on Escape (which reports `true` so focus can go back). */
export function useDismiss(
  open: boolean,
  ref: RefObject<HTMLElement | null>,
  close: (byEscape: boolean) => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, ref, close]);
}
