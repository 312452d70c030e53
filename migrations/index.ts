import type { Migration } from "kysely";
import * as m0001 from "./0001_foundation.ts";

/** Every migration, in order. A static list, so the compiled binary carries them. */
export const migrations: Record<string, Migration> = {
  "0001_foundation": m0001,
};
