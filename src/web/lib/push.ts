/**
 * Web Push in the browser (issue 31 item 4): whether this browser can take pushes, whether it does,
 * turning it on (the permission, the service worker's PushSubscription, the server's copy) and off,
 * and the opt-in the app offers at a moment that makes sense — never the browser's prompt on load.
 */
import { signal } from "@preact/signals-react";
import type { PushDevice, PushDevices, PushPublicKey } from "../../shared/contract/push.ts";
import { apiRequest } from "./api.ts";
import { mayAskForPush, type PushAsked } from "./push-ask.ts";
import { readJson, storageKeys, writeJson } from "./storage.ts";
import { invalidate } from "./swr.ts";

/** This device's state, as Settings words it. */
export type PushState = "on" | "off" | "blocked" | "unsupported" | "checking";

export function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The app's own service worker registration, if the browser has one (never waits for one that is not coming). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration("/")) ?? null;
}

/** This browser's subscription, if push is on here. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/**
 * Where push stands on this device: on, off, blocked by the browser, or not possible here. "On" is
 * the server's word too: a device ends with the session it was turned on in (a sign-out, a password
 * change elsewhere) while the browser keeps its subscription, and whoever signs in next turns push
 * on for themselves (the same subscription, handed over).
 */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  if (Notification.permission !== "granted") return "off";
  const subscription = await currentSubscription();
  if (!subscription) return "off";
  try {
    const { devices } = await apiRequest<PushDevices>("GET", "/api/push/subscriptions");
    return devices.some((d) => d.endpoint === subscription.endpoint) ? "on" : "off";
  } catch {
    return "on"; // the server cannot say just now: the browser's own word
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** "Chrome on Android": enough to tell one's devices apart in Settings. */
export function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "this device";
  return `${browser} on ${system}`;
}

/**
 * Turns push on for this browser: asks the permission (the browser's own prompt, only now that
 * the player asked), subscribes with the server's key and hands the subscription to the server.
 */
export async function turnOnPush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  writeJson(storageKeys.pushAsked, true);
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "off";
  await navigator.serviceWorker.register("/sw.js");
  const ready = await navigator.serviceWorker.ready;
  const { publicKey } = await apiRequest<PushPublicKey>("GET", "/api/push/public-key");
  let subscription = await ready.pushManager.getSubscription();
  if (!subscription) {
    subscription = await ready.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  }
  await apiRequest<PushDevice>("POST", "/api/push/subscriptions", {
    ...subscription.toJSON(),
    device: deviceName(navigator.userAgent),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  await invalidate(["pushDevices", "pushPreferences"]);
  return "on";
}

/** Turns push off here: the browser drops its subscription, the server forgets the device. */
export async function turnOffPush(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    const { devices } = await apiRequest<PushDevices>("GET", "/api/push/subscriptions");
    const mine = devices.find((d) => d.endpoint === subscription.endpoint);
    if (mine) await apiRequest("DELETE", `/api/push/subscriptions/${mine.id}`);
    await subscription.unsubscribe();
  }
  await invalidate(["pushDevices"]);
  return "off";
}

/** Why the app is offering push now: the player's bet went in, or one of their bets settled. */
export type OptInMoment = "bet" | "settlement";

/** The moment the opt-in card is showing for, or null (components/PushOptIn.tsx draws it). */
export const pushOffer = signal<OptInMoment | null>(null);

/**
 * Offers push at a moment that makes sense — at most once a week on this browser (the time it was
 * shown is kept at once, so a reload does not ask again), only where it can work and the player has
 * not answered the browser before. Called after a bet is placed and on a settlement.
 */
export async function offerPush(moment: OptInMoment): Promise<void> {
  if (pushOffer.value !== null || !mayAskForPush(readJson<PushAsked>(storageKeys.pushAsked), Date.now())) return;
  if ((await pushState()) !== "off" || Notification.permission === "denied") return;
  writeJson(storageKeys.pushAsked, Date.now());
  pushOffer.value = moment;
}

/** "Not now" (or Escape): the card goes, not offered again here for a week (Settings still has it). */
export function declinePushOffer(): void {
  pushOffer.value = null;
}
