import { expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCheckpointer, type CheckpointResult } from "../../src/runtime/checkpointer.ts";
import { openDatabase } from "../../src/runtime/connection.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";

test("serve's connection never checkpoints inside a commit; a worker checkpoints the log in the background", async () => {
  const path = join(mkdtempSync(join(tmpdir(), "npt-ckpt-")), "app.db");
  const handle = openDatabase(path);
  await migrateToLatest(handle.db);
  const results: CheckpointResult[] = [];
  const errors: string[] = [];
  const stop = startCheckpointer(handle.sqlite, path, (message) => errors.push(message), {
    intervalMs: 20,
    onCheckpoint: (r) => results.push(r),
  });
  expect(handle.sqlite.query("pragma wal_autocheckpoint").get()).toEqual({ wal_autocheckpoint: 0 });
  // Far past the 1,000 pages at which a commit would otherwise checkpoint.
  for (let i = 0; i < 50; i++) {
    await handle.db
      .insertInto("audit_log")
      .values(
        Array.from({ length: 100 }, () => ({
          actor_id: null,
          actor_label: "test",
          action: "x".repeat(900),
          subject: "t",
          details: "{}",
          created_at: new Date(0).toISOString(),
        })),
      )
      .execute();
  }
  const deadline = Date.now() + 5000;
  while (!results.some((r) => r.log > 1000 && r.checkpointed === r.log) && Date.now() < deadline) await Bun.sleep(20);
  expect(errors).toEqual([]);
  expect(results.some((r) => r.log > 1000 && r.checkpointed === r.log)).toBe(true);
  await stop();
  expect(handle.sqlite.query("pragma wal_autocheckpoint").get()).toEqual({ wal_autocheckpoint: 1000 });
  expect(errors).toEqual([]);
  await handle.close();
});

test("an in-memory database needs no checkpointer", async () => {
  const handle = openDatabase(":memory:");
  const stop = startCheckpointer(handle.sqlite, ":memory:", () => {});
  expect(handle.sqlite.query("pragma wal_autocheckpoint").get()).toEqual({ wal_autocheckpoint: 1000 });
  await stop();
});
