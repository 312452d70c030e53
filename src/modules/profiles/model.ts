import { t } from "elysia";
import { USERNAME_MAX } from "../../shared/accounts.ts";
import { ProfileVisibility } from "../../shared/contract/profiles.ts";

/** Any name up to the longest a username may be; one that cannot exist is simply not found. */
export const PlayerParams = t.Object({
  username: t.String({
    minLength: 1,
    maxLength: USERNAME_MAX,
    error: `username: must be 1–${USERNAME_MAX} characters`,
  }),
});
export const VisibilityBody = t.Object({ visibility: ProfileVisibility }, { additionalProperties: false });
