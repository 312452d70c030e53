/**
 * The image and compose files, read as a reviewer would (no Docker engine on our machines): the
 * healthcheck is the binary's own (no curl), the build stage runs a supported Node without dev
 * dependencies, nothing makes anonymous volumes, compose works from any address by default,
 * every variable the app or compose reads is documented in .env.example and the README, every
 * setting .env.example lists reaches the app through compose, and the supported versions agree.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";

const ROOT = join(import.meta.dir, "../..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

const dockerfile = read("Dockerfile");
const composeText = read("compose.yaml");
type Service = {
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  build?: { args?: Record<string, string> };
  tmpfs?: unknown;
};
const compose = Bun.YAML.parse(composeText) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const envExample = read(".env.example");
const readme = read("README.md");
const configurationPage = read("docs/configuration.md");
const operationsPage = read("docs/operations.md");

/** How compose passes a variable on with an empty default: ${NAME:-}. */
const passedThrough = (name: string) => `\${${name}:-}`;

/** The stage a Dockerfile line belongs to, by the FROM lines before it. */
function stages(): { from: string; lines: string[] }[] {
  const out: { from: string; lines: string[] }[] = [];
  for (const line of dockerfile.replaceAll("\\\n", " ").split("\n")) {
    if (/^FROM /i.test(line)) out.push({ from: line, lines: [] });
    else if (out.length > 0 && line.trim() && !line.trim().startsWith("#")) out.at(-1)!.lines.push(line);
  }
  return out;
}

/** Every environment variable src reads: the config's, and process.env reads elsewhere. */
function variablesTheAppReads(): string[] {
  const names = new Set<string>();
  const config = read("src/config.ts");
  for (const m of config.matchAll(/env\.([A-Z][A-Z0-9_]+)|env, "([A-Z][A-Z0-9_]+)"/g)) names.add((m[1] ?? m[2])!);
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith(".ts"))
        for (const m of read(path).matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)) names.add(m[1]!);
    }
  };
  walk("src");
  return [...names].sort();
}

/** Variables compose.yaml interpolates: ${NAME}, ${NAME:-default}, ${NAME:?message}. */
function variablesComposeReads(): string[] {
  return [...new Set([...composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!))].sort();
}

describe("Dockerfile", () => {
  test("the build stage runs a supported Node (22 or 24 LTS) or Bun's own image, without dev dependencies", () => {
    const [build] = stages();
    expect(build!.from).toMatch(/^FROM (node:(22|24)[-.\w]*|oven\/bun:[\w.-]+) AS build$/);
    const install = build!.lines.find((l) => /\bnpm ci\b/.test(l));
    expect(install).toContain("--omit=dev");
  });

  test("HEALTHCHECK runs the binary's healthcheck; the runtime stage installs no curl or wget", () => {
    const runtime = stages().at(-1)!;
    const healthcheck = runtime.lines.find((l) => l.startsWith("HEALTHCHECK"));
    expect(healthcheck).toMatch(/CMD \["\/usr\/local\/bin\/nfl-paper-trading", "healthcheck"\]$/);
    expect(runtime.lines.join("\n")).not.toMatch(/\b(curl|wget)\b/);
    expect(runtime.lines).toContain("USER app");
  });

  test("BUILD_COMMIT is a build argument the runtime sees; no VOLUME (each container would get an anonymous one)", () => {
    const runtime = stages().at(-1)!;
    expect(runtime.lines).toContain('ARG BUILD_COMMIT=""');
    expect(runtime.lines.join("\n")).toMatch(/BUILD_COMMIT=\$\{BUILD_COMMIT\}/);
    expect(dockerfile).not.toMatch(/^VOLUME/m);
  });
});

describe("compose.yaml", () => {
  const apps = ["app1", "app2"].map((name) => compose.services[name]!);

  test("the app processes check their health with the binary, and pass BUILD_COMMIT to the build", () => {
    for (const app of apps) {
      expect(app.healthcheck!.test).toEqual(["CMD", "/usr/local/bin/nfl-paper-trading", "healthcheck"]);
      expect(app.build!.args!.BUILD_COMMIT).toBe(passedThrough("BUILD_COMMIT"));
    }
  });

  test("works from any address by default: PUBLIC_URL is empty unless set", () => {
    for (const app of apps) expect(app.environment!.PUBLIC_URL).toBe(passedThrough("PUBLIC_URL"));
    expect(envExample).toMatch(/^PUBLIC_URL=$/m);
  });

  test("no anonymous volumes: every volume a service mounts is a named one or a file of ours", () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(":")[0]!;
        const named = source in compose.volumes;
        expect({ service: name, volume, ok: named || source.startsWith("./") }).toEqual({
          service: name,
          volume,
          ok: true,
        });
      }
    }
  });

  test("the empty values compose passes through mean the app's defaults", () => {
    const passed: Record<string, string> = {};
    for (const [name, value] of Object.entries(apps[0]!.environment!))
      if (value === passedThrough(name)) passed[name] = "";
    expect(Object.keys(passed).length).toBeGreaterThan(10);
    expect(loadConfig(passed, { databasePath: ":memory:" })).toEqual(loadConfig({}, { databasePath: ":memory:" }));
  });
});

