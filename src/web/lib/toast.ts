import { signal } from "@preact/signals-react";

/** Spec §9: one toast on screen at a time, each for 5 seconds unless dismissed. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

/** How a toast about money reads at a glance: up (won), down (lost), neutral (push); none for the rest. */
export type ToastTone = "up" | "down" | "neutral";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: "default" | "destructive";
  tone?: ToastTone;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: Toast["variant"];
  tone?: ToastTone;
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
export function toast({
  title,
  description,
  variant = "default",
  tone,
  durationMs = TOAST_DURATION_MS,
}: ToastInput): number {
  const id = nextId++;
  const next: Toast = { id, title, variant, ...(description ? { description } : {}), ...(tone ? { tone } : {}) };
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
