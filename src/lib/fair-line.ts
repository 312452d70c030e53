/**
 * A waiting line shared fairly between clients (what the password queue holds its waiting work
 * in: lib/password-hashing.ts). Pure: no I/O, no timers.
 *
 * - **Lanes.** Known clients (a signed-in player, a browser that signed in to the account before)
 *   wait in a lane served first, one item per known client: a second item of the same one waits
 *   in the open lane like anyone's. Then the open lane; then the last lane (sign-ins for an address
 *   that has no account, the cheapest flood there is), served only when no one else waits.
 * - **Turns.** Within the open and the last lane clients are served in turn, not in arrival order:
 *   one item of each neighbourhood (`Place.group`) in turn, and within a neighbourhood one item of
 *   each client (`Place.key`) in turn, each client's own items oldest first. A client that sends
 *   thirty requests at once waits thirty turns; one arriving behind them waits at most one turn of
 *   each neighbourhood.
 * - **Room.** The line holds at most `capacity` items. When it is full, a newcomer takes the place
 *   of the newest item of the largest share of a lane served after its own; in its own lane, of
 *   the neighbourhood (or, within its own, the client) holding the most places, when that holds at
 *   least two more than the newcomer's would: one party cannot keep the line full and everyone else
 *   out. Between equals the first come keeps its place.
 */

/**
 * Where a request comes from, at two levels: `key` is one client (an IPv4 address, an IPv6 /64),
 * `group` the neighbourhood one party can easily hold many clients of (an IPv4 /24, an IPv6 /48).
 */
export interface Place {
  group: string;
  key: string;
}

/** Which lane an item waits in: a known client's (named), the open lane, or the last one. */
export type Standing = { knownAs: string } | "open" | "last";

/** One lane served in turns: neighbourhood → client → items, oldest first. Map order is the serving order. */
class Turns<T> {
  private readonly groups = new Map<string, Map<string, T[]>>();
  size = 0;

  push(item: T, place: Place): void {
    const clients = this.groups.get(place.group) ?? new Map<string, T[]>();
    this.groups.set(place.group, clients);
    const items = clients.get(place.key) ?? [];
    clients.set(place.key, items);
    items.push(item);
    this.size += 1;
  }

  next(): T | undefined {
    const [group, clients] = this.groups.entries().next().value ?? [];
    if (group === undefined || clients === undefined) return undefined;
    const [key, items] = clients.entries().next().value!;
    const item = items.shift()!;
    // Served: the client goes to the back of its neighbourhood's turn, the neighbourhood to the back of the lane's.
    clients.delete(key);
    if (items.length > 0) clients.set(key, items);
    this.groups.delete(group);
    if (clients.size > 0) this.groups.set(group, clients);
    this.size -= 1;
    return item;
  }

  remove(item: T): boolean {
    for (const [group, clients] of this.groups) {
      for (const [key, items] of clients) {
        const at = items.indexOf(item);
        if (at < 0) continue;
        items.splice(at, 1);
        this.dropIfEmpty({ group, key });
        this.size -= 1;
        return true;
      }
    }
    return false;
  }

  /**
   * The client holding the most places of the neighbourhood holding the most (`within` one, if
   * given; between equals, the one whose turn comes last), or null when the lane is empty.
   */
  largestShare(within?: string): Place | null {
    let group = within ?? null;
    if (group === null) {
      let most = 1;
      for (const candidate of this.groups.keys()) {
        const size = this.groupSize(candidate);
        if (size >= most) [group, most] = [candidate, size];
      }
    }
    if (group === null) return null;
    let key: string | null = null;
    let most = 1;
    for (const [candidate, items] of this.groups.get(group) ?? []) {
      if (items.length >= most) [key, most] = [candidate, items.length];
    }
    return key === null ? null : { group, key };
  }

