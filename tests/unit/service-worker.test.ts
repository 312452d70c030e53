import { expect, test } from "bun:test";
import { serviceWorkerScript } from "../../src/http/service-worker.ts";
import { offlineText } from "../../src/web/lib/offline.ts";

const configOf = (script: Uint8Array) =>
  JSON.parse(/^const BUILD = (.*);$/m.exec(new TextDecoder().decode(script))![1]!) as {
    version: string;
    shell: string[];
  };

test("the worker names its build by the shell's files and caches those only", () => {
  const keys = ["/index.html", "/chunk-a1.js", "/chunk-b2.css", "/icon-192.png", "/manifest.webmanifest", "/sw.js"];
  const config = configOf(serviceWorkerScript(keys));
  expect(config.shell).toEqual(["/chunk-a1.js", "/chunk-b2.css", "/icon-192.png", "/manifest.webmanifest"]);
  expect(configOf(serviceWorkerScript([...keys].reverse())).version).toBe(config.version);
  expect(configOf(serviceWorkerScript(keys.map((k) => k.replace("a1", "a2")))).version).not.toBe(config.version);
});

test("the offline line says when the shown answers were saved", () => {
  expect(offlineText("2026-11-27T14:05:00Z", "UTC")).toBe("Offline — showing what you last saw at 2:05 PM.");
  expect(offlineText("unknown")).toBe("Offline — showing what you last saw.");
});
