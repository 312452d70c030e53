/** A domain error a service throws; the HTTP layer turns it into `{ message, code }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Extra fields for the client, e.g. the current price after "Odds have changed". */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, code = "invalid_input") => new AppError(400, code, message);
export const unauthorized = (message = "Not signed in", code = "unauthorized") => new AppError(401, code, message);
export const forbidden = (message = "Not allowed", code = "forbidden") => new AppError(403, code, message);
export const notFound = (message = "Not found", code = "not_found") => new AppError(404, code, message);
export const conflict = (message: string, code = "conflict", details: Record<string, unknown> = {}) =>
  new AppError(409, code, message, {}, details);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, "rate_limited", `Too many requests. Try again in ${retryAfterSeconds} seconds.`, {
    "Retry-After": String(retryAfterSeconds),
  });
