/** A cookie the page can read, by name (undefined when absent, and on the server). */
export function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  const prefix = `${name}=`;
  return document.cookie
    .split(/;\s*/)
    .find((cookie) => cookie.startsWith(prefix))
    ?.slice(prefix.length);
}

/** Sets a cookie the page can read (the full Set-Cookie text: name, value and attributes). */
export function writeCookie(text: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the next read needs it written at once; the Cookie Store API is asynchronous and not in every browser
  document.cookie = text;
}
