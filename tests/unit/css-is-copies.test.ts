import { describe, expect, test } from "bun:test";
import { withoutIsCopies } from "../../src/http/css-is-copies.ts";

/** What Bun's bundler writes for `a:is(.x,.y){color:red}` at its default browser targets. */
const triplet = (selector: string, body: string) =>
  ["-webkit-any", "-moz-any", "is"].map((f) => `${selector.replaceAll(":is(", `:${f}(`)}{${body}}`).join("");

describe("withoutIsCopies: the bundler's prefixed copies of :is() rules", () => {
  test("a copy whose :is() twin follows goes; the twin and every other rule stay", () => {
    const css = `.a{margin:0}${triplet("a:is(.x,.y)", "color:red")}.b{padding:0}`;
    expect(withoutIsCopies(css)).toBe(".a{margin:0}a:is(.x,.y){color:red}.b{padding:0}");
  });

  test("inside @media and @supports, and nested, each block on its own", () => {
    const css = `@media (min-width:768px){${triplet(":is(h1,h2) b", "font-size:2rem")}}@supports (display:grid){@media print{${triplet("p:not(:is(.q))", "top:0")}}}`;
    expect(withoutIsCopies(css)).toBe(
      "@media (min-width:768px){:is(h1,h2) b{font-size:2rem}}@supports (display:grid){@media print{p:not(:is(.q)){top:0}}}",
    );
  });

  test("a copy is kept when its twin differs (other declarations) or sits in another block", () => {
    const otherBody = "a:-webkit-any(.x){color:red}a:is(.x){color:blue}";
    expect(withoutIsCopies(otherBody)).toBe(otherBody);
    const otherBlock = "a:-webkit-any(.x){color:red}@media print{a:is(.x){color:red}}";
    expect(withoutIsCopies(otherBlock)).toBe(otherBlock);
    const noTwin = "[type=file]::-webkit-file-upload-button:-webkit-any(:hover){color:red}";
    expect(withoutIsCopies(noTwin)).toBe(noTwin);
  });

  test("braces and semicolons inside strings, and statements before a rule, do not confuse it", () => {
    const css = `@import url("x.css");${triplet("q:is(.a)", 'content:"}{;"')}i{content:'{'}`;
    expect(withoutIsCopies(css)).toBe(`@import url("x.css");q:is(.a){content:"}{;"}i{content:'{'}`);
  });

  test("selector lists with the copy inside :not() go as a whole rule, like the bundler wrote them", () => {
    const css = triplet("button,input:not(:is([type=checkbox],[type=radio])),select", "width:100%");
    expect(withoutIsCopies(css)).toBe("button,input:not(:is([type=checkbox],[type=radio])),select{width:100%}");
  });

  test("a stylesheet with nothing to drop comes back unchanged", () => {
    const css = ":root{--a:1}@keyframes s{0%{opacity:0}to{opacity:1}}.b:where(.c){d:e}";
    expect(withoutIsCopies(css)).toBe(css);
  });
});
