/** League webhooks' pure rules (issue 47 item 2): backoff, escaping, each receiver's format, the masked URL. */
import { describe, expect, test } from "bun:test";
import {
  discordBody,
  escapeDiscord,
  escapeSlack,
  isTransient,
  MAX_ATTEMPTS,
  MAX_LINES,
  retryDelayMs,
  slackBody,
  type WebhookMessage,
} from "../../src/modules/webhooks/rules.ts";
import { maskedUrl } from "../../src/shared/webhooks.ts";

describe("retries", () => {
  test("1, 5 and 25 minutes between the four attempts; only timeouts, 408, 429 and 5xx are tried again", () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([60_000, 300_000, 1_500_000]);
    expect(MAX_ATTEMPTS).toBe(4);
    expect([null, 408, 429, 500, 503].map(isTransient)).toEqual([true, true, true, true, true]);
    expect([400, 401, 403, 404, 410, 301].map(isTransient)).toEqual([false, false, false, false, false, false]);
  });
});

describe("formats", () => {
  const message = (lines: number): WebhookMessage => ({
    title: "3 picks revealed in *Sharps*",
    url: "https://bets.example.com/leagues?league=1",
    lines: Array.from({ length: lines }, (_, i) => ({
      text: `player_${i}: Over 45.5 -110 <@everyone> & [x](https://evil.example)`,
      link: { label: "Tail", url: "https://bets.example.com/leagues?league=1" },
    })),
  });

  test("Discord: one embed, player text escaped, no mention parsed, within its limits", () => {
    const body = discordBody(message(2)) as {
      allowed_mentions: unknown;
      embeds: { title: string; description: string }[];
    };
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.embeds[0]!.description.split("\n")[0]).toBe(
      "player\\_0: Over 45.5 \\-110 <@everyone\\> & \\[x\\]\\(https://evil.example\\) — [Tail](https://bets.example.com/leagues?league=1)",
    );
    const long = discordBody({ ...message(1), lines: [{ text: "x".repeat(9000) }] }) as {
      embeds: { description: string }[];
    };
    expect([...long.embeds[0]!.description].length).toBe(4000);
  });

  test("Slack: a header and mrkdwn sections of at most 2,900 characters, < > & escaped", () => {
    const body = slackBody(message(60)) as { blocks: { type: string; text?: { text: string }; elements?: unknown }[] };
    expect(body.blocks[0]!.type).toBe("header");
    const sections = body.blocks.filter((b) => b.type === "section");
    expect(sections.length).toBeGreaterThan(1);
    for (const s of sections) expect(s.text!.text.length).toBeLessThanOrEqual(2900);
    expect(sections[0]!.text!.text.split("\n")[0]).toBe(
      "player_0: Over 45.5 -110 &lt;@everyone&gt; &amp; [x](https://evil.example) — <https://bets.example.com/leagues?league=1|Tail>",
    );
    expect(body.blocks.at(-1)).toEqual({
      type: "context",
      elements: [{ type: "mrkdwn", text: "<https://bets.example.com/leagues?league=1|Open the league>" }],
    });
  });

  test("escapes, and a message names at most MAX_LINES picks", () => {
    expect(escapeSlack("<!here> & <@U1>")).toBe("&lt;!here&gt; &amp; &lt;@U1&gt;");
    expect(escapeDiscord("**a** _b_ `c` ~d~ |e| > f")).toBe("\\*\\*a\\*\\* \\_b\\_ \\`c\\` \\~d\\~ \\|e\\| \\> f");
    expect(MAX_LINES).toBe(20);
  });

  test("a webhook URL shows its origin and the start of its path, never its token", () => {
    expect(maskedUrl("https://discord.com/api/webhooks/123/secret-token")).toBe("https://discord.com/api/webhook…");
    expect(maskedUrl("https://hooks.slack.com/services/T0/B0/XYZ")).toBe("https://hooks.slack.com/services/T0…");
    expect(maskedUrl("https://example.org/in")).toBe("https://example.org/in");
    expect(maskedUrl("nonsense")).toBe("…");
  });
});
