/**
 * Which process runs the queue of a home folder: `<home>/jobs/queue.lock` holds the pid of the
 * process whose queue started last and is still running. Recovery of interrupted jobs at start
 * is only safe when no OTHER live process works on the same library (it would re-queue that
 * process's running jobs and run them twice), so a queue that finds such a lock skips recovery.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/index.js';

/** Path of the lock file. */
export function queueLockPath(home: string): string {
  return join(home, 'jobs', 'queue.lock');
}

/** True when `pid` is a live process (signal 0 probes without signalling; EPERM = alive, not ours). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The pid of another live process holding the lock, or undefined (no lock, a stale lock of a
 * dead process, or this process's own).
 */
export function otherQueueOwner(home: string): number | undefined {
  const path = queueLockPath(home);
  if (!existsSync(path)) return undefined;
  const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  return alive(pid) ? pid : undefined;
}

/** Takes the lock for this process (atomic write, 0600). */
export function takeQueueLock(home: string): void {
  mkdirSync(join(home, 'jobs'), { recursive: true, mode: 0o700 });
  writeFileAtomic(queueLockPath(home), `${process.pid}\n`, { mkdirs: true });
}

/** Releases the lock when this process holds it. */
export function releaseQueueLock(home: string): void {
  const path = queueLockPath(home);
  try {
    if (Number.parseInt(readFileSync(path, 'utf8').trim(), 10) === process.pid) rmSync(path, { force: true });
  } catch {
    // no lock file: nothing to release
  }
}
