import type { AppEvents, EventType } from "../shared/contract/events.ts";
import { getOrCreate } from "../lib/maps.ts";

export type { AppEvents, EventType, SessionsEnded } from "../shared/contract/events.ts";

export interface DeliveredEvent<K extends EventType = EventType> {
  id: number;
  type: K;
  userId: number | null;
  payload: AppEvents[K];
}

type Handler = (event: DeliveredEvent) => void | Promise<void>;

/**
 * A minimal in-process pub/sub: the dispatcher emits; the reactions table (reactions.ts) is wired
 * onto it by startRuntime, and tests may listen too.
 */
export class EventBus {
  readonly #handlers = new Map<string, Set<Handler>>();

  on<K extends EventType>(type: K, handler: (event: DeliveredEvent<K>) => void | Promise<void>): () => void {
    const set = getOrCreate(this.#handlers, type, () => new Set<Handler>());
    set.add(handler as Handler);
    return () => set.delete(handler as Handler);
  }

  /** Calls every handler of the event's type; a failing handler is reported, never blocks the others. */
  async emit(event: DeliveredEvent, onError: (error: unknown) => void): Promise<void> {
    for (const handler of this.#handlers.get(event.type) ?? []) {
      try {
        await handler(event);
      } catch (error) {
        onError(error);
      }
    }
  }
}
