import type { Game, OddsMarket, PlayerProp } from "../../../shared/contract/games.ts";
import { selectionKey, type SlipSelection } from "../../lib/bet-slip.ts";
import { formatOdds, formatSpread, pickText } from "../../lib/odds-format.ts";

/** One odds button: what it shows, what it is called, and the pick it adds to the slip. */
export interface OddsChoice {
  key: string;
  pick: SlipSelection;
  /** The line as printed on the button ("PHI -3.5", "O 45.5"); empty for moneylines. */
  line: string;
  price: string;
  /** The feed gave no price for this line: the standard -110 is shown (and bet at). */
  assumed: boolean;
  /**
   * The button's accessible name: its visible text first (so voice control finds it by what it says),
   * then what it picks: "PHI -3.5 -110, Spread: Philadelphia Eagles -3.5".
   */
  label: string;
  /** The name where a narrow card shows "assumed" without "price" (the same as `label` for a quoted price). */
  narrowLabel: string;
}

/** A market's two sides: [away, home] for spreads and moneylines, [over, under] for totals and props. */
export type ChoicePair = [OddsChoice | null, OddsChoice | null];

export interface GameLines {
  spread: ChoicePair;
  total: ChoicePair;
  moneyline: ChoicePair;
}

function choice(
  game: Game,
  pick: Omit<SlipSelection, "gameId" | "gameInfo">,
  line: string,
  market: string,
  assumed = false,
): OddsChoice {
  const full: SlipSelection = {
    gameId: game.id,
    gameInfo: { homeTeam: game.homeTeam, awayTeam: game.awayTeam, commenceTime: game.commenceTime },
    ...pick,
  };
  const price = formatOdds(pick.odds);
  const name = (mark: string) =>
    `${[line, price, assumed ? mark : ""].filter(Boolean).join(" ")}, ${market}: ${pickText(full)}`;
  return {
    key: selectionKey(full),
    pick: full,
    line,
    price,
    assumed,
    label: name("price assumed"),
    narrowLabel: name("assumed"),
  };
}

function market(game: Game, type: OddsMarket["marketType"]) {
  return game.odds.find((m) => m.marketType === type)?.outcomes ?? [];
}

function teamSide(game: Game, type: "spreads" | "h2h", team: string, abbr: string): OddsChoice | null {
  const outcome = market(game, type).find((o) => o.name === team);
  if (!outcome) return null;
  if (type === "h2h") {
    return choice(
      game,
      { betType: "moneyline", selection: team, subject: team, odds: outcome.price, point: null },
      "",
      "Moneyline",
      outcome.assumed,
    );
  }
  if (outcome.point === undefined) return null;
  const pick = {
    betType: "spread" as const,
    selection: team,
    subject: team,
    odds: outcome.price,
    point: outcome.point,
  };
  return choice(game, pick, `${abbr} ${formatSpread(outcome.point)}`, "Spread", outcome.assumed);
}

function totalSide(game: Game, side: "Over" | "Under"): OddsChoice | null {
  const outcome = market(game, "totals").find((o) => o.name === side);
  if (!outcome || outcome.point === undefined) return null;
  const pick = { betType: "total" as const, selection: side, subject: side, odds: outcome.price, point: outcome.point };
  return choice(game, pick, `${side[0]} ${outcome.point}`, "Total", outcome.assumed);
}

/** The card's three markets, each side a button (a side the feed lacks is null and shows as a blank). */
export function gameLines(game: Game): GameLines {
  return {
    spread: [
      teamSide(game, "spreads", game.awayTeam, game.awayAbbr),
      teamSide(game, "spreads", game.homeTeam, game.homeAbbr),
    ],
    total: [totalSide(game, "Over"), totalSide(game, "Under")],
    moneyline: [
      teamSide(game, "h2h", game.awayTeam, game.awayAbbr),
      teamSide(game, "h2h", game.homeTeam, game.homeAbbr),
    ],
  };
}

/** A player prop's Over and Under buttons. */
export function propChoices(game: Game, prop: PlayerProp): ChoicePair {
  const side = (selection: "Over" | "Under", odds: number) =>
    choice(
      game,
      {
        betType: "prop",
        selection,
        subject: prop.playerName,
        propId: prop.id,
        propType: prop.propType,
        odds,
        point: prop.line,
      },
      `${selection[0]} ${prop.line}`,
      "Player Prop",
    );
  return [side("Over", prop.overOdds), side("Under", prop.underOdds)];
}
