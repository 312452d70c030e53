import { useCallback, useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { toast, type ToastInput } from "../../lib/toast.ts";
import { afterFriendChange } from "../../lib/queries.ts";

/** The server's own sentence (spec §8: the message field of the JSON error), or a hint when it could not be reached. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return "Check your connection and try again.";
}

/**
 * Runs a friend action (send, answer, remove) once at a time per key, toasts how it went, and
 * refreshes the friend lists either way: a refusal (409, 404) means this screen was out of date.
 */
export function useFriendAction() {
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const run = useCallback(
    async <T>(key: string, action: () => Promise<T>, success: (result: T) => ToastInput, failureTitle: string) => {
      setPending((keys) => new Set(keys).add(key));
      let done = false;
      try {
        const result = await action();
        toast(success(result));
        done = true;
      } catch (error) {
        toast({ title: failureTitle, description: failureText(error), variant: "destructive" });
      }
      // The button stays busy until the lists show the outcome, so it never flashes back meanwhile.
      await afterFriendChange().catch(() => undefined);
      setPending((keys) => {
        const next = new Set(keys);
        next.delete(key);
        return next;
      });
      return done;
    },
    [],
  );

  return { isPending: (key: string) => pending.has(key), run };
}
