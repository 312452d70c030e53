/**
 * Web Push on WebCrypto alone: the payload encrypted per RFC 8291 (aes128gcm content coding,
 * RFC 8188, one record) and the application server identified per RFC 8292 (VAPID, an ES256 JWT).
 * Our own code rather than a package: it is short, and the RFC's vector tests it byte for byte
 * (tests/unit/webpush.test.ts). Keys travel as base64url: a public key is the uncompressed P-256
 * point (65 bytes), a private key its scalar `d` (32 bytes), as `web-push generate-vapid-keys` prints them.
 */

const encoder = new TextEncoder();
const RECORD_SIZE = 4096;
const PUBLIC_KEY_BYTES = 65;
const AUTH_SECRET_BYTES = 16;
/** A VAPID token lives 12 h; RFC 8292 allows at most 24 h. */
const VAPID_TTL_SECONDS = 12 * 60 * 60;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What the browser's PushSubscription hands over: where to post, and the keys to encrypt for. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  return Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString("base64url");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(text, "base64url"));
}

/** Whether `text` is strict base64url (no padding) of exactly `bytes` bytes. */
export function isBase64UrlOf(text: string, bytes: number): boolean {
  return (
    /^[A-Za-z0-9_-]+$/.test(text) && fromBase64Url(text).length === bytes && toBase64Url(fromBase64Url(text)) === text
  );
}

/** A subscription's `p256dh` is an uncompressed P-256 point; `auth` is 16 bytes. */
export function isValidSubscriptionKeys(p256dh: string, auth: string): boolean {
  return (
    isBase64UrlOf(p256dh, PUBLIC_KEY_BYTES) &&
    fromBase64Url(p256dh)[0] === 0x04 &&
    isBase64UrlOf(auth, AUTH_SECRET_BYTES)
  );
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function jwk(publicKey: Uint8Array, privateKey?: Uint8Array): JsonWebKey {
  return {
    kty: "EC",
    crv: "P-256",
    x: toBase64Url(publicKey.subarray(1, 33)),
    y: toBase64Url(publicKey.subarray(33, 65)),
    ...(privateKey ? { d: toBase64Url(privateKey) } : {}),
  };
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

/** A fresh P-256 pair in the shapes VAPID and RFC 8291 use. */
export async function generateKeyPair(): Promise<VapidKeys> {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const raw = await crypto.subtle.exportKey("raw", pair.publicKey);
  const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { publicKey: toBase64Url(raw), privateKey: d as string };
}

/** Whether the pair is a usable P-256 pair (an operator's VAPID keys are checked at start-up). */
export async function isValidKeyPair(keys: VapidKeys): Promise<boolean> {
  if (!isBase64UrlOf(keys.publicKey, PUBLIC_KEY_BYTES) || !isBase64UrlOf(keys.privateKey, 32)) return false;
  try {
    const signer = await vapidSigner(keys);
    const data = encoder.encode("check");
    const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, signer, data);
    const verifier = await crypto.subtle.importKey(
      "raw",
      fromBase64Url(keys.publicKey),
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["verify"],
    );
    return await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, verifier, signature, data);
  } catch {
    return false;
  }
}

export interface EncryptOptions {
  /** Fixed only by tests (the RFC's vector); otherwise random per message. */
  salt?: Uint8Array<ArrayBuffer>;
  sender?: VapidKeys;
}

