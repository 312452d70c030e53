/**
 * The house's boundaries, checked (docs/architecture.md "Architecture in brief"). Every import and re-export of
 * every .ts/.tsx file under src/ (and migrations/) is read, relative paths are resolved to files,
 * and each edge is held against the rules below; a failure lists every violation, one a line, as
 * "rule: importer → imported". Type-only imports count too: a boundary is about what a file knows,
 * not only about what ends up in a bundle.
 *
 * The rules:
 * - shared: src/shared imports only src/shared, and of packages only @sinclair/typebox (schemas).
 *   Nothing there may pull in the server (Elysia, Kysely, bun:sqlite, node APIs).
 * - web: src/web imports only src/web and src/shared, and no server package.
 * - contract: src/web imports src/shared/contract only with `import type`: those files build
 *   TypeBox schemas at load, which the browser bundle must not carry.
 * - features: a web feature (src/web/features/A) imports no other feature; what two features
 *   share goes to src/web/lib or src/web/components (the app shell, src/web/app, may import them all).
 * - modules: a module (src/modules/X) reaches another one Y only through Y/service.ts,
 *   Y/plugin.ts (an Elysia plugin other modules' routes mount: today auth's session macro) or
 *   Y/policy.ts (its access rules, pure: e.g. who is an admin). Its repo, tables, rules and model
 *   are its own. Pure code two modules share lives in src/shared.
 * - repo: no repo.ts imports a service.ts (its own or another's): repos are queries, services
 *   call them, never the other way round.
 * - http: within a module only the route layer (index.ts, model.ts, plugin.ts) imports src/http;
 *   services, repos and the rest know nothing of HTTP.
 * - lib/db: src/lib and src/db import no module, no src/http, src/cli or src/web — except that
 *   db/schema.ts assembles the `Database` type from each module's table.ts (type-only).
 * - migrations: migrations/ never import from src/ (they are frozen in time).
 * - runtime: a module reaches the machinery (src/runtime) only through its public face,
 *   src/runtime/index.ts: never an engine, the connection, the dispatcher or the wiring itself.
 * - one-way: some modules read others that may not read them back: leagues reads betting, and
 *   betting reaches leagues only through its port (betting/leagues-port.ts, connected by
 *   src/wiring.ts), never an import — no circle of imports between the two; likewise leagues reaches
 *   pools through pools/service.ts and pools imports nothing of leagues.
 * - driver: only src/runtime loads a database driver (`pg`, `bun:sqlite`); what differs between
 *   the engines lives there (src/runtime/engine-*.ts), and modules never ask which one runs
 *   (no `isPostgres`, `engineOf` or `.engine` in src/modules: checked on the text).
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");

/**
 * Edges that break a rule and are right anyway. Keep it small: each entry says why, and an entry
 * that no longer matches an import fails the test (so the list cannot rot).
 */
const ALLOWED: { from: string; to: string; why: string }[] = [
  {
    from: "src/modules/games/reads.ts",
    to: "src/http/cached-read.ts",
    why: "games' cached answers (GET /api/games, /api/weeks/current) are HTTP bytes with ETags, built for its routes and the fast reads",
  },
  {
    from: "src/modules/stats/reads.ts",
    to: "src/http/cached-read.ts",
    why: "the boards' cached answers (GET /api/leaderboard…) are HTTP bytes with ETags, built for its routes and the server's first screens",
  },
];

