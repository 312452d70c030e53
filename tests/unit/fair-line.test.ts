/**
 * The password queue's waiting line (lib/fair-line.ts, issue 40 item 6): clients take turns, one
 * party cannot hold every place, a full line makes room for a smaller share, known clients go
 * first, one item each, and sign-ins for addresses without an account go last.
 */
import { describe, expect, test } from "bun:test";
import { FairLine, type Place } from "../../src/lib/fair-line.ts";
import { queuePlace } from "../../src/http/client-address.ts";

const at = (key: string, group = key): Place => ({ group, key });
const drain = <T>(line: FairLine<T>) => {
  const out: T[] = [];
  for (let item = line.next(); item !== undefined; item = line.next()) out.push(item);
  return out;
};

describe("turns", () => {
  test("one client alone is served oldest first", () => {
    const line = new FairLine<string>(10);
    for (const item of ["a1", "a2", "a3"]) expect(line.add(item, at("a"))).toBeNull();
    expect(drain(line)).toEqual(["a1", "a2", "a3"]);
    expect(line.size).toBe(0);
  });

  test("clients take turns: one that sent many first waits its turns, one arriving behind it is next but one", () => {
    const line = new FairLine<string>(10);
    for (const item of ["f1", "f2", "f3", "f4"]) line.add(item, at("flood"));
    line.add("r1", at("real"));
    line.add("s1", at("other"));
    expect(drain(line)).toEqual(["f1", "r1", "s1", "f2", "f3", "f4"]);
  });

  test("a neighbourhood shares one turn between its clients: rotating addresses buys no extra turns", () => {
    const line = new FairLine<string>(20);
    for (let i = 0; i < 6; i++) line.add(`f${i}`, at(`10.0.0.${i}`, "10.0.0.0/24"));
    line.add("real", at("192.0.2.7", "192.0.2.0/24"));
    line.add("neighbour", at("10.0.0.99", "10.0.0.0/24"));
    // f0, then the other neighbourhood's one, then the flood's /24 in turn between its clients.
    expect(drain(line)).toEqual(["f0", "real", "f1", "f2", "f3", "f4", "f5", "neighbour"]);
  });
});

describe("room", () => {
  test("a full line makes room for a newcomer by pushing out the newest item of the largest share", () => {
    const line = new FairLine<string>(4);
    for (const item of ["f1", "f2", "f3", "f4"]) expect(line.add(item, at("flood"))).toBeNull();
    expect(line.add("f5", at("flood"))).toBe("f5");
    expect(line.add("r1", at("real"))).toBe("f4");
    expect(line.add("r2", at("real"))).toBe("f3");
    // Now 2 and 2: taking another place would not be fairer, so the newcomer is refused.
    expect(line.add("r3", at("real"))).toBe("r3");
    expect(line.add("f6", at("flood"))).toBe("f6");
    expect(drain(line)).toEqual(["f1", "r1", "f2", "r2"]);
  });

  test("between equal shares the first come keeps its place", () => {
    const line = new FairLine<string>(3);
    for (const key of ["a", "b", "c"]) line.add(key, at(key));
    expect(line.add("d", at("d"))).toBe("d");
    expect(drain(line)).toEqual(["a", "b", "c"]);
  });

  test("within a neighbourhood holding the most places, a client holding more gives one up", () => {
    const line = new FairLine<string>(4);
    for (const item of ["f1", "f2", "f3"]) line.add(item, at("10.0.0.1", "10.0.0.0/24"));
    line.add("o1", at("192.0.2.1", "192.0.2.0/24"));
    // Its /24 holds 3 of 4 places; its neighbour 10.0.0.1 holds all 3.
    expect(line.add("n1", at("10.0.0.2", "10.0.0.0/24"))).toBe("f3");
    // Now the /24 holds 3 (10.0.0.1: 2, 10.0.0.2: 1): the same client again would not be fairer.
    expect(line.add("n2", at("10.0.0.2", "10.0.0.0/24"))).toBe("n2");
  });

  test("a taken-out item leaves the line (a client that gave up)", () => {
    const line = new FairLine<string>(4);
    line.add("a1", at("a"));
    line.add("b1", at("b"));
    line.add("k1", at("k"), { knownAs: "user:1" });
    expect(line.remove("a1")).toBe(true);
    expect(line.remove("k1")).toBe(true);
    expect(line.remove("zz")).toBe(false);
    expect(line.size).toBe(1);
    expect(drain(line)).toEqual(["b1"]);
  });
});

describe("known clients", () => {
  test("go first, one item each; a second of the same waits in the shared lane", () => {
    const line = new FairLine<string>(10);
    line.add("f1", at("flood"));
    line.add("f2", at("flood"));
    line.add("k1", at("flood"), { knownAs: "user:7" });
    line.add("k2", at("flood"), { knownAs: "user:7" });
    line.add("j1", at("elsewhere"), { knownAs: "user:8" });
    expect(drain(line)).toEqual(["k1", "j1", "f1", "f2", "k2"]);
  });

  test("a known newcomer to a full line takes the newest place of the largest share; a line of known items refuses it", () => {
    const line = new FairLine<string>(3);
    line.add("f1", at("flood"));
    line.add("f2", at("flood"));
    line.add("o1", at("other"));
    expect(line.add("k1", at("flood"), { knownAs: "user:1" })).toBe("f2");
    expect(line.add("k2", at("x"), { knownAs: "user:2" })).toBe("o1");
    expect(line.add("k3", at("y"), { knownAs: "user:3" })).toBe("f1");
    expect(line.add("k4", at("z"), { knownAs: "user:4" })).toBe("k4");
    expect(drain(line)).toEqual(["k1", "k2", "k3"]);
  });
});

describe("the last lane (sign-ins for an address without an account)", () => {
  test("is served only when no one else waits", () => {
    const line = new FairLine<string>(10);
    line.add("x1", at("a"), "last");
    line.add("x2", at("b"), "last");
    line.add("o1", at("c"));
    line.add("k1", at("d"), { knownAs: "user:1" });
    line.add("o2", at("a"));
    expect(drain(line)).toEqual(["k1", "o1", "o2", "x1", "x2"]);
  });

  test("gives its places up to any newcomer of another lane, largest share first, even one item each", () => {
    const line = new FairLine<string>(3);
    for (const key of ["x", "y", "z"]) line.add(key, at(key), "last");
    expect(line.add("o1", at("o"))).toBe("z");
    expect(line.add("k1", at("k"), { knownAs: "user:1" })).toBe("y");
    expect(line.add("o2", at("p"))).toBe("x");
    // No last-lane item left: between equal open shares the first come keeps its place.
    expect(line.add("o3", at("q"))).toBe("o3");
    expect(line.add("x9", at("x"), "last")).toBe("x9");
    expect(drain(line)).toEqual(["k1", "o1", "o2"]);
  });
});

describe("queuePlace: a client and its neighbourhood", () => {
  test.each([
    ["203.0.113.7", "203.0.113.7", "203.0.113.0/24"],
    ["::ffff:203.0.113.7", "203.0.113.7", "203.0.113.0/24"],
    ["2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64", "2001:db8:1::/48"],
    ["local", "local", "local"],
  ])("%s → client %s in %s", (address, key, group) => {
    expect(queuePlace(address)).toEqual({ key, group });
  });
});
