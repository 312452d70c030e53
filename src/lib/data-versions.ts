import type { EventType } from "./events.ts";

/**
 * What the cached public reads depend on, each with a counter that every write to it moves on.
 * A cached answer remembers the counter it was built under and is served only while it stands.
 *
 * Every write to a topic announces an outbox event of that topic (TOPICS_OF_EVENT), and each
 * process bumps when the event is delivered to it: after the commit, so an answer rebuilt while the
 * write was still in flight (another connection on PostgreSQL) never outlives it, and in every
 * process, so other processes' writes (a second `serve`, the CLI) reach this one's cache. The writing
 * process also bumps at once (when the event is published, and in the games repo's writes), so its
 * next read is fresh before delivery. Settlement needs no bump: the boards' answers follow their rankings' generation
 * (stats/boards.ts), which moves when settled figures are taken in. A spurious bump costs one
 * rebuild, never a stale answer.
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
  "games.changed": ["games"],
  "user.renamed": ["boards"],
};
