/**
 * WAL checkpoints off the event loop. SQLite copies the write-ahead log back into the database
 * file at a commit once the log passes 1,000 pages, synchronously, inside that commit: tens of
 * milliseconds during which no request is served. Serve turns that off on its own connection and
 * lets a worker thread, on a connection of its own, checkpoint PASSIVE-ly (it never waits for
 * readers or writers) twice a second.
 */
const WORKER = `
import { Database } from "bun:sqlite";
let db = null;
let timer = null;
self.onmessage = ({ data }) => {
  if (data.stop) { clearInterval(timer); db?.close(); postMessage({ stopped: true }); return; }
  db = new Database(data.path);
  db.run("pragma busy_timeout = 1000");
  const checkpoint = () => {
    try { postMessage({ done: db.query("pragma wal_checkpoint(PASSIVE)").get() }); }
    catch (error) { postMessage({ error: String(error) }); }
  };
  timer = setInterval(checkpoint, data.intervalMs);
};`;

export const CHECKPOINT_INTERVAL_MS = 500;

/** Starts the checkpointing worker for a database file; returns its (async) stop function. `:memory:` needs none. */
export interface CheckpointResult {
  busy: number;
  /** Frames in the log, and how many of them are in the database file now. */
  log: number;
  checkpointed: number;
}

export function startCheckpointer(
  sqlite: { run(sql: string): unknown },
  path: string,
  onError: (message: string) => void,
  opts: { intervalMs?: number; onCheckpoint?: (result: CheckpointResult) => void } = {},
): () => Promise<void> {
  if (path === ":memory:") return async () => {};
  const worker = new Worker(URL.createObjectURL(new Blob([WORKER], { type: "application/javascript" })));
  let stopped: () => void = () => {};
  worker.onmessage = ({ data }) => {
    if (data.stopped) stopped();
    else if (data.error) onError(String(data.error));
    else opts.onCheckpoint?.(data.done);
  };
  worker.onerror = (event) => {
    // Without the worker, the connection checkpoints itself again, as SQLite does by default.
    sqlite.run("pragma wal_autocheckpoint = 1000");
    onError(event.message);
  };
  sqlite.run("pragma wal_autocheckpoint = 0");
  worker.postMessage({ path, intervalMs: opts.intervalMs ?? CHECKPOINT_INTERVAL_MS });
  /**
   * Stops the worker once its connection is closed (or after a second, whatever it is doing). Once:
   * a second call (serve stops the jobs, then everything) gets the first one's end, not a second's wait.
   */
  let stopping: Promise<void> | null = null;
  return () => {
    stopping ??= (async () => {
      const done = new Promise<void>((resolve) => {
        stopped = resolve;
        setTimeout(resolve, 1000).unref();
      });
      worker.postMessage({ stop: true });
      await done;
      worker.terminate();
      sqlite.run("pragma wal_autocheckpoint = 1000");
    })();
    return stopping;
  };
}
