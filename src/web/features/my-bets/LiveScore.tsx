import type { Bet } from "../../../shared/contract/betting.ts";
import { CoverStatus } from "../../components/CoverStatus.tsx";
import { liveScoreText } from "./bet-text.ts";

/** What a bet or a parlay's leg picked. */
export type Picked = Pick<Bet, "betType" | "selection" | "point" | "prop">;

/** A pick's game under way: the LIVE badge, the running score, where the game stands and where the pick stands; nothing otherwise. */
export function LiveScore({ game, pick }: { game: Bet["game"]; pick: Picked }) {
  const text = liveScoreText(game);
  if (!text) return null;
  return (
    <span className="bet-live">
      <span className="live-badge">LIVE</span> {text}
      <LiveCover game={game} pick={pick} />
    </span>
  );
}

/** " · covering by 3.5" after a live score. */
export function LiveCover({ game, pick }: { game: Bet["game"]; pick: Picked }) {
  return <CoverStatus pick={{ ...pick, propType: pick.prop?.propType }} game={game} before=" · " />;
}

/** The picks of a pending bet whose games are under way: its own, or a parlay's pending legs'. */
export function livePicks(bet: Bet): { game: Bet["game"]; pick: Picked }[] {
  if (bet.status !== "pending") return [];
  const picks = bet.legs
    ? bet.legs.filter((leg) => leg.status === "pending").map((leg) => ({ game: leg.game, pick: leg }))
    : [{ game: bet.game, pick: bet }];
  return picks.filter(({ game }) => liveScoreText(game) !== null);
}
