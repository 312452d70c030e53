import { createECDH } from "node:crypto";
import { resolve } from "node:path";
import { normalizeEmail } from "./shared/accounts.ts";
import { textProblem } from "./shared/text.ts";

/** Everything the app reads from its environment, validated once. `serve` and every CLI command share it. */
export interface Config {
  port: number;
  host: string;
  databasePath: string;
  /** PostgreSQL instead of the SQLite file (DATABASE_URL=postgres://…, or --db postgres://…); null = SQLite. */
  databaseUrl: string | null;
  /** Emails that may be admins once proved, as accounts store them (shared/accounts.ts `normalizeEmail`). */
  adminEmails: string[];
  /** The origin users see behind a reverse proxy, e.g. https://bets.example.com; null on localhost. */
  publicUrl: string | null;
  /** Take the client address from X-Forwarded-For (only behind a proxy you control). */
  trustProxy: boolean;
  /** Login + register requests per minute per client address. */
  authRateLimit: number;
  /** Open live sockets one client address may hold (an office behind one NAT address shares it). */
  socketsPerAddress: number;
  oddsProvider: "embedded" | "espn" | "theoddsapi";
  /** The Odds API's key: needed for `theoddsapi`; with `espn` it buys bookmakers' lines and props. */
  oddsApiKey: string | null;
  espnBaseUrl: string;
  oddsApiBaseUrl: string;
  /** The Odds API bookmaker keys in order of preference (BOOKMAKER first, then DraftKings, FanDuel). */
  bookmakers: string[];
  /** The Odds API credits never spent (ODDS_API_RESERVE); half may go on final scores. */
  oddsApiReserve: number;
  logoUrlTemplate: string;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** SMTP server for password-reset and address-confirmation mail (smtp:// or smtps:// URL; needs PUBLIC_URL); null = no mail, the CLI makes reset links. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Bots a first start (empty database, embedded season) creates with a history; 0 turns it off. */
  demoBots: number;
  /** When set, /metrics answers only `Authorization: Bearer <token>`; null keeps admins and the machine itself. */
  metricsToken: string | null;
  /** Seconds serve keeps answering after SIGTERM with /readyz at 503, so a proxy takes it out of rotation first. */
  drainSeconds: number;
  /** The source commit this build came from (BUILD_COMMIT), for npt_build_info; null = unknown. */
  buildCommit: string | null;
  /** CLOCK_START: serve's clock starts at this instant and runs on (rehearsing a day of the season, tests); null = the real time. */
  clockStart: Date | null;
  /** The operator's VAPID key pair (VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY); null = generated on first start and kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** Who push services may contact about our pushes (VAPID_SUBJECT): a mailto: or https: URL; null = derived (modules/push). */
  vapidSubject: string | null;
  /** PUSH_LOCAL_ENDPOINTS: accept push endpoints on http://127.0.0.1 / localhost (a local push service, tests). */
  pushLocalEndpoints: boolean;
  /** WEBHOOK_LOCAL_TARGETS: accept league webhooks on http://127.0.0.1 / localhost (tests only). */
  webhookLocalTargets: boolean;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function bool(env: Env, name: string): boolean {
  const raw = (env[name] ?? "").toLowerCase();
  if (["", "0", "false", "no", "off"].includes(raw)) return false;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  throw new ConfigError(`${name} must be true or false (got "${env[name]}")`);
}

function origin(env: Env, name: string): string | null {
  const raw = env[name];
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
    return url.origin;
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL such as https://bets.example.com (got "${raw}")`);
  }
}

function baseUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
    return raw.replace(/\/+$/, "");
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL such as ${fallback} (got "${raw}")`);
  }
}

const PROVIDERS = ["embedded", "espn", "theoddsapi"] as const;
const DEFAULT_BOOKMAKERS = ["draftkings", "fanduel"];
const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;

export interface ConfigOverrides {
  port?: number;
  databasePath?: string;
}

/**
 * ADMIN_EMAILS as accounts store addresses. An entry with an invisible or control character (pasted
 * from a document) could never match an account, since sign-up refuses those: say so at start-up.
 */
function adminEmails(raw: string | undefined): string[] {
  const emails = (raw ?? "").split(",").map(normalizeEmail).filter(Boolean);
  const hidden = emails.find((email) => textProblem("email", email) !== null);
  if (hidden !== undefined) {
    throw new ConfigError(
      `ADMIN_EMAILS must be email addresses without invisible or control characters (got ${JSON.stringify(hidden)})`,
    );
  }
  return emails;
}

/** Reads the environment (and CLI flag overrides) into a validated Config; throws ConfigError naming the bad setting. */
export function loadConfig(env: Env = process.env, overrides: ConfigOverrides = {}): Config {
  const provider = env.ODDS_PROVIDER || "embedded";
  if (!PROVIDERS.includes(provider as Config["oddsProvider"])) {
    throw new ConfigError(`ODDS_PROVIDER must be one of ${PROVIDERS.join(", ")} (got "${provider}")`);
  }
  if (provider === "theoddsapi" && !env.ODDS_API_KEY) {
    throw new ConfigError(
      "ODDS_API_KEY is required with ODDS_PROVIDER=theoddsapi (get one at https://the-odds-api.com)",
    );
  }
  const bookmakers = (env.BOOKMAKER ?? "")
    .split(",")
    .map((b) => b.trim().toLowerCase())
    .filter(Boolean);
  if (bookmakers.some((b) => !/^[a-z0-9_]+$/.test(b))) {
    throw new ConfigError(
      `BOOKMAKER must be The Odds API bookmaker keys such as draftkings or fanduel, comma-separated (got "${env.BOOKMAKER}")`,
    );
  }
  const logLevel = env.LOG_LEVEL || "info";
  if (!LOG_LEVELS.includes(logLevel as Config["logLevel"])) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got "${logLevel}")`);
  }
  const publicUrl = origin(env, "PUBLIC_URL");
  // Mailed links must not follow a request's Host header, which anyone can set.
  if (env.SMTP_URL && !publicUrl) {
    throw new ConfigError(
      "PUBLIC_URL must be set when SMTP_URL is set: mailed links are built from it (e.g. PUBLIC_URL=https://bets.example.com)",
    );
  }
  // `--db postgres://…` picks PostgreSQL as DATABASE_URL does; a plain `--db file` picks SQLite over DATABASE_URL.
  const dbFlag = overrides.databasePath;
  const flagIsUrl = dbFlag !== undefined && /^postgres(ql)?:\/\//i.test(dbFlag);
  const databaseUrl = flagIsUrl ? dbFlag : dbFlag !== undefined ? null : env.DATABASE_URL || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\/[^/]/i.test(databaseUrl)) {
    throw new ConfigError(
      "DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/nfl (or unset for SQLite)",
    );
  }
  const databasePath = (flagIsUrl ? undefined : dbFlag) ?? env.DATABASE_PATH ?? "./data/nfl-paper-trading.db";
  return {
    port: overrides.port ?? int(env, "PORT", 3000, 0, 65535),
    host: env.HOST || "0.0.0.0",
    databasePath: databasePath === ":memory:" ? databasePath : resolve(databasePath),
    databaseUrl,
    adminEmails: adminEmails(env.ADMIN_EMAILS),
    publicUrl,
    trustProxy: bool(env, "TRUST_PROXY"),
    authRateLimit: int(env, "AUTH_RATE_LIMIT", 200, 1, 1_000_000),
    socketsPerAddress: int(env, "SOCKETS_PER_ADDRESS", 1000, 1, 1_000_000),
    oddsProvider: provider as Config["oddsProvider"],
    oddsApiKey: env.ODDS_API_KEY || null,
    espnBaseUrl: baseUrl(env, "ESPN_BASE_URL", "https://site.api.espn.com"),
    oddsApiBaseUrl: baseUrl(env, "ODDS_API_BASE_URL", "https://api.the-odds-api.com"),
    bookmakers: [...new Set([...bookmakers, ...DEFAULT_BOOKMAKERS])],
    oddsApiReserve: int(env, "ODDS_API_RESERVE", 25, 0, 1_000_000),
    logoUrlTemplate: env.LOGO_URL_TEMPLATE || "https://a.espncdn.com/i/teamlogos/nfl/500/{abbr}.png",
    bodyLimit: int(env, "BODY_LIMIT", 64 * 1024, 1024, 16 * 1024 * 1024),
    logLevel: logLevel as Config["logLevel"],
    demoBots: int(env, "DEMO_BOTS", 40, 0, 100),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || "NFL Paper Trading <no-reply@localhost>",
    metricsToken: metricsToken(env),
    drainSeconds: int(env, "DRAIN_SECONDS", 0, 0, 120),
    buildCommit: buildCommit(env),
    clockStart: clockStart(env),
    vapidKeys: vapidKeys(env),
    vapidSubject: vapidSubject(env),
    pushLocalEndpoints: bool(env, "PUSH_LOCAL_ENDPOINTS"),
    webhookLocalTargets: bool(env, "WEBHOOK_LOCAL_TARGETS"),
  };
}

