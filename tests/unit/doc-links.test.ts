/**
 * Every relative link in the README, SECURITY.md and docs/ leads somewhere (issue 42 item 5): the
 * file exists, and a `#fragment` names a heading of that file (GitHub's anchors).
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");

function markdownUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return markdownUnder(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

const PAGES = ["README.md", "SECURITY.md", ...markdownUnder("docs")];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, "")
    .replace(/ /g, "-");
}

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(join(ROOT, page), "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

/** Every `[text](target)` outside code, with its target. */
function linksOf(page: string): string[] {
  const text = readFileSync(join(ROOT, page), "utf8")
    .replace(/```[\s\S]*?```/g, "")
    .replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe("documentation links", () => {
  test("the pages are found (a reader that finds nothing would pass everything)", () => {
    expect(PAGES).toContain("docs/architecture.md");
    expect(PAGES.length).toBeGreaterThan(60);
    expect(linksOf("README.md").length).toBeGreaterThan(10);
    expect(anchorOf("Where is…")).toBe("where-is");
    expect(anchorOf("Docker: PostgreSQL and several processes")).toBe("docker-postgresql-and-several-processes");
  });

  test("every relative link resolves to a file, and every fragment to one of its headings", () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const target of linksOf(page)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const [path, fragment] = target.split("#") as [string, string | undefined];
        const file = path === "" ? page : relative(ROOT, resolve(ROOT, dirname(page), decodeURIComponent(path)));
        if (!existsSync(join(ROOT, file))) {
          broken.push(`${page}: ${target} (no ${file})`);
          continue;
        }
        if (fragment && file.endsWith(".md") && !anchorsOf(file).has(fragment))
          broken.push(`${page}: ${target} (no heading #${fragment} in ${file})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
