import type { Server } from "bun";
import { generateKeyPair, toBase64Url, type VapidKeys } from "../src/modules/push/webpush.ts";

/** A browser's side of a push subscription: the P-256 pair and the secret it made, and its endpoint. */
export interface BrowserDevice extends VapidKeys {
  auth: string;
  endpoint: string;
}

export async function browserDevice(endpoint: string): Promise<BrowserDevice> {
  const keys = await generateKeyPair();
  return { ...keys, auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))), endpoint };
}

/** A push service stand-in on loopback that answers 201 and keeps what reached each path (bodies encrypted). */
export function recordingPushService(): {
  server: Server<unknown>;
  received: { path: string; body: Uint8Array<ArrayBuffer> }[];
} {
  const received: { path: string; body: Uint8Array<ArrayBuffer> }[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      received.push({ path: new URL(request.url).pathname, body: new Uint8Array(await request.arrayBuffer()) });
      return new Response(null, { status: 201 });
    },
  });
  return { server, received };
}
