/**
 * Well-known players of each team (plausible 2025 rosters) with per-game baselines. Props are
 * offered on these, and their generated stat lines are drawn around the same baselines.
 */

export type Position = "QB" | "RB" | "WR" | "TE";

export type PropType = "passing_yards" | "passing_touchdowns" | "rushing_yards" | "receptions" | "receiving_yards";

/** The order props are listed in within a team. */
export const PROP_TYPES: readonly PropType[] = [
  "passing_yards",
  "passing_touchdowns",
  "rushing_yards",
  "receptions",
  "receiving_yards",
];

export interface Player {
  name: string;
  team: string;
  position: Position;
  /** Per-game averages in a neutral game. */
  passYards: number;
  passTds: number;
  rushYards: number;
  receptions: number;
  recYards: number;
}

type QbRow = [team: string, name: string, passYards: number, passTds: number, rushYards?: number];
type RbRow = [team: string, name: string, rushYards: number, receptions: number, recYards: number];
type CatcherRow = [team: string, name: string, position: "WR" | "TE", receptions: number, recYards: number];

const QBS: QbRow[] = [
  ["ARI", "Kyler Murray", 225, 1.4, 30],
  ["ATL", "Michael Penix Jr.", 235, 1.3],
  ["BAL", "Lamar Jackson", 225, 1.9, 55],
  ["BUF", "Josh Allen", 235, 1.8, 38],
  ["CAR", "Bryce Young", 205, 1.2],
  ["CHI", "Caleb Williams", 235, 1.5, 22],
  ["CIN", "Joe Burrow", 270, 2.1],
  ["DAL", "Dak Prescott", 265, 1.8],
  ["DEN", "Bo Nix", 225, 1.6, 25],
  ["DET", "Jared Goff", 255, 1.9],
  ["GB", "Jordan Love", 240, 1.7],
  ["HOU", "C.J. Stroud", 235, 1.3],
  ["IND", "Daniel Jones", 240, 1.3, 18],
  ["JAX", "Trevor Lawrence", 230, 1.4],
  ["KC", "Patrick Mahomes", 255, 1.8, 25],
  ["LV", "Geno Smith", 235, 1.2],
  ["LAC", "Justin Herbert", 250, 1.6, 22],
  ["LAR", "Matthew Stafford", 260, 2.0],
  ["MIA", "Tua Tagovailoa", 225, 1.5],
  ["MIN", "J.J. McCarthy", 210, 1.2],
  ["NE", "Drake Maye", 245, 1.6, 28],
  ["NO", "Spencer Rattler", 215, 1.1],
  ["NYG", "Jaxson Dart", 200, 1.2, 30],
  ["NYJ", "Justin Fields", 190, 1.0, 40],
  ["PHI", "Jalen Hurts", 215, 1.4, 35],
  ["PIT", "Aaron Rodgers", 225, 1.6],
  ["SF", "Brock Purdy", 255, 1.7],
  ["SEA", "Sam Darnold", 250, 1.6],
  ["TB", "Baker Mayfield", 245, 1.8],
  ["TEN", "Cam Ward", 205, 1.0],
  ["WSH", "Jayden Daniels", 230, 1.5, 45],
];

const RBS: RbRow[] = [
  ["ARI", "James Conner", 65, 2.5, 18],
  ["ATL", "Bijan Robinson", 85, 3.8, 32],
  ["BAL", "Derrick Henry", 95, 1.2, 10],
  ["BUF", "James Cook", 80, 2.2, 18],
  ["CAR", "Chuba Hubbard", 65, 2.5, 17],
  ["CHI", "D'Andre Swift", 60, 2.8, 22],
  ["CIN", "Chase Brown", 62, 3.8, 28],
  ["CLE", "Quinshon Judkins", 70, 1.8, 12],
  ["DAL", "Javonte Williams", 70, 2.2, 15],
  ["DEN", "J.K. Dobbins", 62, 1.5, 10],
  ["DET", "Jahmyr Gibbs", 82, 4.0, 35],
  ["GB", "Josh Jacobs", 80, 2.2, 17],
  ["HOU", "Nick Chubb", 50, 1.0, 8],
  ["IND", "Jonathan Taylor", 100, 2.2, 18],
  ["JAX", "Travis Etienne Jr.", 70, 2.5, 18],
  ["KC", "Isiah Pacheco", 50, 1.5, 11],
  ["LV", "Ashton Jeanty", 70, 3.2, 25],
  ["LAC", "Omarion Hampton", 65, 2.0, 15],
  ["LAR", "Kyren Williams", 78, 2.0, 16],
  ["MIA", "De'Von Achane", 80, 4.0, 30],
  ["MIN", "Aaron Jones", 60, 2.5, 20],
  ["NE", "TreVeyon Henderson", 55, 2.5, 20],
  ["NO", "Alvin Kamara", 60, 3.5, 25],
  ["NYG", "Cam Skattebo", 62, 2.5, 20],
  ["NYJ", "Breece Hall", 70, 3.0, 22],
  ["PHI", "Saquon Barkley", 85, 2.3, 18],
  ["PIT", "Jaylen Warren", 55, 2.5, 20],
  ["SF", "Christian McCaffrey", 85, 5.0, 45],
  ["SEA", "Kenneth Walker III", 62, 2.0, 15],
  ["TB", "Bucky Irving", 68, 3.0, 24],
  ["TEN", "Tony Pollard", 62, 2.2, 15],
];

