import { expect, test } from "bun:test";
import {
  decryptPayload,
  encryptPayload,
  fromBase64Url,
  generateKeyPair,
  isValidKeyPair,
  isValidSubscriptionKeys,
  toBase64Url,
  vapidAuthorization,
  verifyVapidAuthorization,
} from "../../src/modules/push/webpush.ts";

// RFC 8291 Appendix A (and §5): every input and the expected message, verbatim.
const RFC8291 = {
  plaintext: "When I grow up, I want to be a watermelon",
  asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  body:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml" +
    "mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT" +
    "pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

test("encrypting the RFC 8291 example gives its message byte for byte", async () => {
  const body = await encryptPayload(
    new TextEncoder().encode(RFC8291.plaintext),
    { p256dh: RFC8291.uaPublic, auth: RFC8291.auth },
    { salt: fromBase64Url(RFC8291.salt), sender: { publicKey: RFC8291.asPublic, privateKey: RFC8291.asPrivate } },
  );
  expect(toBase64Url(body)).toBe(RFC8291.body);
});

test("the RFC's message decrypts with the user agent's private key", async () => {
  const plain = await decryptPayload(fromBase64Url(RFC8291.body), {
    publicKey: RFC8291.uaPublic,
    privateKey: RFC8291.uaPrivate,
    auth: RFC8291.auth,
  });
  expect(text(plain)).toBe(RFC8291.plaintext);
});

test("a round trip: what we send to a fresh subscription decrypts with its private key, and only with it", async () => {
  const device = await generateKeyPair();
  const auth = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  const message = JSON.stringify({ title: "3 bets settled on BUF @ MIA", body: "+2.4U" });
  const body = await encryptPayload(new TextEncoder().encode(message), { p256dh: device.publicKey, auth });
  expect(text(await decryptPayload(body, { ...device, auth }))).toBe(message);
  // A fresh salt and sender key every time.
  const again = await encryptPayload(new TextEncoder().encode(message), { p256dh: device.publicKey, auth });
  expect(toBase64Url(again.slice(0, 16))).not.toBe(toBase64Url(body.slice(0, 16)));
  const other = await generateKeyPair();
  expect(decryptPayload(body, { ...other, auth })).rejects.toThrow();
});

test("a VAPID header verifies with the public key, for the endpoint's origin, until it expires", async () => {
  const keys = await generateKeyPair();
  const now = new Date("2026-11-29T17:00:00Z");
  const header = await vapidAuthorization("https://push.example.com/send/abc", keys, "mailto:ops@example.com", now);
  expect(header).toStartWith("vapid t=");
  const claims = await verifyVapidAuthorization(header, keys.publicKey, "https://push.example.com", now);
  expect(claims).toMatchObject({ aud: "https://push.example.com", sub: "mailto:ops@example.com" });
  expect(claims!.exp - now.getTime() / 1000).toBeLessThanOrEqual(24 * 60 * 60);
  const other = await generateKeyPair();
  expect(await verifyVapidAuthorization(header, other.publicKey, "https://push.example.com", now)).toBeNull();
  expect(await verifyVapidAuthorization(header, keys.publicKey, "https://other.example.com", now)).toBeNull();
  const later = new Date(now.getTime() + 25 * 60 * 60 * 1000);
  expect(await verifyVapidAuthorization(header, keys.publicKey, "https://push.example.com", later)).toBeNull();
});

test("keys are checked for their encoding and length", async () => {
  expect(isValidSubscriptionKeys(RFC8291.uaPublic, RFC8291.auth)).toBe(true);
  expect(isValidSubscriptionKeys(RFC8291.uaPublic.slice(1), RFC8291.auth)).toBe(false);
  expect(isValidSubscriptionKeys(RFC8291.uaPublic, `${RFC8291.auth}==`)).toBe(false);
  expect(isValidSubscriptionKeys(RFC8291.uaPublic, RFC8291.salt.replace("D", "+"))).toBe(false);
  expect(isValidSubscriptionKeys(RFC8291.asPrivate, RFC8291.auth)).toBe(false);
  expect(await isValidKeyPair({ publicKey: RFC8291.asPublic, privateKey: RFC8291.asPrivate })).toBe(true);
  expect(await isValidKeyPair({ publicKey: RFC8291.uaPublic, privateKey: RFC8291.asPrivate })).toBe(false);
  expect(await isValidKeyPair({ publicKey: "nope", privateKey: RFC8291.asPrivate })).toBe(false);
});
