/** How often the push opt-in may be shown on one browser (issue 46 item 5): at most once a week. */
export const ASK_AGAIN_AFTER_MS = 7 * 24 * 3600_000;

/**
 * What this browser keeps of the opt-in: when it was last shown (ms), or `true` once answered for
 * good (push turned on here; before issue 46, "Not now" was for good too).
 */
export type PushAsked = number | boolean | null;

/** Whether the opt-in may be shown at `nowMs`: never asked here, or last asked a week ago or more. */
export function mayAskForPush(asked: PushAsked, nowMs: number): boolean {
  if (asked === true) return false;
  if (typeof asked !== "number") return true;
  return nowMs - asked >= ASK_AGAIN_AFTER_MS;
}
