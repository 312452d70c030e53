import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

/**
 * Small filesystems a test can fill or turn read-only under a running process (as root): a tmpfs
 * of a few megabytes (disk full), and an ext4 loop image mounted `errors=remount-ro` whose error
 * the test triggers (the kernel turns it read-only under open files, as a failing disk does).
 */
const asRoot = process.getuid?.() === 0;

const run = (command: string[]) => Bun.spawnSync(command, { stdout: "pipe", stderr: "pipe" });
const said = (result: ReturnType<typeof run>) => `${result.stdout.toString()}${result.stderr.toString()}`.trim();

export interface Mounted {
  dir: string;
  /** Unmounts (lazily, should a process still hold it) and deletes what the mount needed. */
  release(): void;
}

/** Why a tmpfs cannot be mounted here, or null. */
export function tmpfsUnavailable(): string | null {
  if (!asRoot) return "not root (mounting a tmpfs needs it)";
  const dir = mkdtempSync(join(tmpdir(), "npt-tmpfs-probe-"));
  const mounted = run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir]);
  if (mounted.exitCode === 0) run(["umount", dir]);
  rmSync(dir, { recursive: true, force: true });
  return mounted.exitCode === 0 ? null : `mount -t tmpfs failed: ${said(mounted)}`;
}

export function mountTmpfs(megabytes: number): Mounted {
  const dir = mkdtempSync(join(tmpdir(), "npt-tmpfs-"));
  const mounted = run(["mount", "-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", dir]);
  if (mounted.exitCode !== 0) throw new Error(`mount -t tmpfs: ${said(mounted)}`);
  return {
    dir,
    release() {
      run(["umount", "-l", dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Fills the filesystem under `dir` to the last block with a file of its own; returns the file (delete it to free the space). */
export function fillUp(dir: string): string {
  const filler = join(dir, "filler");
  // Big blocks first, then small ones for what is left; dd ends on ENOSPC (a non-zero exit, expected).
  run(["dd", "if=/dev/zero", `of=${filler}`, "bs=1M", "status=none"]);
  run(["dd", "if=/dev/zero", `of=${filler}`, "bs=4k", "oflag=append", "conv=notrunc", "status=none"]);
  return filler;
}

/** Why an ext4 loop image cannot be made and failed here, or null. */
export function ext4LoopUnavailable(): string | null {
  if (!asRoot) return "not root (loop devices need it)";
  if (!Bun.which("mkfs.ext4")) return "no mkfs.ext4 (Debian's e2fsprogs)";
  try {
    const loop = mountExt4(8);
    const triggerable = existsSync(`/sys/fs/ext4/${loop.device}/trigger_fs_error`);
    loop.release();
    return triggerable ? null : "no /sys/fs/ext4/<device>/trigger_fs_error";
  } catch (error) {
    return (error as Error).message;
  }
}

export interface Ext4Mount extends Mounted {
  /** The loop device's name (loop0…). */
  device: string;
  /** Reports a filesystem error: with errors=remount-ro the kernel makes it read-only at once, open files and all. */
  failToReadOnly(): void;
}

/** An ext4 image of `megabytes` in a temporary folder of its own, mounted on a loop device with errors=remount-ro. */
export function mountExt4(megabytes: number): Ext4Mount {
  const imageDir = mkdtempSync(join(tmpdir(), "npt-ext4-image-"));
  const image = join(imageDir, "data.img");
  const made = run(["truncate", "-s", `${megabytes}M`, image]);
  const formatted = made.exitCode === 0 ? run(["mkfs.ext4", "-q", "-F", image]) : made;
  const dir = mkdtempSync(join(tmpdir(), "npt-ext4-"));
  const mounted = formatted.exitCode === 0 ? run(["mount", "-o", "loop,errors=remount-ro", image, dir]) : formatted;
  if (mounted.exitCode !== 0) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(imageDir, { recursive: true, force: true });
    throw new Error(`an ext4 loop image: ${said(mounted)}`);
  }
  const device = basename(said(run(["findmnt", "-n", "-o", "SOURCE", dir])));
  return {
    dir,
    device,
    failToReadOnly() {
      const wrote = run(["sh", "-c", `echo 1 > /sys/fs/ext4/${device}/trigger_fs_error`]);
      if (wrote.exitCode !== 0) throw new Error(`trigger_fs_error: ${said(wrote)}`);
    },
    release() {
      run(["umount", "-l", dir]);
      rmSync(dir, { recursive: true, force: true });
      rmSync(imageDir, { recursive: true, force: true });
    },
  };
}
