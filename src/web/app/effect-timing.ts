import { options } from "preact";

/**
 * When Preact runs effects (`useEffect`): in a task of its own right after the render's, as React's
 * scheduler does — not after the next animation frame, Preact's default, whose timers a paused
 * clock (Playwright's, in the browser tests) would hold forever, and which lets a second key land
 * before the first one's effects ran.
 */
const channel = new MessageChannel();
let due: (() => void)[] = [];
channel.port1.onmessage = () => {
  const now = due;
  due = [];
  for (const run of now) run();
};
options.requestAnimationFrame = (run) => {
  due.push(run);
  if (due.length === 1) channel.port2.postMessage(null);
};
