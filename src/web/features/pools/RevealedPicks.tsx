import type { PoolSheet } from "../../../shared/contract/pools.ts";
import { picksText } from "../../../shared/pools.ts";

/**
 * The members' week: how many picks each made, and their picks on the games that have locked (a
 * pick shows only once its game locks: decision 0073). The viewer's own row shows theirs.
 */
export function RevealedPicks({ sheet, viewerId }: { sheet: PoolSheet; viewerId: number }) {
  const locked = sheet.games.filter((g) => g.locked);
  const scored = sheet.format !== "survivor";
  const abbr = (gameId: string, team: string) => {
    const game = sheet.games.find((g) => g.gameId === gameId);
    return game ? (team === game.homeTeam ? game.homeAbbr : game.awayAbbr) : team;
  };
  return (
    <section className="pool-members" aria-labelledby="pool-members-title">
      <h2 id="pool-members-title">Members' picks</h2>
      <p className="muted">
        {locked.length === 0
          ? "Picks stay hidden until their game locks; you can see who has picked, not what."
          : "Picks show once their game locks."}
      </p>
      <div
        className="pool-members-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on phones, and a keyboard reaches what is inside only if it can take focus
        tabIndex={0}
        role="region"
        aria-labelledby="pool-members-title"
      >
        <table className="pool-members-table">
          <caption className="visually-hidden">Members' picks, week {sheet.week}</caption>
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col" className="numeric">
                Picks
              </th>
              {scored ? (
                <th scope="col" className="numeric">
                  Points
                </th>
              ) : null}
              {locked.map((g) => (
                <th key={g.gameId} scope="col">
                  <abbr title={`${g.awayTeam} at ${g.homeTeam}`}>
                    {g.awayAbbr}@{g.homeAbbr}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.members.map((m) => (
              <tr key={m.userId} className={m.userId === viewerId ? "is-viewer" : undefined}>
                <th scope="row">{m.userId === viewerId ? `You (${m.username})` : m.username}</th>
                <td className="numeric">{picksText(m.picked)}</td>
                {scored ? <td className="numeric">{m.points}</td> : null}
                {locked.map((g) => {
                  const pick = m.picks.find((p) => p.gameId === g.gameId);
                  return (
                    <td key={g.gameId} className={pick?.result ? `pool-result-${pick.result}` : undefined}>
                      {pick
                        ? `${abbr(g.gameId, pick.selection)}${pick.points !== null ? ` (${pick.points})` : ""}`
                        : "—"}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
