/** The deadlines feed's iCalendar text (issue 47 item 4): escaping and folding, read back by ical.js. */
import { describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import { escapeText, fold, icsCalendar, icsTime } from "../../src/modules/calendar/rules.ts";

describe("iCalendar text", () => {
  test("TEXT escapes backslashes, semicolons, commas and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
  });

  test("lines fold at 75 octets, never inside a character", () => {
    const folded = fold(`SUMMARY:${"🏈".repeat(40)}`);
    for (const line of folded.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.split("\r\n ").join("")).toBe(`SUMMARY:${"🏈".repeat(40)}`);
    expect(fold("SHORT:x")).toBe("SHORT:x");
  });

  test("a calendar a real parser reads back as written", () => {
    const summary = `Bets lock: KC @ BUF, "Sunday"; week 1 \\ ${"long ".repeat(20)}🏈`;
    const text = icsCalendar(
      "Deadlines",
      [
        {
          uid: "lock-1@x",
          summary,
          description: "line one\nline two",
          at: "2026-09-13T17:00:00.000Z",
          url: "https://x.example/",
        },
      ],
      new Date("2026-09-10T12:00:00Z"),
    );
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.includes("\n") && !/[^\r]\n/.test(text)).toBe(true);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!);
    expect([event.summary, event.description, event.startDate.toJSDate().toISOString()]).toEqual([
      summary,
      "line one\nline two",
      "2026-09-13T17:00:00.000Z",
    ]);
    expect(icsTime("2026-09-13T17:00:00.000Z")).toBe("20260913T170000Z");
  });
});
