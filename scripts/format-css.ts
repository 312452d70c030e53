/**
 * Formats the web app's stylesheets in the house style (Biome leaves CSS alone): a rule that fits in
 * 120 columns takes one line (`.a { margin: 0; color: red; }`), a longer one a line per declaration;
 * selector lists are joined on one line; a comment keeps its own line(s), with a blank line before a
 * comment that opens a section. Run: bun scripts/format-css.ts [files…] (default: every .css under src/web).
 * `--check` lists the files that are not formatted and exits non-zero.
 */
import { Glob } from "bun";

const WIDTH = 120;

type Item =
  | { kind: "comment"; text: string }
  | { kind: "statement"; text: string }
  | { kind: "rule"; selector: string; declarations: string[] }
  | { kind: "block"; prelude: string; items: Item[] };

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** Reads until the closing brace of the block we are in (or the end); `at` is advanced past it. */
function parseItems(css: string, state: { at: number }): Item[] {
  const items: Item[] = [];
  let buffer = "";
  while (state.at < css.length) {
    const ch = css[state.at]!;
    if (ch === "/" && css[state.at + 1] === "*") {
      const end = css.indexOf("*/", state.at + 2);
      const text = css.slice(state.at, end + 2);
      state.at = end + 2;
      if (buffer.trim() === "") items.push({ kind: "comment", text });
      else buffer += text;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const end = css.indexOf(ch, state.at + 1);
      buffer += css.slice(state.at, end + 1);
      state.at = end + 1;
      continue;
    }
    if (ch === "}") {
      state.at++;
      return items;
    }
    if (ch === ";" && buffer.trim().startsWith("@")) {
      items.push({ kind: "statement", text: `${squash(buffer)};` });
      buffer = "";
      state.at++;
      continue;
    }
    if (ch === "{") {
      state.at++;
      const prelude = squash(buffer);
      buffer = "";
      // Any other at-rule with a block (@media, @container, @supports, @keyframes, @layer…) holds rules.
      if (prelude.startsWith("@")) {
        items.push({ kind: "block", prelude, items: parseItems(css, state) });
      } else {
        items.push({
          kind: "rule",
          selector: prelude.replace(/\s*,\s*/g, ", "),
          declarations: parseDeclarations(css, state),
        });
      }
      continue;
    }
    buffer += ch;
    state.at++;
  }
  return items;
}

function parseDeclarations(css: string, state: { at: number }): string[] {
  const declarations: string[] = [];
  let buffer = "";
  let depth = 0;
  const flush = () => {
    const text = squash(buffer);
    if (text) declarations.push(text.startsWith("/*") ? text : `${text.replace(/\s*:\s*/, ": ")};`);
    buffer = "";
  };
  while (state.at < css.length) {
    const ch = css[state.at]!;
    if (ch === "/" && css[state.at + 1] === "*") {
      flush();
      const end = css.indexOf("*/", state.at + 2);
      declarations.push(css.slice(state.at, end + 2));
      state.at = end + 2;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const end = css.indexOf(ch, state.at + 1);
      buffer += css.slice(state.at, end + 1);
      state.at = end + 1;
      continue;
    }
    state.at++;
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === ";" && depth === 0) flush();
    else if (ch === "}" && depth === 0) {
      flush();
      return declarations;
    } else buffer += ch;
  }
  return declarations;
}

function print(items: Item[], indent: string, topLevel: boolean): string[] {
  const lines: string[] = [];
  items.forEach((item, index) => {
    if (item.kind === "comment") {
      if (topLevel && index > 0) lines.push("");
      lines.push(...item.text.split("\n").map((line, i) => (i === 0 ? indent + line.trim() : line.trimEnd())));
    } else if (item.kind === "statement") {
      lines.push(indent + item.text);
    } else if (item.kind === "block") {
      if (topLevel && index > 0 && items[index - 1]!.kind !== "comment") lines.push("");
      lines.push(`${indent}${item.prelude} {`, ...print(item.items, `${indent}  `, false), `${indent}}`);
    } else {
      const oneLine = `${indent}${item.selector} { ${item.declarations.join(" ")} }`;
      const hasComment = item.declarations.some((d) => d.startsWith("/*"));
      if (oneLine.length <= WIDTH && !hasComment) lines.push(oneLine);
      else lines.push(`${indent}${item.selector} {`, ...item.declarations.map((d) => `${indent}  ${d}`), `${indent}}`);
    }
  });
  return lines;
}

export function formatCss(css: string): string {
  return `${print(parseItems(css, { at: 0 }), "", true).join("\n")}\n`;
}

/** The CSS with comments and whitespace removed: formatting must never change it. */
const essence = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\s+/g, "");

if (import.meta.main) {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  let files = args.filter((arg) => !arg.startsWith("--"));
  if (files.length === 0) files = [...new Glob("src/web/**/*.css").scanSync(".")].sort();
  let unformatted = 0;
  for (const file of files) {
    const css = await Bun.file(file).text();
    const formatted = formatCss(css);
    if (formatted === css) continue;
    // A construct the formatter does not know (e.g. @font-face, an escaped quote) would be mangled:
    // refuse rather than lose rules.
    if (essence(formatted) !== essence(css)) {
      console.error(`format-css: would change the rules of ${file}, not just their layout; left as it is`);
      process.exitCode = 2;
      continue;
    }
    if (check) {
      console.log(`not formatted: ${file}`);
      unformatted++;
    } else await Bun.write(file, formatted);
  }
  if (unformatted > 0) process.exit(1);
}
