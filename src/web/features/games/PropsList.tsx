import type { Game } from "../../../shared/contract/games.ts";
import { useId, useState } from "react";
import { propTypeText } from "../../lib/odds-format.ts";
import type { LineMove } from "./line-moves.ts";
import { OddsButton } from "./OddsButton.tsx";
import { propChoices } from "./odds.ts";

/** 'View Player Props (count)': the game's props, each with Over and Under, rendered only when opened. */
export function PropsList({
  game,
  selected,
  moved,
  locked,
}: {
  game: Game;
  selected: Set<string>;
  moved: ReadonlyMap<string, LineMove>;
  locked: boolean;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const props = game.playerProps;
  if (props.length === 0) return null;
  return (
    <div className="props">
      <button
        type="button"
        className="props-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        View Player Props ({props.length})
        <span className="chevron" aria-hidden="true" />
      </button>
      {open ? (
        <ul id={listId} className="props-list">
          {props.map((prop) => {
            const [over, under] = propChoices(game, prop);
            return (
              <li key={prop.id} className="prop-row">
                <div className="prop-who">
                  <span className="prop-player">{prop.playerName}</span>
                  <span className="prop-type">
                    {prop.team} · {propTypeText(prop.propType)}
                  </span>
                </div>
                <OddsButton
                  choice={over}
                  selected={!!over && selected.has(over.key)}
                  moved={over ? moved.get(over.key) : undefined}
                  locked={locked}
                />
                <OddsButton
                  choice={under}
                  selected={!!under && selected.has(under.key)}
                  moved={under ? moved.get(under.key) : undefined}
                  locked={locked}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
