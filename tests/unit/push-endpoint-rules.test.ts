/**
 * Where the push job may post (issue 40 item 3): every URL spelling and address form the audit
 * used, and their neighbours, judged by the pure rules (src/shared/outbound-targets.ts).
 */
import { describe, expect, test } from "bun:test";
import { addressProblem, hostNameProblem, judgeTarget } from "../../src/shared/outbound-targets.ts";

const problemOf = (endpoint: string, allowLocal = false) => {
  const judged = judgeTarget(endpoint, allowLocal);
  return judged.ok ? null : judged.problem;
};

describe("endpoints", () => {
  test("the browsers' push services pass, with or without the root's trailing dot", () => {
    for (const good of [
      "https://fcm.googleapis.com/fcm/send/abc:APA91b",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QO2P",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
      "https://fcm.googleapis.com./fcm/send/abc",
      "https://fcm.googleapis.com:443/fcm/send/abc",
      "https://FCM.GoogleAPIs.com/fcm/send/abc",
    ])
      expect({ good, problem: problemOf(good) }).toEqual({ good, problem: null });
    const judged = judgeTarget("https://fcm.googleapis.com./fcm/send/abc", false);
    expect(judged.ok && judged.target).toMatchObject({ kind: "public", host: "fcm.googleapis.com" });
  });

  test("the audit's forms and their neighbours are refused, each with a message naming the field", () => {
    for (const bad of [
      // Not https, not 443, not a URL, credentials.
      "http://fcm.googleapis.com/x",
      "ftp://push.example.com/x",
      "wss://push.example.com/x",
      "https://fcm.googleapis.com:8443/x",
      "https://fcm.googleapis.com:80/x",
      "https://user:pass@push.example.com/x",
      "https://:pass@push.example.com/x",
      "nonsense",
      "",
      // This machine, by any spelling.
      "https://localhost/x",
      "https://localhost.:4399/",
      "https://LOCALHOST./x",
      "https://localhost../x",
      "https://ｌｏｃａｌｈｏｓｔ/x",
      "https://%6c%6fcalhost/x",
      "https://push.localhost/x",
      "https://push.localhost./x",
      // Single-label names: every compose service, the machine's own name.
      "https://vm/x",
      "https://db/x",
      "https://caddy/x",
      "https://db./x",
      "https://caddy.:443/x",
      // Internal and special-use suffixes, with and without the trailing dot.
      "https://db.internal/x",
      "https://db.internal./x",
      "https://printer.local./x",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://router.lan/x",
      "https://nas.home.arpa/x",
      "https://host.localdomain/x",
      "https://1.0.0.127.in-addr.arpa/x",
      "https://push.test/x",
      "https://push.example/x",
      "https://push.invalid/x",
      "https://abc.onion/x",
      // Addresses instead of names: loopback, private, reserved — and public ones too.
      "https://127.0.0.1/x",
      "https://10.0.0.8/x",
      "https://172.20.1.1/x",
      "https://192.168.0.2/x",
      "https://169.254.169.254/latest",
      "https://224.0.0.1/x",
      "https://240.0.0.1/x",
      "https://198.18.0.1/x",
      "https://192.0.0.8/x",
      "https://8.8.8.8/x",
      "https://0/x",
      "https://0.0.0.0/x",
      // Odd IPv4 spellings (the URL parser turns them into 127.0.0.1: refused as addresses all the same).
      "https://2130706433/x",
      "https://0x7f000001/x",
      "https://0x7f000001./x",
      "https://0177.0.0.1/x",
      "https://0x7f.1/x",
      "https://127.1/x",
      "https://①②⑦.0.0.1/x",
      // IPv6 literals, mapped and compatible forms, NAT64.
      "https://[::1]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://[::ffff:7f00:1]/x",
      "https://[::127.0.0.1]/x",
      "https://[64:ff9b::7f00:1]/x",
      "https://[fe80::1]/x",
      "https://[fd00::1]/x",
      "https://[2001:4860:4860::8888]/x",
    ]) {
      const problem = problemOf(bad);
      expect({ bad, refused: problem !== null }).toEqual({ bad, refused: true });
      expect({ bad, names: problem?.startsWith("endpoint") }).toEqual({ bad, names: true });
    }
  });

  test("PUSH_LOCAL_ENDPOINTS lets a push service on this machine through, and nothing else", () => {
    expect(judgeTarget("http://127.0.0.1:4001/x", true)).toEqual({ ok: true, target: { kind: "local" } });
    expect(judgeTarget("http://localhost:4001/x", true)).toEqual({ ok: true, target: { kind: "local" } });
    expect(judgeTarget("https://[::1]:4001/x", true)).toEqual({ ok: true, target: { kind: "local" } });
    for (const bad of ["http://10.0.0.8/x", "http://vm:4001/x", "ftp://127.0.0.1/x", "http://db.internal/x"])
      expect({ bad, problem: problemOf(bad, true) === null }).toEqual({ bad, problem: false });
    // Public services still go through the public rules (resolved and checked at each send).
    const judged = judgeTarget("https://fcm.googleapis.com/fcm/send/abc", true);
    expect(judged.ok && judged.target.kind).toBe("public");
  });
});

