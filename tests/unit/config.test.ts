import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config.ts";

describe("loadConfig", () => {
  test("has working defaults: port 3000, a SQLite file under ./data, the embedded season", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databasePath).toMatch(/\/data\/nfl-paper-trading\.db$/);
    expect(config.oddsProvider).toBe("embedded");
    expect(config.authRateLimit).toBe(200);
    expect(config.socketsPerAddress).toBe(1000);
    expect(config.publicUrl).toBeNull();
    expect(config.trustProxy).toBe(false);
    expect(config.adminEmails).toEqual([]);
  });

  test("reads the environment; flags win over it", () => {
    const config = loadConfig(
      {
        PORT: "8080",
        DATABASE_PATH: "/tmp/x.db",
        ADMIN_EMAILS: " A@x.com, b@y.org. ,",
        PUBLIC_URL: "https://bets.example.com/some/path",
        TRUST_PROXY: "yes",
      },
      { port: 9000 },
    );
    expect(config.port).toBe(9000);
    expect(config.databasePath).toBe("/tmp/x.db");
    expect(config.adminEmails).toEqual(["a@x.com", "b@y.org"]);
    expect(config.publicUrl).toBe("https://bets.example.com");
    expect(config.trustProxy).toBe(true);
  });

  test.each([
    [{ PORT: "http" }, "PORT must be a whole number"],
    [{ PORT: "70000" }, "PORT must be a whole number"],
    [{ AUTH_RATE_LIMIT: "0" }, "AUTH_RATE_LIMIT must be a whole number"],
    [{ PUBLIC_URL: "bets.example.com" }, "PUBLIC_URL must be an http(s) URL"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY must be true or false"],
    [{ ODDS_PROVIDER: "bookie" }, "ODDS_PROVIDER must be one of"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL must be one of"],
    [{ SMTP_URL: "smtp://mail.example.com:25" }, "PUBLIC_URL must be set when SMTP_URL is set"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN must be 16 to 512 visible ASCII characters"],
    [{ METRICS_TOKEN: "a token with spaces in it" }, "METRICS_TOKEN must be 16 to 512 visible ASCII characters"],
    [{ DRAIN_SECONDS: "121" }, "DRAIN_SECONDS must be a whole number from 0 to 120"],
    [{ BUILD_COMMIT: "main" }, "BUILD_COMMIT must be a git commit hash"],
  ])("refuses %o, naming the setting", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  test("SMTP_URL with PUBLIC_URL: mailed links have an origin that is not the request's", () => {
    const config = loadConfig({ SMTP_URL: "smtp://mail.example.com:25", PUBLIC_URL: "https://bets.example.com" });
    expect(config.smtpUrl).toBe("smtp://mail.example.com:25");
    expect(config.publicUrl).toBe("https://bets.example.com");
  });

  test("probes and metrics: no token, no drain and an unknown commit by default; each read when set", () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: null, drainSeconds: 0, buildCommit: null });
    expect(
      loadConfig({ METRICS_TOKEN: "0123456789abcdef0123", DRAIN_SECONDS: "5", BUILD_COMMIT: "ABCDEF1" }),
    ).toMatchObject({ metricsToken: "0123456789abcdef0123", drainSeconds: 5, buildCommit: "abcdef1" });
  });

  test("web push: keys generated unless both halves of one pair are given; a subject and local endpoints when set", () => {
    expect(loadConfig({})).toMatchObject({ vapidKeys: null, vapidSubject: null, pushLocalEndpoints: false });
    // RFC 8291's example application server pair.
    const pair = {
      VAPID_PUBLIC_KEY: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
      VAPID_PRIVATE_KEY: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
    };
    expect(
      loadConfig({ ...pair, VAPID_SUBJECT: "mailto:ops@example.com", PUSH_LOCAL_ENDPOINTS: "true" }),
    ).toMatchObject({
      vapidKeys: { publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY },
      vapidSubject: "mailto:ops@example.com",
      pushLocalEndpoints: true,
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/set together/);
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94" })).toThrow(
      /one P-256 key pair/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: "ops@example.com" })).toThrow(ConfigError);
  });
});