/** RFC 8291 §3–4: the body of a push message to `target`, readable only by the subscribing browser. */
export async function encryptPayload(
  plaintext: Uint8Array,
  target: Pick<PushTarget, "p256dh" | "auth">,
  options: EncryptOptions = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const uaPublic = fromBase64Url(target.p256dh);
  const authSecret = fromBase64Url(target.auth);
  const sender = options.sender ?? (await generateKeyPair());
  const asPublic = fromBase64Url(sender.publicKey);
  const salt = options.salt ?? crypto.getRandomValues(new Uint8Array(16));

  const asPrivateKey = await crypto.subtle.importKey(
    "jwk",
    jwk(asPublic, fromBase64Url(sender.privateKey)),
    { name: "ECDH", namedCurve: "P-256" },
    false,
    ["deriveBits"],
  );
  const uaPublicKey = await crypto.subtle.importKey("raw", uaPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdhSecret = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: uaPublicKey }, asPrivateKey, 256),
  );

  const keyInfo = concat(encoder.encode("WebPush: info\0"), uaPublic, asPublic);
  const ikm = await hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);

  // One record, so it is the last: its delimiter is 0x02 (RFC 8188 §2).
  const padded = concat(plaintext, new Uint8Array([0x02]));
  if (padded.length + 16 > RECORD_SIZE - 86) throw new Error("push payload too large for one record");
  const aesKey = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt"]);
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, aesKey, padded));

  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  return concat(header, asPublic, ciphertext);
}

/** The reverse of encryptPayload, as a browser does it: for tests and for checking our own messages. */
export async function decryptPayload(
  body: Uint8Array<ArrayBuffer>,
  receiver: VapidKeys & { auth: string },
): Promise<Uint8Array<ArrayBuffer>> {
  const salt = body.slice(0, 16);
  const idLength = body[20] as number;
  const asPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const uaPublic = fromBase64Url(receiver.publicKey);
  const uaPrivateKey = await crypto.subtle.importKey(
    "jwk",
    jwk(uaPublic, fromBase64Url(receiver.privateKey)),
    { name: "ECDH", namedCurve: "P-256" },
    false,
    ["deriveBits"],
  );
  const asPublicKey = await crypto.subtle.importKey("raw", asPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdhSecret = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: asPublicKey }, uaPrivateKey, 256),
  );
  const keyInfo = concat(encoder.encode("WebPush: info\0"), uaPublic, asPublic);
  const ikm = await hkdf(fromBase64Url(receiver.auth), ecdhSecret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const aesKey = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, aesKey, ciphertext));
  const end = padded.lastIndexOf(0x02);
  if (end < 0) throw new Error("no record delimiter");
  return padded.slice(0, end);
}

function vapidSigner(keys: VapidKeys): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    "jwk",
    jwk(fromBase64Url(keys.publicKey), fromBase64Url(keys.privateKey)),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
}

/** RFC 8292 §2–3: the `Authorization: vapid t=…, k=…` header for a push to `endpoint`. */
export async function vapidAuthorization(
  endpoint: string,
  keys: VapidKeys,
  subject: string,
  now: Date,
): Promise<string> {
  const header = toBase64Url(encoder.encode(JSON.stringify({ typ: "JWT", alg: "ES256" })));
  const claims = toBase64Url(
    encoder.encode(
      JSON.stringify({
        aud: new URL(endpoint).origin,
        exp: Math.floor(now.getTime() / 1000) + VAPID_TTL_SECONDS,
        sub: subject,
      }),
    ),
  );
  const signingInput = `${header}.${claims}`;
  // WebCrypto's ECDSA signature is r‖s, which is what JWS's ES256 wants.
  const signature = await crypto.subtle.sign(
    { name: "ECDSA", hash: "SHA-256" },
    await vapidSigner(keys),
    encoder.encode(signingInput),
  );
  return `vapid t=${signingInput}.${toBase64Url(signature)}, k=${keys.publicKey}`;
}

/** Checks a VAPID header as a push service would: the token's signature, audience and expiry; returns its claims. */
export async function verifyVapidAuthorization(
  authorization: string,
  publicKey: string,
  audience: string,
  now: Date,
): Promise<{ aud: string; exp: number; sub: string } | null> {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match || match[4] !== publicKey) return null;
  const [, header, claims, signature] = match as unknown as [string, string, string, string];
  const key = await crypto.subtle.importKey(
    "raw",
    fromBase64Url(publicKey),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const ok = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    fromBase64Url(signature),
    encoder.encode(`${header}.${claims}`),
  );
  if (!ok) return null;
  const parsed = JSON.parse(Buffer.from(claims, "base64url").toString("utf8"));
  if (parsed.aud !== audience || parsed.exp <= now.getTime() / 1000) return null;
  return parsed;
}
