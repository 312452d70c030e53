import source from "../web/public/sw.js" with { type: "text" };

export const SERVICE_WORKER_KEY = "/sw.js";

/** Files a return visit needs before it can draw anything: the bundle's scripts and styles, icons, the manifest. */
const isShellFile = (key: string) => /\.(js|css|png|svg|ico|webmanifest)$/.test(key) && key !== SERVICE_WORKER_KEY;

/**
 * The service worker for this build (web/public/sw.js): its version names the build — the bundler
 * hashes every file's name from its content, so any change of code gives a new version, and the
 * browser installs the new worker on its next check.
 */
export function serviceWorkerScript(fileKeys: readonly string[]): Uint8Array<ArrayBuffer> {
  const shell = fileKeys.filter(isShellFile).sort();
  const version = new Bun.CryptoHasher("sha256").update(shell.join("\n")).digest("hex").slice(0, 16);
  return new TextEncoder().encode(`const BUILD = ${JSON.stringify({ version, shell })};\n${source}`);
}
