/** The 32 NFL teams with ESPN abbreviations, real conferences and divisions, and rating seeds. */

export type Conference = "AFC" | "NFC";
export type Division = "East" | "North" | "South" | "West";

export const CONFERENCES: readonly Conference[] = ["AFC", "NFC"];
export const DIVISIONS: readonly Division[] = ["East", "North", "South", "West"];

export interface Team {
  abbr: string;
  name: string;
  conference: Conference;
  division: Division;
  /** Points better than an average team on a neutral field: a 2025-ish baseline, varied per season. */
  power: number;
  /** Points its games add to (or take from) an average total, offence and defence together. */
  scoring: number;
  /** Hosts in the late Sunday window, never at 1 pm Eastern (Pacific and Mountain time zones). */
  west: boolean;
  /** Plays outdoors somewhere cold: late-season totals come down a little. */
  cold: boolean;
}

type Row = [abbr: string, name: string, power: number, scoring: number, flags?: "west" | "cold"];

const ROWS: Record<Conference, Record<Division, Row[]>> = {
  AFC: {
    East: [
      ["BUF", "Buffalo Bills", 6, 2.5, "cold"],
      ["MIA", "Miami Dolphins", -2, 0.5],
      ["NE", "New England Patriots", 1.5, 0, "cold"],
      ["NYJ", "New York Jets", -4, -1, "cold"],
    ],
    North: [
      ["BAL", "Baltimore Ravens", 5, 2.5, "cold"],
      ["CIN", "Cincinnati Bengals", 1, 3, "cold"],
      ["CLE", "Cleveland Browns", -5, -3, "cold"],
      ["PIT", "Pittsburgh Steelers", 0.5, -1, "cold"],
    ],
    South: [
      ["HOU", "Houston Texans", 2, -2],
      ["IND", "Indianapolis Colts", 1.5, 1],
      ["JAX", "Jacksonville Jaguars", 1, 0],
      ["TEN", "Tennessee Titans", -6, -2],
    ],
    West: [
      ["DEN", "Denver Broncos", 3.5, -1.5, "west"],
      ["KC", "Kansas City Chiefs", 4.5, 0, "cold"],
      ["LV", "Las Vegas Raiders", -3.5, -1, "west"],
      ["LAC", "Los Angeles Chargers", 3, -1, "west"],
    ],
  },
  NFC: {
    East: [
      ["DAL", "Dallas Cowboys", -0.5, 2.5],
      ["NYG", "New York Giants", -3.5, -1, "cold"],
      ["PHI", "Philadelphia Eagles", 5.5, 0, "cold"],
      ["WSH", "Washington Commanders", 1.5, 1.5, "cold"],
    ],
    North: [
      ["CHI", "Chicago Bears", 1, 1, "cold"],
      ["DET", "Detroit Lions", 5.5, 3],
      ["GB", "Green Bay Packers", 4, 0.5, "cold"],
      ["MIN", "Minnesota Vikings", 2, -1],
    ],
    South: [
      ["ATL", "Atlanta Falcons", -1, 0.5],
      ["CAR", "Carolina Panthers", -3, -1.5],
      ["NO", "New Orleans Saints", -5, -1.5],
      ["TB", "Tampa Bay Buccaneers", 2, 1],
    ],
    West: [
      ["ARI", "Arizona Cardinals", -1, 0, "west"],
      ["LAR", "Los Angeles Rams", 5, 0.5, "west"],
      ["SF", "San Francisco 49ers", 3, 1, "west"],
      ["SEA", "Seattle Seahawks", 3.5, -0.5, "west"],
    ],
  },
};

export const TEAMS: readonly Team[] = CONFERENCES.flatMap((conference) =>
  DIVISIONS.flatMap((division) =>
    ROWS[conference][division].map(([abbr, name, power, scoring, flags]) => ({
      abbr,
      name,
      conference,
      division,
      power,
      scoring,
      west: flags === "west",
      cold: flags === "cold",
    })),
  ),
);

const BY_ABBR = new Map(TEAMS.map((team) => [team.abbr, team]));

export function teamByAbbr(abbr: string): Team {
  const team = BY_ABBR.get(abbr);
  if (!team) throw new RangeError(`unknown team ${abbr}`);
  return team;
}

/** The four teams of a division, in a fixed (alphabetical) order. */
export function divisionTeams(conference: Conference, division: Division): Team[] {
  return TEAMS.filter((team) => team.conference === conference && team.division === division);
}

/** Teams that share a stadium, so they are never both home in the same time slot. */
export const SHARED_STADIUMS: readonly (readonly [string, string])[] = [
  ["NYG", "NYJ"],
  ["LAR", "LAC"],
];
