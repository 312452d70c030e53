import { useState } from "react";
import { errorText } from "../../lib/api.ts";
import { toast, type ToastInput } from "../../lib/toast.ts";
import { afterLeagueChange } from "../../lib/queries.ts";

/**
 * Runs a league call (spec §8): its success toast, or a destructive 'Error' toast with the server's
 * message; either way the league lists, details and invitations refresh. Resolves true on success.
 */
export async function leagueAction(
  call: () => Promise<unknown>,
  success: ToastInput | ((answer: unknown) => ToastInput),
): Promise<boolean> {
  try {
    const answer = await call();
    toast(typeof success === "function" ? success(answer) : success);
    return true;
  } catch (error) {
    toast({
      title: "Error",
      description: errorText(error, "Something went wrong. Please try again."),
      variant: "destructive",
    });
    return false;
  } finally {
    void afterLeagueChange();
  }
}

/** leagueAction with a pending flag for the button that started it. */
export function useLeagueAction() {
  const [pending, setPending] = useState(false);
  const run = async (call: () => Promise<unknown>, success: Parameters<typeof leagueAction>[1]) => {
    setPending(true);
    try {
      return await leagueAction(call, success);
    } finally {
      setPending(false);
    }
  };
  return { pending, run };
}