const CATCHERS: CatcherRow[] = [
  ["ARI", "Marvin Harrison Jr.", "WR", 4.0, 58],
  ["ARI", "Trey McBride", "TE", 7.0, 72],
  ["ATL", "Drake London", "WR", 6.2, 80],
  ["BAL", "Zay Flowers", "WR", 4.8, 64],
  ["BAL", "Mark Andrews", "TE", 3.2, 36],
  ["BUF", "Khalil Shakir", "WR", 4.8, 52],
  ["BUF", "Dalton Kincaid", "TE", 3.5, 42],
  ["CAR", "Tetairoa McMillan", "WR", 5.0, 66],
  ["CHI", "DJ Moore", "WR", 4.2, 52],
  ["CHI", "Rome Odunze", "WR", 4.0, 58],
  ["CIN", "Ja'Marr Chase", "WR", 7.8, 95],
  ["CIN", "Tee Higgins", "WR", 4.8, 62],
  ["CLE", "Jerry Jeudy", "WR", 3.8, 50],
  ["CLE", "David Njoku", "TE", 3.6, 38],
  ["DAL", "CeeDee Lamb", "WR", 6.0, 85],
  ["DAL", "George Pickens", "WR", 5.2, 80],
  ["DEN", "Courtland Sutton", "WR", 4.8, 62],
  ["DET", "Amon-Ra St. Brown", "WR", 7.0, 82],
  ["DET", "Sam LaPorta", "TE", 3.8, 45],
  ["GB", "Tucker Kraft", "TE", 4.0, 55],
  ["GB", "Romeo Doubs", "WR", 3.5, 45],
  ["HOU", "Nico Collins", "WR", 5.5, 78],
  ["IND", "Michael Pittman Jr.", "WR", 5.0, 56],
  ["JAX", "Brian Thomas Jr.", "WR", 4.5, 60],
  ["KC", "Travis Kelce", "TE", 5.0, 55],
  ["KC", "Rashee Rice", "WR", 6.5, 75],
  ["LV", "Brock Bowers", "TE", 6.0, 68],
  ["LAC", "Ladd McConkey", "WR", 5.0, 62],
  ["LAR", "Puka Nacua", "WR", 8.0, 100],
  ["LAR", "Davante Adams", "WR", 5.0, 65],
  ["MIA", "Jaylen Waddle", "WR", 4.5, 62],
  ["MIA", "Tyreek Hill", "WR", 5.5, 70],
  ["MIN", "Justin Jefferson", "WR", 6.0, 85],
  ["MIN", "Jordan Addison", "WR", 4.0, 55],
  ["NE", "Stefon Diggs", "WR", 5.5, 62],
  ["NE", "Hunter Henry", "TE", 3.8, 44],
  ["NO", "Chris Olave", "WR", 6.0, 70],
  ["NYG", "Malik Nabers", "WR", 6.5, 85],
  ["NYG", "Wan'Dale Robinson", "WR", 5.5, 58],
  ["NYJ", "Garrett Wilson", "WR", 6.0, 72],
  ["PHI", "A.J. Brown", "WR", 5.0, 72],
  ["PHI", "DeVonta Smith", "WR", 4.8, 62],
  ["PIT", "DK Metcalf", "WR", 4.2, 60],
  ["SF", "George Kittle", "TE", 5.0, 65],
  ["SEA", "Jaxon Smith-Njigba", "WR", 7.0, 100],
  ["TB", "Mike Evans", "WR", 4.5, 65],
  ["TB", "Emeka Egbuka", "WR", 5.0, 65],
  ["TEN", "Calvin Ridley", "WR", 3.5, 50],
  ["WSH", "Terry McLaurin", "WR", 5.0, 68],
  ["WSH", "Deebo Samuel", "WR", 4.8, 52],
];

export const PLAYERS: readonly Player[] = [
  ...QBS.map(
    ([team, name, passYards, passTds, rushYards = 0]): Player => ({
      name,
      team,
      position: "QB",
      passYards,
      passTds,
      rushYards,
      receptions: 0,
      recYards: 0,
    }),
  ),
  ...RBS.map(
    ([team, name, rushYards, receptions, recYards]): Player => ({
      name,
      team,
      position: "RB",
      passYards: 0,
      passTds: 0,
      rushYards,
      receptions,
      recYards,
    }),
  ),
  ...CATCHERS.map(
    ([team, name, position, receptions, recYards]): Player => ({
      name,
      team,
      position,
      passYards: 0,
      passTds: 0,
      rushYards: 0,
      receptions,
      recYards,
    }),
  ),
];

const BY_TEAM = new Map<string, Player[]>();
for (const player of PLAYERS) BY_TEAM.set(player.team, [...(BY_TEAM.get(player.team) ?? []), player]);

export function playersOf(team: string): readonly Player[] {
  return BY_TEAM.get(team) ?? [];
}

/** The props a book would hang on this player: the stats that matter for the position. */
export function propTypesFor(player: Player): PropType[] {
  switch (player.position) {
    case "QB":
      return player.rushYards >= 25
        ? ["passing_yards", "passing_touchdowns", "rushing_yards"]
        : ["passing_yards", "passing_touchdowns"];
    case "RB":
      return player.receptions >= 3.5 ? ["rushing_yards", "receptions", "receiving_yards"] : ["rushing_yards"];
    default:
      return player.receptions >= 3.5 ? ["receptions", "receiving_yards"] : ["receiving_yards"];
  }
}

/** "Ja'Marr Chase" → "jamarr-chase", "A.J. Brown" → "aj-brown". */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/['.]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
