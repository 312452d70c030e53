/**
 * Seeded randomness for the embedded season. Every draw comes from a generator keyed by a string
 * (season, game id, purpose), so the same inputs always give the same output and one part of the
 * season can change without reshuffling the rest.
 */
import { mulberry32 } from "../../../../lib/random.ts";

/** FNV-1a over the UTF-16 code units, then a murmur3 finaliser so close keys give distant seeds. */
export function hashString(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The element at `index`, which the caller knows exists. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} out of range (length ${items.length})`);
  return item;
}

export class Rng {
  readonly #next: () => number;

  constructor(key: string) {
    this.#next = mulberry32(hashString(key));
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.#next();
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.#next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.#next() < probability;
  }

  /** Normal draw (Box–Muller); 1 − u keeps the logarithm away from 0. */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.#next();
    const v = this.#next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Poisson draw by inversion; fine for the small means of football counting stats. */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    const u = this.#next();
    let k = 0;
    let p = Math.exp(-mean);
    let cumulative = p;
    while (u > cumulative && k < 100) {
      k++;
      p *= mean / k;
      cumulative += p;
    }
    return k;
  }

  /** Successes among `trials` draws of probability `p`. */
  binomial(trials: number, p: number): number {
    let successes = 0;
    for (let i = 0; i < trials; i++) if (this.#next() < p) successes++;
    return successes;
  }

  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(this.#next() * items.length));
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.#next() * (i + 1));
      const a = at(copy, i);
      copy[i] = at(copy, j);
      copy[j] = a;
    }
    return copy;
  }
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26; error below 2e-7), deterministic everywhere. */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** Code-unit order, independent of the locale (localeCompare is not). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
