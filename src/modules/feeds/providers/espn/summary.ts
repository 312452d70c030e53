/**
 * Player figures from ESPN's game summary (`/apis/site/v2/sports/football/nfl/summary?event=ID`),
 * box score section: per team, per category (passing, rushing, receiving, …), `keys` naming the
 * columns of each athlete's `stats`. Columns are found by key, never by position.
 */

import type { PlayerStat } from "../../provider.ts";
import { arr, num, obj, str } from "../json.ts";

/** Which box-score column each of our prop types reads. */
const COLUMNS: readonly { category: string; key: string; propType: string }[] = [
  { category: "passing", key: "passingYards", propType: "passing_yards" },
  { category: "passing", key: "passingTouchdowns", propType: "passing_touchdowns" },
  { category: "rushing", key: "rushingYards", propType: "rushing_yards" },
  { category: "receiving", key: "receptions", propType: "receptions" },
  { category: "receiving", key: "receivingYards", propType: "receiving_yards" },
];

const PROP_TYPES = [...new Set(COLUMNS.map((c) => c.propType))];

interface Line {
  categories: Set<string>;
  values: Map<string, number>;
}

/**
 * Every player in the box score with a figure for each prop type. A player listed anywhere
 * played, so a category he is missing from counts as 0; a figure ESPN garbled is left out (the
 * prop then waits or is void), never guessed. Undefined when the summary has no usable box score
 * (not published yet, or garbled).
 */
export function boxScoreStats(body: unknown): PlayerStat[] | undefined {
  const teams = arr(obj(obj(body)?.boxscore)?.players);
  const lines = new Map<string, Line>();
  let figures = 0;
  for (const team of teams) {
    for (const category of arr(obj(team)?.statistics)) {
      const block = obj(category);
      const name = str(block?.name);
      if (!block || !name) continue;
      const keys = arr(block.keys);
      for (const entry of arr(block.athletes)) {
        const athlete = obj(entry);
        const playerName = str(obj(athlete?.athlete)?.displayName);
        if (!athlete || !playerName) continue;
        const line = lines.get(playerName) ?? { categories: new Set<string>(), values: new Map<string, number>() };
        lines.set(playerName, line);
        line.categories.add(name);
        const stats = arr(athlete.stats);
        for (const column of COLUMNS) {
          if (column.category !== name) continue;
          const at = keys.indexOf(column.key);
          const value = at >= 0 ? num(stats[at]) : undefined;
          if (value === undefined) continue;
          line.values.set(column.propType, value);
          figures += 1;
        }
      }
    }
  }
  if (figures === 0) return undefined;
  const categoryOf = new Map(COLUMNS.map((c) => [c.propType, c.category]));
  return [...lines].flatMap(([playerName, line]) =>
    PROP_TYPES.flatMap((propType) => {
      const value = line.values.get(propType);
      if (value !== undefined) return [{ playerName, propType, value }];
      return line.categories.has(categoryOf.get(propType)!) ? [] : [{ playerName, propType, value: 0 }];
    }),
  );
}
