/**
 * Bun's CSS bundler targets browsers older than Chrome 88 by default (Chrome 80, Safari 14, Firefox
 * 78) and has no option to change that, so it writes every `:is()` rule three times: as
 * `:-webkit-any()`, as `:-moz-any()` and as `:is()`. Every browser the app runs in reads `:is()`
 * (it already needs `<dialog>`, `inert` and `:focus-visible`). The copies made the first screen's
 * stylesheet a quarter bigger (212 of 662 rules: more to parse, and more to match at every style
 * recalculation on a phone), and they are not harmless: Chromium and WebKit still read
 * `:-webkit-any()`, giving it the specificity of one class whatever it holds, so a copy can outrank
 * its own `:is()` rule (oven-sh/bun#42029).
 *
 * `withoutIsCopies` drops each prefixed copy whose `:is()` twin — the same selector and the same
 * declarations, in the same block — is in the stylesheet; anything else is left as it is.
 */

const PREFIXED = /:-(webkit|moz)-any\(/g;

interface Rule {
  /** Where its selector starts and its block ends (exclusive). */
  start: number;
  end: number;
  /** The enclosing at-rule's opening brace, or -1 at the top level. */
  parent: number;
  selector: string;
  body: string;
}

/** Past the string that opens at `i` (a quote), honouring backslash escapes. */
function skipString(css: string, i: number): number {
  const quote = css[i];
  let j = i + 1;
  while (j < css.length && css[j] !== quote) j += css[j] === "\\" ? 2 : 1;
  return j + 1;
}

/** The first `{` or `}` at or after `i`, outside strings (-1 when none). */
function nextBrace(css: string, i: number): number {
  let j = i;
  while (j < css.length) {
    const c = css[j];
    if (c === '"' || c === "'") j = skipString(css, j);
    else if (c === "{" || c === "}") return j;
    else j++;
  }
  return -1;
}

/** The style rules of a stylesheet: blocks that hold declarations, not other blocks. */
function styleRules(css: string): Rule[] {
  const rules: Rule[] = [];
  const parents: number[] = [];
  let segment = 0; // after the last brace: where the next prelude starts
  let i = nextBrace(css, 0);
  while (i !== -1) {
    if (css[i] === "}") {
      parents.pop(); // an at-rule's block ends
      segment = i + 1;
      i = nextBrace(css, i + 1);
      continue;
    }
    const close = nextBrace(css, i + 1);
    if (close === -1) break;
    if (css[close] === "{") {
      parents.push(i); // an at-rule holding rules (@media, @supports, @layer…)
      segment = i + 1;
      i = close;
      continue;
    }
    // A prelude may follow a statement (`@import …;`): the selector is what comes after it.
    const prelude = css.slice(segment, i);
    const start = segment + prelude.lastIndexOf(";") + 1;
    rules.push({
      start,
      end: close + 1,
      parent: parents.at(-1) ?? -1,
      selector: css.slice(start, i).trim(),
      body: css.slice(i + 1, close),
    });
    segment = close + 1;
    i = nextBrace(css, close + 1);
  }
  return rules;
}

const isPrefixed = (selector: string) => selector.search(PREFIXED) !== -1;

export function withoutIsCopies(css: string): string {
  const rules = styleRules(css);
  const key = (parent: number, selector: string, body: string) => `${parent}\u0000${selector}\u0000${body}`;
  const originals = new Set(
    rules.filter((rule) => !isPrefixed(rule.selector)).map((r) => key(r.parent, r.selector, r.body)),
  );
  const dropped = rules.filter(
    (rule) =>
      isPrefixed(rule.selector) && originals.has(key(rule.parent, rule.selector.replace(PREFIXED, ":is("), rule.body)),
  );
  if (dropped.length === 0) return css;
  let out = "";
  let from = 0;
  for (const rule of dropped) {
    out += css.slice(from, rule.start);
    from = rule.end;
  }
  return out + css.slice(from);
}
