import { signal } from "@preact/signals-react";

/** Spec §9: one toast on screen at a time, each for 5 seconds unless dismissed. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: "default" | "destructive";
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: Toast["variant"];
  durationMs?: number;
}

/** The toasts on screen, newest first. */
export const toasts = signal<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts.value = toasts.value.filter((toast) => toast.id !== id);
}

/** Shows a toast; a newer one replaces the older beyond the limit. Returns its id. */
export function toast({ title, description, variant = "default", durationMs = TOAST_DURATION_MS }: ToastInput): number {
  const id = nextId++;
  const next: Toast = { id, title, variant, ...(description ? { description } : {}) };
  const kept = [next, ...toasts.value];
  for (const dropped of kept.slice(TOAST_LIMIT)) {
    clearTimeout(timers.get(dropped.id));
    timers.delete(dropped.id);
  }
  toasts.value = kept.slice(0, TOAST_LIMIT);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
  return id;
}
