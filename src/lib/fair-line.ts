/**
 * A waiting line shared fairly between clients (what the password queue holds its waiting work
 * in: lib/password-hashing.ts). Pure: no I/O, no timers.
 *
 * - **Shares.** Clients are served in turn, not in arrival order: one item of each neighbourhood
 *   (`Place.group`) in turn, and within a neighbourhood one item of each client (`Place.key`) in
 *   turn, each client's own items oldest first. A client that sends thirty requests at once waits
 *   thirty turns; a client arriving behind them waits at most one turn of each neighbourhood.
 * - **Room.** The line holds at most `capacity` items. When it is full, a newcomer takes the place
 *   of the newest item of the neighbourhood (or, within its own, the client) holding the most
 *   places, when that holds at least two more than the newcomer's would: one party cannot keep the
 *   line full and everyone else out. Between equals the first come keeps its place.
 * - **Known clients** (a signed-in player, a browser that signed in to the account before) wait
 *   in a lane served before everyone else, one item per known client: a second item of the same
 *   one waits in the shared lane like anyone's. A known newcomer takes the place of the newest
 *   item of the largest share of the shared lane when the line is full.
 */

/**
 * Where a request comes from, at two levels: `key` is one client (an IPv4 address, an IPv6 /64),
 * `group` the neighbourhood one party can easily hold many clients of (an IPv4 /24, an IPv6 /48).
 */
export interface Place {
  group: string;
  key: string;
}

export class FairLine<T> {
  /** The shared lane: neighbourhood → client → items, oldest first. Map order is the serving order. */
  private readonly shared = new Map<string, Map<string, T[]>>();
  /** The known lane: one item per known client, in arrival order. */
  private readonly known = new Map<string, T>();
  private count = 0;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.count;
  }

  /**
   * Puts `item` in line for a client at `place` (`knownAs` names a known client, else null).
   * Returns null when it got in with room to spare, the item it pushed out when it took one's
   * place (the caller refuses that one), or `item` itself when it was refused.
   */
  add(item: T, place: Place, knownAs: string | null = null): T | null {
    const toKnownLane = knownAs !== null && !this.known.has(knownAs);
    let pushedOut: T | null = null;
    if (this.count >= this.capacity) {
      const victim = toKnownLane ? this.largestShare() : this.placeFor(place);
      if (victim === null) return item;
      pushedOut = this.takeNewest(victim);
    }
    if (toKnownLane) this.known.set(knownAs, item);
    else this.itemsOf(place, true).push(item);
    this.count += 1;
    return pushedOut;
  }

  /** The next item to serve (known clients first, then the shared lane in turn), taken out of the line. */
  next(): T | undefined {
    const [knownAs, first] = this.known.entries().next().value ?? [];
    if (knownAs !== undefined) {
      this.known.delete(knownAs);
      this.count -= 1;
      return first;
    }
    const [group, clients] = this.shared.entries().next().value ?? [];
    if (group === undefined || clients === undefined) return undefined;
    const [key, items] = clients.entries().next().value!;
    const item = items.shift()!;
    // Served: the client goes to the back of its neighbourhood's turn, the neighbourhood to the back of the line's.
    clients.delete(key);
    if (items.length > 0) clients.set(key, items);
    this.shared.delete(group);
    if (clients.size > 0) this.shared.set(group, clients);
    this.count -= 1;
    return item;
  }

  /** Takes `item` out of the line wherever it waits (its client gave up); false when it is not in line. */
  remove(item: T): boolean {
    for (const [knownAs, waiting] of this.known) {
      if (waiting !== item) continue;
      this.known.delete(knownAs);
      this.count -= 1;
      return true;
    }
    for (const [group, clients] of this.shared) {
      for (const [key, items] of clients) {
        const at = items.indexOf(item);
        if (at < 0) continue;
        items.splice(at, 1);
        this.dropIfEmpty({ group, key });
        this.count -= 1;
        return true;
      }
    }
    return false;
  }

  private itemsOf(place: Place, create: boolean): T[] {
    let clients = this.shared.get(place.group);
    if (!clients) {
      if (!create) return [];
      clients = new Map();
      this.shared.set(place.group, clients);
    }
    let items = clients.get(place.key);
    if (!items) {
      if (!create) return [];
      items = [];
      clients.set(place.key, items);
    }
    return items;
  }

  private groupSize(group: string): number {
    let size = 0;
    for (const items of this.shared.get(group)?.values() ?? []) size += items.length;
    return size;
  }

  /**
   * The client holding the most places of the neighbourhood holding the most (between equals, the
   * one whose turn comes last), or null when the shared lane is empty.
   */
  private largestShare(within?: string): Place | null {
    let group = within ?? null;
    if (group === null) {
      let most = 1;
      for (const candidate of this.shared.keys()) {
        const size = this.groupSize(candidate);
        if (size >= most) [group, most] = [candidate, size];
      }
    }
    if (group === null) return null;
    let key: string | null = null;
    let most = 1;
    for (const [candidate, items] of this.shared.get(group) ?? []) {
      if (items.length >= most) [key, most] = [candidate, items.length];
    }
    return key === null ? null : { group, key };
  }

  /** Whose place a shared-lane newcomer at `place` takes in a full line, or null when it must be refused. */
  private placeFor(place: Place): Place | null {
    const own = this.groupSize(place.group);
    let largest: string | null = null;
    let most = own;
    for (const candidate of this.shared.keys()) {
      const size = this.groupSize(candidate);
      if (size > most) [largest, most] = [candidate, size];
    }
    if (largest !== null) return most >= own + 2 ? this.largestShare(largest) : null;
    // Its own neighbourhood holds the most places (or ties): a client of it holding more may give one up.
    const within = this.largestShare(place.group);
    if (within === null || within.key === place.key) return null;
    return this.itemsOf(within, false).length >= this.itemsOf(place, false).length + 2 ? within : null;
  }

  private takeNewest(place: Place): T {
    const item = this.itemsOf(place, false).pop()!;
    this.dropIfEmpty(place);
    this.count -= 1;
    return item;
  }

  private dropIfEmpty(place: Place): void {
    const clients = this.shared.get(place.group);
    if (!clients) return;
    if (clients.get(place.key)?.length === 0) clients.delete(place.key);
    if (clients.size === 0) this.shared.delete(place.group);
  }
}