describe("host names", () => {
  test("a name with a dot under a public suffix passes; one trailing dot is the same name", () => {
    for (const name of ["fcm.googleapis.com", "fcm.googleapis.com.", "push.example.com", "example.com", "a.b.co.uk"])
      expect({ name, problem: hostNameProblem(name) }).toEqual({ name, problem: null });
    expect(hostNameProblem("vm")).toContain("single-label");
    expect(hostNameProblem("vm.")).toContain("single-label");
    expect(hostNameProblem("localhost.")).toContain("single-label");
    expect(hostNameProblem("localhost..")).toContain("empty label");
    expect(hostNameProblem(".example.com")).toContain("empty label");
    expect(hostNameProblem("db.internal.")).toBe("a name under .internal");
    expect(hostNameProblem("x.LOCAL")).toBe("a name under .local");
    expect(hostNameProblem("push.example.123")).toContain("number");
    expect(hostNameProblem("push.0x7f")).toContain("number");
  });
});

describe("addresses a push service's name resolves to", () => {
  const refused: Record<string, string[]> = {
    "the unspecified network": ["0.0.0.0", "0.1.2.3"],
    "a private address": ["10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.255", "192.168.1.1"],
    "a carrier-grade NAT address": ["100.64.0.1", "100.127.255.254"],
    "a loopback address": [
      "127.0.0.1",
      "127.255.255.254",
      "::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::7f00:1",
    ],
    "a link-local address": ["169.254.169.254", "169.254.0.1", "fe80::1", "febf::1", "::ffff:169.254.169.254"],
    "an IETF protocol address": ["192.0.0.1", "192.0.0.8", "192.0.0.255"],
    "a documentation address": ["192.0.2.1", "198.51.100.7", "203.0.113.9", "2001:db8::1", "3fff::1"],
    "a deprecated 6to4 relay address": ["192.88.99.1"],
    "a benchmarking address": ["198.18.0.1", "198.19.255.255"],
    "a multicast address": ["224.0.0.1", "239.255.255.250", "ff02::1", "ff05::1:3"],
    "a reserved address": ["240.0.0.1", "255.255.255.255", "4000::1", "1234::1", "e000::1"],
    "the unspecified address": ["::", "0:0:0:0:0:0:0:0"],
    "an IPv4-compatible address (deprecated)": ["::127.0.0.1", "::7f00:1", "::8.8.8.8"],
    "a local-use NAT64 address": ["64:ff9b:1::1"],
    "a discard-only address": ["100::1"],
    "an IETF protocol address (Teredo among them)": ["2001::1", "2001:0:4136:e378::1", "2001:1::1", "2001:2::1"],
    "a 6to4 address": ["2002:7f00:1::1", "2002:c0a8:101::1"],
    "a segment-routing address": ["5f00::1"],
    "a unique local (private) address": ["fc00::1", "fd00:ec2::254", "fdff:ffff::1"],
    "a site-local address (deprecated)": ["fec0::1"],
    "a scoped (link-local) address": ["fe80::1%eth0", "fe80::1%25eth0"],
  };
  for (const [why, addresses] of Object.entries(refused))
    test(`refused: ${why}`, () => {
      for (const address of addresses)
        expect({ address, problem: addressProblem(address) }).toEqual({ address, problem: why });
    });

  test("mapped and NAT64 forms are judged by the IPv4 address inside them", () => {
    expect(addressProblem("::ffff:10.1.2.3")).toBe("a private address");
    expect(addressProblem("::ffff:0a01:0203")).toBe("a private address");
    expect(addressProblem("64:ff9b::192.168.0.1")).toBe("a private address");
    expect(addressProblem("64:ff9b::a9fe:a9fe")).toBe("a link-local address");
    expect(addressProblem("[::ffff:100.64.0.1]")).toBe("a carrier-grade NAT address");
    expect(addressProblem("::ffff:8.8.8.8")).toBeNull();
    expect(addressProblem("64:ff9b::142.250.74.106")).toBeNull();
  });

  test("odd spellings are refused, never guessed at (a resolver answers dotted decimal)", () => {
    for (const odd of ["2130706433", "0x7f000001", "0177.0.0.1", "127.1", "127.000.000.001", "0x7f.0.0.1", "010.0.0.1"])
      expect({ odd, problem: addressProblem(odd) }).toEqual({ odd, problem: "not an IP address" });
    for (const odd of [
      "",
      "localhost",
      "1.2.3.4.5",
      "256.1.1.1",
      "::ffff:1.2.3",
      "1::2::3",
      "g::1",
      "1:2:3:4:5:6:7:8:9",
    ])
      expect({ odd, problem: addressProblem(odd) }).toEqual({ odd, problem: "not an IP address" });
  });

  test("public unicast addresses pass, right next to the refused blocks", () => {
    for (const address of [
      "8.8.8.8",
      "1.1.1.1",
      "142.250.74.106",
      "17.253.144.10",
      "9.255.255.255",
      "11.0.0.0",
      "100.63.255.255",
      "100.128.0.0",
      "126.255.255.255",
      "128.0.0.0",
      "169.253.255.255",
      "169.255.0.0",
      "172.15.255.255",
      "172.32.0.0",
      "192.0.1.0",
      "192.0.3.0",
      "192.167.255.255",
      "192.169.0.0",
      "198.17.255.255",
      "198.20.0.0",
      "223.255.255.255",
      "2001:4860:4860::8888",
      "2606:4700:4700::1111",
      "2a00:1450:4001:80b::200a",
      "2001:200::1",
      "2003::1",
      "3ffe::1",
      "2001:db9::1",
      "[2001:4860:4860::8844]",
    ])
      expect({ address, problem: addressProblem(address) }).toEqual({ address, problem: null });
  });
});
