/**
 * What the cached public reads depend on, each with a counter that every write to it moves on.
 * A cached answer remembers the counter it was built under and is served only while it stands.
 *
 * Only reactions move them (reactions.ts: each event's `caches`): when the event is delivered,
 * after the commit, so an answer rebuilt while the write was still in flight (another connection on
 * PostgreSQL) never outlives it, and in every process, so other processes' writes (a second
 * `serve`, the CLI) reach this one's cache; and in the writing process at once, when the event is
 * published, so its next read is fresh before delivery. Settlement needs no bump: the boards'
 * answers follow their rankings' generation (stats/boards.ts), which moves when settled figures are
 * taken in. A spurious bump costs one rebuild, never a stale answer.
 */
export type DataTopic = "games" | "boards";

const counters: Record<DataTopic, number> = { games: 0, boards: 0 };

export function dataVersion(topic: DataTopic): number {
  return counters[topic];
}

export function bumpDataVersion(...topics: readonly DataTopic[]): void {
  for (const topic of topics) counters[topic] += 1;
}
