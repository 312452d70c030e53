/**
 * The `code` of error answers (`{ message, code }`, http/errors.ts) that the browser acts on: the
 * server throws with these and the screens compare with them. Other codes exist (see the OpenAPI
 * document); the screens show their message.
 */
export const ErrorCode = {
  /** 409: the game kicked off or completed; the pick leaves the slip. */
  gameLocked: "game_locked",
  /** 409 with `current: { odds, point }`: the pick is repriced and shown again. */
  oddsChanged: "odds_changed",
  /** 409: a bet on this game in this book exists; the slip offers to replace it. */
  betExists: "bet_exists",
  /** 400 on registration, rename and reset: the named field's rule failed (shared/accounts.ts). */
  invalidEmail: "invalid_email",
  invalidUsername: "invalid_username",
  invalidPassword: "invalid_password",
  /** 409: the username looks like an existing one. */
  usernameSimilar: "username_similar",
  /** 400: the password reset link expired or was used. */
  resetLinkInvalid: "reset_link_invalid",
  /** 403: an address confirmation link of another account than the signed-in one (nothing spent). */
  verifyLinkOtherAccount: "verify_link_other_account",
  /** 400 on account deletion: not the account's password. */
  wrongPassword: "wrong_password",
  /** 409 with Retry-After: a request with this Idempotency-Key is still being answered; send it again shortly. */
  idempotencyInProgress: "idempotency_in_progress",
  /** 422: this Idempotency-Key was used with another request (another body, path or method). */
  idempotencyKeyReused: "idempotency_key_reused",
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The code of a field's failed rule on the account forms. */
export const invalidFieldCode = (field: "email" | "username" | "password") =>
  ({ email: ErrorCode.invalidEmail, username: ErrorCode.invalidUsername, password: ErrorCode.invalidPassword })[field];
