import { describe, expect, test } from "bun:test";
import { ipv6SiteKey, rateLimitKey } from "../../src/http/client-address.ts";

describe("rateLimitKey", () => {
  test("IPv4 counts per address", () => {
    expect(rateLimitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("203.0.113.8")).not.toBe(rateLimitKey("203.0.113.7"));
  });

  test("IPv4 written as IPv6 is the same IPv4 address", () => {
    expect(rateLimitKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(rateLimitKey("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  test("IPv6 counts per /64, however it is written", () => {
    const key = "2001:db8:0:1::/64";
    for (const address of [
      "2001:db8:0:1::1",
      "2001:db8:0:1:ffff:ffff:ffff:ffff",
      "2001:0DB8:0000:0001:1234:5678:9abc:def0",
      "[2001:db8:0:1::99]",
      "2001:db8:0:1::1%eth0",
      "2001:db8::1:0:0:0:5",
    ]) {
      expect(rateLimitKey(address)).toBe(key);
    }
    expect(rateLimitKey("2001:db8:0:2::1")).toBe("2001:db8:0:2::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
  });

  test("anything else is its own key", () => {
    expect(rateLimitKey("local")).toBe("local");
    expect(rateLimitKey("1:2:3")).toBe("1:2:3");
    expect(rateLimitKey("1::2::3")).toBe("1::2::3");
    expect(rateLimitKey("::ffff:300.1.1.1")).toBe("::ffff:300.1.1.1");
  });
});

describe("ipv6SiteKey", () => {
  test("IPv6 has a wider key per /48 over all its /64s; IPv4 and anything else have none", () => {
    for (const address of ["2001:db8:5:1::1", "2001:db8:5:ffff::2", "[2001:0DB8:0005:0abc::9]", "2001:db8:5::1%eth0"])
      expect(ipv6SiteKey(address)).toBe("2001:db8:5::/48");
    expect(ipv6SiteKey("2001:db8:6:1::1")).toBe("2001:db8:6::/48");
    for (const address of ["203.0.113.7", "::ffff:203.0.113.7", "local", "1:2:3"])
      expect(ipv6SiteKey(address)).toBeNull();
  });
});