function vapidKeys(env: Env): Config["vapidKeys"] {
  const publicKey = env.VAPID_PUBLIC_KEY || "";
  const privateKey = env.VAPID_PRIVATE_KEY || "";
  if (!publicKey && !privateKey) return null;
  if (!/^[A-Za-z0-9_-]{87}$/.test(publicKey) || !/^[A-Za-z0-9_-]{43}$/.test(privateKey)) {
    throw new ConfigError(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together, as base64url (87 and 43 characters, e.g. from `npx web-push generate-vapid-keys`)",
    );
  }
  if (!isKeyPair(publicKey, privateKey)) {
    throw new ConfigError(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be one P-256 key pair (the public key is not the private key's)",
    );
  }
  return { publicKey, privateKey };
}

function isKeyPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, "base64url"));
  } catch {
    return false;
  }
}

function vapidSubject(env: Env): string | null {
  const raw = env.VAPID_SUBJECT;
  if (!raw) return null;
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(raw)) {
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: address or an https:// URL (got "${raw}")`);
  }
  return raw;
}

function clockStart(env: Env): Date | null {
  const raw = env.CLOCK_START;
  if (!raw) return null;
  const at = new Date(raw);
  if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(raw)) {
    throw new ConfigError(`CLOCK_START must be an ISO-8601 instant such as 2026-12-01T15:00:00Z (got "${raw}")`);
  }
  return at;
}

function metricsToken(env: Env): string | null {
  const raw = env.METRICS_TOKEN;
  if (!raw) return null;
  // A bearer token travels in a header: visible ASCII only, and long enough not to be guessed.
  if (!/^[\x21-\x7e]{16,512}$/.test(raw)) {
    throw new ConfigError(
      "METRICS_TOKEN must be 16 to 512 visible ASCII characters, no spaces (e.g. openssl rand -hex 32)",
    );
  }
  return raw;
}

function buildCommit(env: Env): string | null {
  const raw = env.BUILD_COMMIT;
  if (!raw) return null;
  if (!/^[0-9a-f]{7,40}$/i.test(raw)) {
    throw new ConfigError(`BUILD_COMMIT must be a git commit hash, 7 to 40 hex digits (got "${raw}")`);
  }
  return raw.toLowerCase();
}
