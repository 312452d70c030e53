import { type Context, t } from "elysia";
import type { Db } from "../runtime/connection.ts";
import { type StoredAnswer, storeAnswer, storedAnswer } from "../runtime/idempotency-keys.ts";
import type { Clock } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { sha256 } from "../lib/ids.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import { pathOf } from "./pipeline.ts";

/**
 * `Idempotency-Key` on the calls that change a player's bets (placing, cancelling), as payment
 * APIs and draft-ietf-httpapi-idempotency-key-header have it: the first answer that changed
 * something is stored with the change (same transaction) and replayed to a retry with the key and
 * the same request for a day; the key with another request is a 422; while the first is still
 * being answered in this process, a retry gets 409 (in another process it waits on the player's
 * lock and is replayed). Refusals are not stored: they changed nothing, so a retry is decided
 * afresh (decision 0066).
 */

/** Printable, URL- and header-safe characters; a UUID, a ULID or base64 fits. The draft's quoted form is accepted too. */
const KEY = "[A-Za-z0-9._:~+/=-]{8,255}";

/** The optional request header, as routes declare it (validated, and listed in the OpenAPI document). */
export const IdempotencyKeyHeader = t.Object({
  "idempotency-key": t.Optional(
    t.String({
      pattern: `^(?:${KEY}|"${KEY}")$`,
      description:
        "A key of your own for this request (a UUID is best): a retry with the same key and request within 24 hours " +
        "answers the first answer again (header Idempotent-Replayed: true) instead of doing it twice; the key with " +
        "another request answers 422. 8–255 characters: letters, digits and . _ : ~ + / = -",
      error: "Idempotency-Key: must be 8 to 255 characters of letters, digits and . _ : ~ + / = - (a UUID fits)",
    }),
  ),
});

/** Writes an answer under the request's key in the transaction that made it. */
export type RecordAnswer<T> = (trx: Db, answer: T) => Promise<void>;

/** The header a replayed answer carries (Stripe's name for it). */
export const REPLAYED_HEADER = "idempotent-replayed";

const inProgress = () =>
  new AppError(
    409,
    ErrorCode.idempotencyInProgress,
    "A request with this Idempotency-Key is still being answered. Send it again in a moment.",
    { "Retry-After": "1" },
  );

/** JSON with its object keys in one order, so two bodies that say the same thing have one form. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** What identifies a request under its key: method, path and body (as validated). */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return sha256(`${method} ${path}\n${body === undefined ? "" : canonicalJson(body)}`);
}

/** The stored answer, replayed with its status; or 422 when the key was first used with another request. */
function replay<T>(stored: StoredAnswer, fingerprint: string, set: Context["set"]): T {
  if (stored.fingerprint !== fingerprint) {
    throw new AppError(
      422,
      ErrorCode.idempotencyKeyReused,
      "Idempotency-Key: this key was used with another request in the last 24 hours; use a new key for each request",
      {},
      { field: "Idempotency-Key" },
    );
  }
  set.status = stored.status;
  set.headers[REPLAYED_HEADER] = "true";
  return JSON.parse(stored.answer) as T;
}

/** Answers keyed requests at most once per player and key (one per app: it knows the requests in flight in this process). */
export class IdempotencyKeys {
  readonly #inFlight = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Runs `act` for a request, passing it the recorder to call in its transaction with the answer
   * (`status` is the answer's status on success), or answers a replay through `set`. Without a
   * key, `act` runs as it is.
   */
  async once<T>(
    call: { userId: number; key: string | undefined; request: Request; body?: unknown; status: number },
    set: Context["set"],
    act: (record?: RecordAnswer<T>) => Promise<T>,
  ): Promise<T> {
    if (call.key === undefined) return act();
    const key = call.key.replace(/^"(.*)"$/, "$1");
    const fingerprint = requestFingerprint(call.request.method, pathOf(call.request.url), call.body);
    const slot = `${call.userId}:${key}`;
    if (this.#inFlight.has(slot)) throw inProgress();
    this.#inFlight.add(slot);
    const now = this.clock.now();
    try {
      // No look-up first: the key's row is the arbiter. A request whose key already holds an answer
      // is refused by the work itself (the bet exists, the bet is gone) or, failing that, by the
      // insert of its answer, which rolls its change back; either way it is answered from the row.
      return await act(async (trx, answer) => {
        const answered = { fingerprint, status: call.status, answer: JSON.stringify(answer) };
        if (!(await storeAnswer(trx, call.userId, key, answered, now))) throw inProgress();
      });
    } catch (error) {
      const first = await storedAnswer(this.db, call.userId, key, this.clock.now()).catch(() => undefined);
      if (first) return replay(first, fingerprint, set);
      throw error;
    } finally {
      this.#inFlight.delete(slot);
    }
  }
}