describe("every variable is documented", () => {
  const listed = (name: string) => new RegExp(`^#? ?${name}=`, "m").test(envExample);

  test("each variable the app reads is in .env.example and in the Configuration page's table", () => {
    const names = variablesTheAppReads();
    expect(names).toContain("DATABASE_URL");
    expect(names).toContain("METRICS_TOKEN");
    const configuration = configurationPage.slice(0, configurationPage.indexOf("## The first admin"));
    const missing = names.filter((name) => !listed(name) || !configuration.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });

  test("each variable compose reads is in .env.example", () => {
    const names = variablesComposeReads();
    expect(names).toContain("POSTGRES_PASSWORD");
    expect(names.filter((name) => !listed(name))).toEqual([]);
  });
});

/** The settings .env.example lists, set or commented out (`NAME=…` or `# NAME=…`). */
function variablesTheExampleLists(): string[] {
  return [...new Set([...envExample.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!))].sort();
}

/** What compose fixes for the app processes (not read from .env) and what the image sets. */
const FIXED_BY_COMPOSE = ["DATABASE_URL", "TRUST_PROXY"];
const SET_BY_THE_IMAGE = ["HOST", "PORT", "DATABASE_PATH", "NODE_ENV"];

describe("every setting .env.example lists reaches the app (issue 42 item 5)", () => {
  const app = compose.services.app1!;
  const passed = app.environment!;

  test("each of the app's settings in the example is passed to the app processes from .env (or fixed by compose, or set by the image)", () => {
    const appReads = new Set(variablesTheAppReads());
    const listedForTheApp = variablesTheExampleLists().filter((name) => appReads.has(name));
    expect(listedForTheApp).toContain("SOCKETS_PER_ADDRESS");
    expect(listedForTheApp).toContain("PUSH_LOCAL_ENDPOINTS");
    const lost = listedForTheApp.filter((name) => {
      if (FIXED_BY_COMPOSE.includes(name)) return !(name in passed);
      if (SET_BY_THE_IMAGE.includes(name)) return !new RegExp(`\\b${name}=`).test(dockerfile);
      // BUILD_COMMIT reaches the app as a build argument the image turns into its environment.
      if (name === "BUILD_COMMIT") return app.build!.args!.BUILD_COMMIT !== passedThrough(name);
      return !passed[name]?.startsWith(`\${${name}:-`);
    });
    expect(lost).toEqual([]);
  });

  test("everything else the example lists is read by compose itself; compose passes the app nothing it does not read", () => {
    const appReads = new Set(variablesTheAppReads());
    const composeReads = new Set(variablesComposeReads());
    expect(variablesTheExampleLists().filter((name) => !appReads.has(name) && !composeReads.has(name))).toEqual([]);
    expect(Object.keys(passed).filter((name) => !appReads.has(name))).toEqual([]);
    // Both app processes get the same settings.
    expect(compose.services.app2!.environment).toEqual(passed);
  });
});

describe("supported versions (issue 42 item 5)", () => {
  const packageJson = JSON.parse(read("package.json")) as {
    engines?: Record<string, string>;
    dependencies: Record<string, string>;
  };

  test("package.json's engines name Node 22 and 24 (LTS) and the Bun the project installs; the image builds on one of them", () => {
    expect(packageJson.engines?.node).toBe("^22.0.0 || ^24.0.0");
    expect(packageJson.engines?.bun).toBe(`>=${packageJson.dependencies.bun!.replace(/^\^/, "")}`);
    const node = stages()[0]!.from.match(/^FROM node:(\d+)/)?.[1];
    expect(["22", "24"]).toContain(node!);
  });

  test("the README and the operations page state the same versions (and no Node before 22)", () => {
    expect(readme).not.toMatch(/Node\.js \(?20\+/);
    expect(readme).toContain("Node.js 22 or 24");
    const versions = operationsPage.slice(operationsPage.indexOf("**Supported versions**"));
    expect(versions).toContain("Node.js 22 or 24");
    expect(versions).toContain(`Bun ${packageJson.dependencies.bun!.replace(/^\^/, "")}`);
  });
});
