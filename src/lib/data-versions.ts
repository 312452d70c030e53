import type { EventType } from "./events.ts";

/**
 * What the cached public reads depend on, each with a counter that every write to it moves on.
 * A cached answer remembers the counter it was built under and is served only while it stands.
 *
 * Writes in this process bump inside their transaction (SQLite's one connection lets no read in
 * before the commit): the repo functions that change games, renames and deletions, and every
 * outbox event of a topic. Settlement needs no bump: the boards' answers follow their rankings'
 * generation (stats/boards.ts), which moves when settled figures are taken in. Writes of other processes (the CLI) are bumped when their outbox
 * events are delivered here. A spurious bump costs one rebuild, never a stale answer.
 */
export type DataTopic = "games" | "boards";

const counters: Record<DataTopic, number> = { games: 0, boards: 0 };

export function dataVersion(topic: DataTopic): number {
  return counters[topic];
}

export function bumpDataVersion(...topics: DataTopic[]): void {
  for (const topic of topics) counters[topic] += 1;
}

/** The topics an outbox event announces a change to. */
export const TOPICS_OF_EVENT: Partial<Record<EventType, DataTopic[]>> = {
  odds_update: ["games"],
  "game.completed": ["games"],
};