  /** Whose place a newcomer of this lane at `place` takes when the line is full, or null when it must be refused. */
  placeFor(place: Place): Place | null {
    const own = this.groupSize(place.group);
    let largest: string | null = null;
    let most = own;
    for (const candidate of this.groups.keys()) {
      const size = this.groupSize(candidate);
      if (size > most) [largest, most] = [candidate, size];
    }
    if (largest !== null) return most >= own + 2 ? this.largestShare(largest) : null;
    // Its own neighbourhood holds the most places (or ties): a client of it holding more may give one up.
    const within = this.largestShare(place.group);
    if (within === null || within.key === place.key) return null;
    return this.itemsOf(within).length >= this.itemsOf(place).length + 2 ? within : null;
  }

  takeNewest(place: Place): T {
    const item = this.itemsOf(place).pop()!;
    this.dropIfEmpty(place);
    this.size -= 1;
    return item;
  }

  private itemsOf(place: Place): T[] {
    return this.groups.get(place.group)?.get(place.key) ?? [];
  }

  private groupSize(group: string): number {
    let size = 0;
    for (const items of this.groups.get(group)?.values() ?? []) size += items.length;
    return size;
  }

  private dropIfEmpty(place: Place): void {
    const clients = this.groups.get(place.group);
    if (!clients) return;
    if (clients.get(place.key)?.length === 0) clients.delete(place.key);
    if (clients.size === 0) this.groups.delete(place.group);
  }
}

export class FairLine<T> {
  /** The known lane: one item per known client, in arrival order. */
  private readonly known = new Map<string, T>();
  /** The lanes served in turns, in serving order: the open lane, then the last. */
  private readonly lanes = { open: new Turns<T>(), last: new Turns<T>() };

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.known.size + this.lanes.open.size + this.lanes.last.size;
  }

  /**
   * Puts `item` in line for a client at `place`, in the lane its standing gives it. Returns null
   * when it got in with room to spare, the item it pushed out when it took one's place (the caller
   * refuses that one), or `item` itself when it was refused.
   */
  add(item: T, place: Place, standing: Standing = "open"): T | null {
    const lane = typeof standing === "object" ? (this.known.has(standing.knownAs) ? "open" : "known") : standing;
    let pushedOut: T | null = null;
    if (this.size >= this.capacity) {
      const victim = this.victimFor(lane, place);
      if (victim === null) return item;
      pushedOut = this.lanes[victim.lane].takeNewest(victim.place);
    }
    if (lane === "known") this.known.set((standing as { knownAs: string }).knownAs, item);
    else this.lanes[lane].push(item, place);
    return pushedOut;
  }

  /** The next item to serve (known clients first, then the open lane in turns, then the last), taken out of the line. */
  next(): T | undefined {
    const [knownAs, first] = this.known.entries().next().value ?? [];
    if (knownAs !== undefined) {
      this.known.delete(knownAs);
      return first;
    }
    return this.lanes.open.next() ?? this.lanes.last.next();
  }

  /** Takes `item` out of the line wherever it waits (its client gave up); false when it is not in line. */
  remove(item: T): boolean {
    for (const [knownAs, waiting] of this.known) {
      if (waiting !== item) continue;
      this.known.delete(knownAs);
      return true;
    }
    return this.lanes.open.remove(item) || this.lanes.last.remove(item);
  }

  /** Whose place a newcomer of `lane` takes in a full line: in a lane served after its own, else by its own lane's shares. */
  private victimFor(lane: "known" | "open" | "last", place: Place): { lane: "open" | "last"; place: Place } | null {
    const later = lane === "known" ? (["last", "open"] as const) : lane === "open" ? (["last"] as const) : [];
    for (const candidate of later) {
      const share = this.lanes[candidate].largestShare();
      if (share !== null) return { lane: candidate, place: share };
    }
    if (lane === "known") return null;
    const share = this.lanes[lane].placeFor(place);
    return share === null ? null : { lane, place: share };
  }
}
