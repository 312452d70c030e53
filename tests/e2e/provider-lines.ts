import { syncGames } from "../../src/modules/feeds/service.ts";
import type { FakeProvider } from "../fake-provider.ts";
import type { Server } from "./helpers.ts";

type WithProvider = Server & { provider: FakeProvider };

/** Moves the provider's lines and syncs at the server's time, so the games not started yet take them. */
export async function moveLines(
  server: WithProvider,
  moves: { spreadShift?: number; propShift?: number },
): Promise<void> {
  Object.assign(server.provider, moves);
  await syncGames(server.ctx.db, server.provider, server.ctx.clock.now());
}

/** Syncs at `at`, so the games started by then record their lines as closing lines; then the clock goes back. */
export async function recordClosingLines(server: WithProvider, at: string): Promise<void> {
  const before = server.ctx.clock.now().toISOString();
  server.ctx.clock.set(at);
  try {
    await syncGames(server.ctx.db, server.provider, server.ctx.clock.now());
  } finally {
    server.ctx.clock.set(before);
  }
}
