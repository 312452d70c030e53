import type { Encoding } from "../compression.ts";

/** A page kept for signed-out visitors: its HTML and the tag of its bytes. */
export interface CachedPage {
  version: string;
  html: string;
  etag: string;
  /** Its compressed bytes by coding, made by the first visitor who asks for each. */
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
}

/**
 * Rendered pages by key, each kept while its version stands (bounded: the oldest key goes first).
 * Visitors arriving while a version is rendered wait for that one render.
 */
export class PageCache {
  readonly #pages = new Map<string, CachedPage>();
  readonly #rendering = new Map<string, Promise<CachedPage>>();

  constructor(private readonly maxPages: number) {}

  get(key: string, version: string, render: () => Promise<string>): CachedPage | Promise<CachedPage> {
    const held = this.#pages.get(key);
    if (held?.version === version) return held;
    const flight = `${key}\n${version}`;
    const pending = this.#rendering.get(flight);
    if (pending) return pending;
    const rendering = render()
      .then((html) => {
        const page: CachedPage = { version, html, etag: `"${Bun.hash(html).toString(36)}"`, encoded: {} };
        if (this.#pages.size >= this.maxPages && !this.#pages.has(key)) {
          this.#pages.delete(this.#pages.keys().next().value!);
        }
        this.#pages.set(key, page);
        return page;
      })
      .finally(() => this.#rendering.delete(flight));
    this.#rendering.set(flight, rendering);
    return rendering;
  }
}
