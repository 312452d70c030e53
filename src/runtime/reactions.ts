import { EVENT_TYPES, type EventType } from "../shared/contract/events.ts";
import type { SocketHub } from "../modules/realtime/hub.ts";
import { bumpDataVersion, type DataTopic } from "./data-versions.ts";
import type { DeliveredEvent, EventBus } from "./events.ts";

/** What reactions act on; startRuntime builds it from the process's hub, settlement and boards. */
export interface ReactionContext {
  hub: SocketHub;
  /** Settles a completed game's bets (a no-op where this process does not settle: see startRuntime). */
  settle(completed: DeliveredEvent<"game.completed">["payload"]): Promise<void>;
  /** Tells this process's in-memory rankings which players' figures changed. */
  noteRankingChanges(userIds: readonly number[]): void;
}

type Reaction<K extends EventType> = (event: DeliveredEvent<K>, ctx: ReactionContext) => unknown;

interface Entry<K extends EventType> {
  /** The cached reads' topics this event changes: bumped when published (this process) and when delivered (every process). */
  caches: readonly DataTopic[];
  /** Run in order, in every process the event is delivered to, after `caches` are bumped. */
  reactions: readonly Reaction<K>[];
}

export type ReactionTable = { [K in EventType]: Entry<K> };

/** The browser refetches its notifications; the event itself carries nothing private. */
const notifyPlayer: Reaction<"friend_request" | "league_invitation"> = (event, { hub }) => {
  if (event.userId !== null) hub.sendTo(event.userId, { type: "notification" });
};

/** Every event and what it sets off: cache bumps, ranking notes, settlement, socket pushes. */
export const REACTIONS: ReactionTable = {
  odds_update: {
    caches: ["games"],
    reactions: [({ id, payload }, { hub }) => hub.broadcastGamesUpdate("odds_update", id, payload)],
  },
  scores_update: {
    caches: ["games"],
    reactions: [({ id, payload }, { hub }) => hub.broadcastGamesUpdate("scores_update", id, payload)],
  },
  "game.completed": { caches: ["games"], reactions: [({ payload }, ctx) => ctx.settle(payload)] },
  friend_request: { caches: [], reactions: [notifyPlayer] },
  league_invitation: { caches: [], reactions: [notifyPlayer] },
  bet_settlements: {
    caches: [],
    reactions: [
      // A parlay leg's grade alone changes no figures.
      ({ payload }, ctx) => ctx.noteRankingChanges(payload.settlements.filter((s) => !s.leg).map((s) => s.userId)),
      ({ payload }, { hub }) => {
        for (const [userId, settlements] of Map.groupBy(payload.settlements, (s) => s.userId)) {
          hub.sendTo(userId, { type: "bet_settlements", settlements });
        }
      },
    ],
  },
  "games.changed": { caches: ["games"], reactions: [] },
  "user.renamed": { caches: ["boards"], reactions: [] },
  "sessions.ended": { caches: [], reactions: [({ payload }, { hub }) => hub.endSessions(payload)] },
  "league.comment": {
    caches: [],
    reactions: [
      ({ payload }, { hub }) => {
        const message = { type: "league_comments", leagueId: payload.leagueId };
        for (const userId of payload.memberIds) hub.sendTo(userId, message);
        for (const userId of payload.notifyIds) hub.sendTo(userId, { type: "notification" });
      },
    ],
  },
  "webhook.disabled": {
    caches: [],
    reactions: [
      ({ payload }, { hub }) => {
        for (const userId of payload.adminIds) hub.sendTo(userId, { type: "notification" });
      },
    ],
  },
};

/** Throws when an event type has no entry: an event nobody reacts to is a wiring mistake, found at start-up. */
export function checkReactions(table: Partial<Record<EventType, unknown>>, types: readonly EventType[] = EVENT_TYPES) {
  const missing = types.filter((type) => !table[type]);
  if (missing.length > 0) throw new Error(`events without an entry in the reactions table: ${missing.join(", ")}`);
}

/** The writing process's own reactions at publish time: its next read is fresh before delivery. */
export function reactToPublished(type: EventType, table: ReactionTable = REACTIONS): void {
  bumpDataVersion(...table[type].caches);
}

/** Wires every entry of the table onto the bus (after checking it is complete). */
export function wireReactions(bus: EventBus, ctx: ReactionContext, table: ReactionTable = REACTIONS): void {
  checkReactions(table);
  for (const type of EVENT_TYPES) {
    const entry = table[type] as Entry<EventType>;
    // One handler each, so a failing reaction is reported and the others still run (EventBus.emit).
    bus.on(type, () => bumpDataVersion(...entry.caches));
    for (const react of entry.reactions) bus.on(type, async (event) => void (await react(event, ctx)));
  }
}
