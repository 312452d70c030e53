import { useCallback } from "react";
import { ApiError, apiRequest, errorText } from "../../lib/api.ts";
import { forgetSession } from "../../lib/session.ts";
import { toast } from "../../lib/toast.ts";

/** Signs out: the server ends the session, then every cached answer is forgotten (spec §4). */
export function useLogout(): () => Promise<void> {
  return useCallback(async () => {
    try {
      await apiRequest("POST", "/api/logout");
    } catch (error) {
      // 401: the session had already ended, so we are signed out anyway.
      if (!(error instanceof ApiError && error.status === 401)) {
        toast({ title: "Logout failed", description: errorText(error, "Please try again."), variant: "destructive" });
        return;
      }
    }
    await forgetSession();
    toast({ title: "Logged out", description: "You've been successfully logged out." });
  }, []);
}
