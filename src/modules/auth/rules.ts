/**
 * Known devices (decision 0064): a browser that signed in to an account gets a cookie that lets its
 * next sign-ins to that same account go first in the password queue and past the address's
 * budget, whatever a flood from its address (or its office's) is doing. Pure: no I/O.
 *
 * The cookie is `<user id>.<issued at, ms>.<HMAC-SHA256>`, keyed by the account's password hash: no
 * secret of our own to keep or share between processes, nothing stored, and a password change (or
 * a deleted account's unusable hash) ends every device of the account. It says nothing to whoever
 * holds it but the id, and only ever opens the queue's first lane: the password is checked as always.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a browser stays known to an account after it last signed in there. */
export const KNOWN_DEVICE_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Another process's clock may run a little ahead of ours. */
const CLOCK_SLACK_MS = 5 * 60 * 1000;

const mac = (passwordHash: string, body: string) =>
  createHmac("sha256", passwordHash).update(`npt-known-device:${body}`).digest("base64url");

/** The known-device cookie's value for an account, issued at `now`. */
export function knownDeviceToken(account: { id: number; passwordHash: string }, now: Date): string {
  const body = `${account.id}.${now.getTime()}`;
  return `${body}.${mac(account.passwordHash, body)}`;
}

/** Whether `token` was issued to this account, under its current password, within KNOWN_DEVICE_DAYS. */
export function isKnownDevice(token: string, account: { id: number; passwordHash: string }, now: Date): boolean {
  const parts = /^([1-9]\d{0,9})\.(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!parts || Number(parts[1]) !== account.id) return false;
  const age = now.getTime() - Number(parts[2]);
  if (age < -CLOCK_SLACK_MS || age > KNOWN_DEVICE_DAYS * DAY_MS) return false;
  const expected = Buffer.from(mac(account.passwordHash, `${parts[1]}.${parts[2]}`));
  const given = Buffer.from(parts[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