interface Edge {
  from: string;
  /** A repo path for files, the package name for packages. */
  to: string;
  kind: "file" | "package";
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** import … from "x", import "x", export … from "x" (statements start a line), and import("x"). */
const STATIC = /^(import|export)\s+(type\s+)?(?:[^;'"`]*?\s+from\s+)?["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

function resolveFile(from: string, specifier: string): string | null {
  const base = resolve(ROOT, dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(ROOT, candidate);
  }
  return null;
}

function edgesOf(file: string): Edge[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const found: { specifier: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(STATIC)) found.push({ specifier: m[3]!, typeOnly: m[2] !== undefined });
  for (const m of text.matchAll(DYNAMIC)) found.push({ specifier: m[1]!, typeOnly: false });
  return found.map(({ specifier, typeOnly }) => {
    if (!specifier.startsWith(".")) return { from: file, to: packageName(specifier), kind: "package", typeOnly };
    const to = resolveFile(file, specifier);
    if (to === null) throw new Error(`${file}: cannot resolve "${specifier}"`);
    return { from: file, to, kind: "file", typeOnly };
  });
}

const under = (path: string, dir: string) => path.startsWith(`${dir}/`);
/** src/modules/<name>/… → name. */
const moduleOf = (path: string) => (under(path, "src/modules") ? path.split("/")[2]! : null);
/** src/web/features/<name>/… → name. */
const featureOf = (path: string) => (under(path, "src/web/features") ? path.split("/")[3]! : null);
const fileName = (path: string) => path.split("/").at(-1)!;

/** Packages that only the server may load. */
const SERVER_PACKAGE = /^(bun:|node:|elysia$|@elysiajs\/|kysely$|pino$|prom-client$|nodemailer$|commander$)/;
const SHARED_PACKAGES = new Set(["@sinclair/typebox"]);
const ROUTE_LAYER = new Set(["index.ts", "model.ts", "plugin.ts"]);
const PUBLIC_FACES = new Set(["service.ts", "plugin.ts", "policy.ts"]);
const DRIVERS = new Set(["pg", "bun:sqlite"]);
const RUNTIME_FACE = "src/runtime/index.ts";
/** Module X may never import module Y (Y reads X; X reaches Y through a port). */
const ONE_WAY: [string, string][] = [
  ["betting", "leagues"],
  // Leagues hand pools the pool and its members (decision 0072); pools never read leagues back.
  ["pools", "leagues"],
];

/** The rules an edge breaks (by name); none when it is fine. */
function broken(edge: Edge): string[] {
  const { from, to, kind, typeOnly } = edge;
  const rules: string[] = [];
  if (under(from, "migrations")) {
    if (kind === "file" && under(to, "src")) rules.push("migrations");
    return rules;
  }
  if (under(from, "src/shared")) {
    if (kind === "file" ? !under(to, "src/shared") : !SHARED_PACKAGES.has(to)) rules.push("shared");
  }
  if (under(from, "src/web")) {
    if (kind === "file" ? !under(to, "src/web") && !under(to, "src/shared") : SERVER_PACKAGE.test(to))
      rules.push("web");
    if (kind === "file" && under(to, "src/shared/contract") && !typeOnly) rules.push("contract");
    const [a, b] = [featureOf(from), featureOf(to)];
    if (kind === "file" && a !== null && b !== null && a !== b) rules.push("features");
  }
  if (kind === "package" && DRIVERS.has(to) && under(from, "src") && !under(from, "src/runtime")) rules.push("driver");
  if (kind !== "file") return rules;
  const [x, y] = [moduleOf(from), moduleOf(to)];
  if (x !== null && under(to, "src/runtime") && to !== RUNTIME_FACE) rules.push("runtime");
  if (x !== null && y !== null && x !== y && !PUBLIC_FACES.has(fileName(to))) rules.push("modules");
  if (ONE_WAY.some(([a, b]) => x === a && y === b)) rules.push("one-way");
  if (fileName(from) === "repo.ts" && fileName(to) === "service.ts") rules.push("repo");
  if (x !== null && under(to, "src/http") && !ROUTE_LAYER.has(fileName(from))) rules.push("http");
  if (under(from, "src/lib") || under(from, "src/db")) {
    const tableType = from === "src/db/schema.ts" && fileName(to) === "table.ts" && typeOnly;
    if ((y !== null && !tableType) || ["src/http", "src/cli", "src/web"].some((dir) => under(to, dir)))
      rules.push("lib/db");
  }
  return rules;
}

const edges = [...sourceFiles("src"), ...sourceFiles("migrations")].flatMap(edgesOf);
const isAllowed = (edge: Edge) => ALLOWED.some((a) => a.from === edge.from && a.to === edge.to);

describe("architecture", () => {
  test("the import graph is read (a parser that finds nothing would pass everything)", () => {
    expect(edges.length).toBeGreaterThan(800);
    expect(edges).toContainEqual({
      from: "src/modules/betting/settlement.ts",
      to: "src/modules/stats/service.ts",
      kind: "file",
      typeOnly: false,
    });
    expect(edges).toContainEqual({
      from: "src/web/lib/session.ts",
      to: "src/shared/contract/auth.ts",
      kind: "file",
      typeOnly: true,
    });
  });

  test("every import keeps to the boundaries", () => {
    const violations = edges.flatMap((edge) =>
      isAllowed(edge) ? [] : broken(edge).map((rule) => `${rule}: ${edge.from} → ${edge.to}`),
    );
    expect(violations).toEqual([]);
  });

  test("every allowed exception is still needed", () => {
    const stale = ALLOWED.filter(
      (a) =>
        !edges.some((edge) => isAllowed(edge) && edge.from === a.from && edge.to === a.to && broken(edge).length > 0),
    );
    expect(stale).toEqual([]);
  });

  test("modules never ask which engine runs (the machinery decides: src/runtime)", () => {
    const asking = /\bisPostgres\b|\bengineOf\b|\.engine\b|\bpostgresSettingsOf\b|["']pg["']|bun:sqlite/;
    const offenders = sourceFiles("src/modules").filter((file) => asking.test(readFileSync(join(ROOT, file), "utf8")));
    expect(offenders).toEqual([]);
    expect(asking.test("if (isPostgres(trx)) return;")).toBe(true);
    expect(asking.test("// bun:sqlite blocks while it writes")).toBe(true);
    expect(asking.test("engineOf(db).chunking")).toBe(true);
  });

  test("the rules catch what they are meant to", () => {
    const edge = (from: string, to: string, typeOnly = false, kind: Edge["kind"] = "file"): Edge => ({
      from,
      to,
      kind,
      typeOnly,
    });
    expect(broken(edge("src/modules/stats/repo.ts", "src/modules/betting/table.ts"))).toEqual(["modules"]);
    expect(broken(edge("src/modules/betting/repo.ts", "src/modules/stats/service.ts"))).toEqual(["repo"]);
    expect(broken(edge("src/modules/betting/repo.ts", "src/modules/betting/service.ts"))).toEqual(["repo"]);
    expect(broken(edge("src/modules/leagues/service.ts", "src/modules/stats/service.ts"))).toEqual([]);
    expect(broken(edge("src/modules/betting/placement.ts", "src/modules/leagues/service.ts"))).toEqual(["one-way"]);
    expect(broken(edge("src/modules/pools/sheet.ts", "src/modules/leagues/service.ts"))).toEqual(["one-way"]);
    expect(broken(edge("src/modules/leagues/feed.ts", "src/modules/betting/service.ts"))).toEqual([]);
    expect(broken(edge("src/modules/games/index.ts", "src/modules/auth/plugin.ts", true))).toEqual([]);
    expect(broken(edge("src/modules/users/service.ts", "src/modules/auth/policy.ts"))).toEqual([]);
    expect(broken(edge("src/modules/feeds/service.ts", "src/modules/games/rules.ts"))).toEqual(["modules"]);
    expect(broken(edge("src/web/features/games/api.ts", "src/modules/games/model.ts", true))).toEqual(["web"]);
    expect(broken(edge("src/web/features/games/api.ts", "src/shared/contract/games.ts"))).toEqual(["contract"]);
    expect(broken(edge("src/web/features/games/api.ts", "src/shared/contract/games.ts", true))).toEqual([]);
    expect(broken(edge("src/web/features/games/odds.ts", "src/web/features/bet-slip/state.ts"))).toEqual(["features"]);
    expect(broken(edge("src/web/app/routes.tsx", "src/web/features/games/GamesPage.tsx"))).toEqual([]);
    expect(broken(edge("src/web/lib/api.ts", "elysia", false, "package"))).toEqual(["web"]);
    expect(broken(edge("src/shared/money.ts", "src/lib/errors.ts"))).toEqual(["shared"]);
    expect(broken(edge("src/shared/contract/games.ts", "elysia", false, "package"))).toEqual(["shared"]);
    expect(broken(edge("src/shared/contract/games.ts", "@sinclair/typebox", false, "package"))).toEqual([]);
    expect(broken(edge("src/lib/logger.ts", "src/modules/realtime/service.ts"))).toEqual(["lib/db"]);
    expect(broken(edge("src/modules/betting/placement.ts", "src/runtime/index.ts"))).toEqual([]);
    expect(broken(edge("src/modules/betting/placement.ts", "src/runtime/engine.ts"))).toEqual(["runtime"]);
    expect(broken(edge("src/modules/realtime/repo.ts", "src/runtime/connection.ts", true))).toEqual(["runtime"]);
    expect(broken(edge("src/modules/games/repo.ts", "src/runtime/data-versions.ts"))).toEqual(["runtime"]);
    expect(broken(edge("src/modules/feeds/service.ts", "bun:sqlite", false, "package"))).toEqual(["driver"]);
    expect(broken(edge("src/modules/realtime/service.ts", "pg", false, "package"))).toEqual(["driver"]);
    expect(broken(edge("src/http/rate-limit.ts", "pg", false, "package"))).toEqual(["driver"]);
    expect(broken(edge("src/runtime/engine-postgres.ts", "pg", false, "package"))).toEqual([]);
    expect(broken(edge("src/runtime/reactions.ts", "src/modules/realtime/hub.ts", true))).toEqual([]);
    expect(broken(edge("src/db/schema.ts", "src/modules/games/table.ts", true))).toEqual([]);
    expect(broken(edge("src/db/schema.ts", "src/modules/games/repo.ts", true))).toEqual(["lib/db"]);
    expect(broken(edge("src/modules/betting/listeners.ts", "src/http/metrics.ts", true))).toEqual(["http"]);
    expect(broken(edge("migrations/0004_betting.ts", "src/shared/bets.ts"))).toEqual(["migrations"]);
  });
});
