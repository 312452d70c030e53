import { t } from "elysia";
import { optionalNullable } from "../../http/schema.ts";
import { EMAIL_MAX, PASSWORD_MAX } from "../../shared/accounts.ts";

// Shapes and sizes only; the rules with the spec's own messages run in the service.
const optionalText = (maxLength: number) => optionalNullable(t.String({ maxLength }));

export const RegisterBody = t.Object(
  {
    email: t.String({ maxLength: EMAIL_MAX }),
    username: t.String({ maxLength: 100 }),
    password: t.String({ maxLength: PASSWORD_MAX }),
    /** Honeypot: people never see it, so a filled one is a bot. */
    website: optionalText(500),
    referralSource: optionalText(200),
    referralMedium: optionalText(200),
    referralCampaign: optionalText(200),
    referrerUrl: optionalText(2000),
  },
  { additionalProperties: false },
);
export type RegisterInput = typeof RegisterBody.static;

export const LoginBody = t.Object(
  { email: t.String({ maxLength: EMAIL_MAX }), password: t.String({ maxLength: PASSWORD_MAX }) },
  { additionalProperties: false },
);
export type LoginInput = typeof LoginBody.static;

export const UsernameBody = t.Object({ username: t.String({ maxLength: 100 }) }, { additionalProperties: false });

export const PasswordChangeBody = t.Object(
  { currentPassword: t.String({ maxLength: PASSWORD_MAX }), newPassword: t.String({ maxLength: PASSWORD_MAX }) },
  { additionalProperties: false },
);
export const ForgotBody = t.Object({ email: t.String({ maxLength: EMAIL_MAX }) }, { additionalProperties: false });
export const ResetBody = t.Object(
  { token: t.String({ minLength: 1, maxLength: 200 }), password: t.String({ maxLength: PASSWORD_MAX }) },
  { additionalProperties: false },
);
export const VerifyBody = t.Object(
  { token: t.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
