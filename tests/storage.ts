import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

/**
 * Filesystems a test can break under a running process (as root): an ext4 image mounted
 * `errors=remount-ro` through a loop device, whose error the test triggers (the kernel turns it
 * read-only under open files, as on an I/O error: tests/api/durability.test.ts,
 * storage-faults.test.ts), and a small tmpfs to fill up (disk full: storage-faults.test.ts).
 */

/** Runs a command; its exit code and output. */
export function run(...command: string[]): { code: number; output: string } {
  const result = Bun.spawnSync(command, { stdout: "pipe", stderr: "pipe" });
  return { code: result.exitCode ?? -1, output: `${result.stdout.toString()}${result.stderr.toString()}`.trim() };
}

/** An ext4 image of `megabytes` in `home`, mounted `errors=remount-ro` through a loop device. */
export class LoopMount {
  readonly image: string;
  readonly dir: string;
  #device = "";

  constructor(home: string, megabytes: number) {
    this.image = join(home, "disk.img");
    this.dir = join(home, "mnt");
    mkdirSync(this.dir, { recursive: true });
    writeFileSync(this.image, "");
    truncateSync(this.image, megabytes * 1024 * 1024);
    const made = run("mkfs.ext4", "-q", "-F", this.image);
    if (made.code !== 0) throw new Error(`mkfs.ext4: ${made.output}`);
  }

  /** Mounts the image; a sentence saying why not, or null. */
  mount(options = "errors=remount-ro"): string | null {
    const mounted = run("mount", "-o", `loop,${options}`, this.image, this.dir);
    if (mounted.code !== 0) return `mount -o loop failed: ${mounted.output}`;
    this.#device = basename(run("findmnt", "-n", "-o", "SOURCE", this.dir).output);
    return null;
  }

  /** ext4's sysfs folder of this mount: trigger_fs_error, errors_count. */
  get sysfs(): string {
    return `/sys/fs/ext4/${this.#device}`;
  }

  /** What the kernel does on an I/O error under errors=remount-ro: abort the journal, stop writing. */
  fail(): void {
    writeFileSync(join(this.sysfs, "trigger_fs_error"), "injected fault (tests/storage.ts)\n");
  }

  errorsCount(): number {
    return Number(readFileSync(join(this.sysfs, "errors_count"), "utf8").trim());
  }

  unmount(): void {
    // mount -o loop sets autoclear: the loop device goes with the mount.
    const done = run("umount", this.dir);
    if (done.code !== 0) throw new Error(`umount: ${done.output}`);
  }
}

/** Why an ext4 loop image cannot be made, mounted and failed here (not root, no loop devices…), or null. */
export function ext4LoopUnavailable(): string | null {
  if (process.platform !== "linux") return `needs Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return "needs root (mount, loop devices, /sys/fs/ext4)";
  const tools = ["mkfs.ext4", "e2fsck", "mount", "umount", "findmnt"].filter((t) => !Bun.which(t));
  if (tools.length > 0) return `missing commands: ${tools.join(", ")} (Debian: e2fsprogs, mount, util-linux)`;
  if (!existsSync("/dev/loop-control")) return "no loop devices (/dev/loop-control is missing)";
  const home = mkdtempSync(join(tmpdir(), "npt-loop-probe-"));
  try {
    const probe = new LoopMount(home, 8);
    const refused = probe.mount();
    if (refused) return refused;
    const injectable = existsSync(join(probe.sysfs, "trigger_fs_error"));
    probe.unmount();
    return injectable ? null : `this kernel's ext4 has no ${probe.sysfs}/trigger_fs_error`;
  } catch (error) {
    return String(error);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

export interface Mounted {
  dir: string;
  /** Unmounts (lazily, should a process still hold it) and deletes what the mount needed. */
  release(): void;
}

/** Why a tmpfs cannot be mounted here, or null. */
export function tmpfsUnavailable(): string | null {
  if (process.getuid?.() !== 0) return "not root (mounting a tmpfs needs it)";
  const dir = mkdtempSync(join(tmpdir(), "npt-tmpfs-probe-"));
  const mounted = run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir);
  if (mounted.code === 0) run("umount", dir);
  rmSync(dir, { recursive: true, force: true });
  return mounted.code === 0 ? null : `mount -t tmpfs failed: ${mounted.output}`;
}

export function mountTmpfs(megabytes: number): Mounted {
  const dir = mkdtempSync(join(tmpdir(), "npt-tmpfs-"));
  const mounted = run("mount", "-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", dir);
  if (mounted.code !== 0) throw new Error(`mount -t tmpfs: ${mounted.output}`);
  return {
    dir,
    release() {
      run("umount", "-l", dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Fills the filesystem under `dir` to the last block with a file of its own; returns the file (delete it to free the space). */
export function fillUp(dir: string): string {
  const filler = join(dir, "filler");
  // Big blocks first, then small ones for what is left; dd ends on ENOSPC (a non-zero exit, expected).
  run("dd", "if=/dev/zero", `of=${filler}`, "bs=1M", "status=none");
  run("dd", "if=/dev/zero", `of=${filler}`, "bs=4k", "oflag=append", "conv=notrunc", "status=none");
  return filler;
}
