import { describe, expect, test } from "bun:test";
import { controlCharacterProblem, MAX_COMBINING_RUN, textProblem } from "../../src/shared/text.ts";

const acute = "\u0301";

describe("textProblem: names and texts others read", () => {
  test.each([
    ["plain", "Sunday Sharps"],
    ["Arabic", "دوري الأصدقاء"],
    ["Hebrew with points", "שָׁלוֹם"],
    ["Hangul syllables", "일요일 리그"],
    ["Devanagari", "क्षत्रिय लीग"],
    ["Vietnamese, decomposed", `Vie\u0323\u0302t Nam`],
    ["accents up to the limit", `e${acute.repeat(MAX_COMBINING_RUN)}`],
    ["an emoji with a variation selector", "I \u2764\uFE0F football"],
    ["a family emoji (joiners between pictographs)", "\u{1F468}\u200D\u{1F469}\u200D\u{1F467} league"],
    ["a joiner after a skin tone", "\u{1F468}\u{1F3FD}\u200D\u{1F4BB} coders"],
    [
      "the flag of England (tags after a black flag)",
      "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} fans",
    ],
    ["a keycap", "1\uFE0F\u20E3 team"],
    ["no text", ""],
    ["only spaces (the caller's required rule says so)", "   "],
  ])("accepts %s", (_, text) => {
    expect(textProblem("name", text)).toBeNull();
  });

  test.each([
    ["NUL", "Sharps\u0000", "name: must not contain control characters such as NUL or line breaks"],
    ["a newline", "Sunday\nSharps", "name: must not contain control characters such as NUL or line breaks"],
    ["a carriage return", "Sunday\rSharps", "name: must not contain control characters such as NUL or line breaks"],
    ["a tab", "Sunday\tSharps", "name: must not contain control characters such as NUL or line breaks"],
    ["escape", "\u001B[31mred", "name: must not contain control characters such as NUL or line breaks"],
    ["DEL", "Sharps\u007F", "name: must not contain control characters such as NUL or line breaks"],
    ["a C1 control", "Sharps\u0085", "name: must not contain control characters such as NUL or line breaks"],
    ["a line separator", "Sunday\u2028Sharps", "name: must not contain control characters such as NUL or line breaks"],
    ["a right-to-left override", "\u202Egnirts", "name: must not contain text-direction control characters"],
    ["an isolate", "Sharps\u2066x\u2069", "name: must not contain text-direction control characters"],
    ["a zero-width space", "Sunday\u200BSharps", "name: must not contain invisible characters (U+200B)"],
    ["a zero-width non-joiner", "Sunday\u200CSharps", "name: must not contain invisible characters (U+200C)"],
    ["a zero-width joiner between letters", "Sun\u200Dday", "name: must not contain invisible characters (U+200D)"],
    [
      "a zero-width joiner after an emoji only",
      "\u{1F3C8}\u200D",
      "name: must not contain invisible characters (U+200D)",
    ],
    ["a word joiner", "Sunday\u2060", "name: must not contain invisible characters (U+2060)"],
    ["a byte-order mark", "\uFEFFSharps", "name: must not contain invisible characters (U+FEFF)"],
    ["a soft hyphen", "Shar\u00ADps", "name: must not contain invisible characters (U+00AD)"],
    ["a Hangul choseong filler", "\u115F", "name: must not contain invisible characters (U+115F)"],
    ["a Hangul jungseong filler", "a\u1160", "name: must not contain invisible characters (U+1160)"],
    ["a Hangul filler", "\u3164\u3164", "name: must not contain invisible characters (U+3164)"],
    ["a halfwidth Hangul filler", "\uFFA0", "name: must not contain invisible characters (U+FFA0)"],
    ["a Mongolian vowel separator", "a\u180Eb", "name: must not contain invisible characters (U+180E)"],
    ["an invisible times", "a\u2062b", "name: must not contain invisible characters (U+2062)"],
    ["a combining grapheme joiner", "a\u034Fb", "name: must not contain invisible characters (U+034F)"],
    ["a variation selector with nothing before it", "\uFE0F", "name: must not contain invisible characters (U+FE0F)"],
    ["a tag outside a flag", "a\u{E0067}", "name: must not contain invisible characters (U+E0067)"],
    ["a lone surrogate", "a\uD800b", "name: must not contain invisible characters (U+D800)"],
    [
      "a stack of combining marks",
      `Z${acute.repeat(MAX_COMBINING_RUN + 1)}algo`,
      `name: must not stack more than ${MAX_COMBINING_RUN} combining marks on one character`,
    ],
    [
      "Zalgo",
      "Z\u0351\u0360\u0322\u0327\u0336\u0338a",
      "name: must not stack more than 4 combining marks on one character",
    ],
    ["only combining marks", acute, "name: must contain visible characters"],
    ["only Braille blanks", "\u2800\u2800", "name: must contain visible characters"],
    ["only ideographic spaces and a Braille blank", "\u3000\u2800", "name: must contain visible characters"],
  ])("refuses %s, naming the field", (_, text, message) => {
    expect(textProblem("name", text)).toBe(message);
  });

  test("a multi-line text keeps its line breaks and tabs, never NUL or other controls", () => {
    expect(textProblem("description", "Line one\nLine two\r\n\tindented", { multiline: true })).toBeNull();
    expect(textProblem("description", "a\u0000b", { multiline: true })).toBe(
      "description: must not contain control characters such as NUL",
    );
    expect(textProblem("description", "a\u2029b", { multiline: true })).toBe(
      "description: must not contain control characters such as NUL",
    );
    expect(textProblem("description", "a\u200Bb", { multiline: true })).toBe(
      "description: must not contain invisible characters (U+200B)",
    );
  });
});

describe("controlCharacterProblem: texts only their author reads", () => {
  test.each([["plain"], ["two\nlines\r\n"], ["\ttab"], ["zero\u200Bwidth is the author's business"], [""]])(
    "accepts %p",
    (text) => {
      expect(controlCharacterProblem("note", text)).toBeNull();
    },
  );
  test.each([["a\u0000"], ["\u001B"], ["\u0085"], ["\u2028"]])("refuses %p", (text) => {
    expect(controlCharacterProblem("note", text)).toBe("note: must not contain control characters such as NUL");
  });
});
