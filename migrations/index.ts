import type { Migration } from "kysely";
import * as m0001 from "./0001_foundation.ts";
import * as m0002 from "./0002_games.ts";

/** Every migration, in order. A static list, so the compiled binary carries them. */
export const migrations: Record<string, Migration> = {
  "0001_foundation": m0001,
  "0002_games": m0002,
};
