/**
 * Real processes around a hand-over import, for race and kill tests:
 *  - {@link holdLibraryLock}: a child process (lock-holder.ts) that takes the library-folder lock
 *    (main/library/lock.ts `withLibraryLock`) and keeps it until released, so imports started
 *    meanwhile run up to the lock and wait there;
 *  - {@link startImport}: the real CLI (`main/cli/bin.ts` under tsx) running
 *    `swing-studio import <zip> [flags]` against one Swing Studio home, with its OS temp folder
 *    (`TMPDIR`) set by the test;
 *  - {@link handoverTempDirs}: the temp folders an import has made, in the library's temp folder
 *    and in the OS temp folder given to it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../support/media.js';

/** A CLI child and its outcome. */
export interface ImportRun {
  child: ChildProcess;
  /** Resolves when the process has exited: its code (null when killed by a signal), stdout and stderr. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** Starts `swing-studio import <zipPath> ...flags` with SWING_STUDIO_HOME = `home` and TMPDIR = `osTmp`. */
export function startImport(
  home: string,
  osTmp: string,
  zipPath: string,
  flags: string[] = ['--merge-player'],
): ImportRun {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'main/cli/bin.ts'), 'import', zipPath, ...flags],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, SWING_STUDIO_HOME: home, TMPDIR: osTmp },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
}

/** A held library lock; `release()` resolves once the holder has exited (the lock is free). */
export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Takes the lock of the library at `root` in a child process; resolves once it is held.
 * @param scratch a folder for the holder's marker files.
 */
export async function holdLibraryLock(root: string, scratch: string): Promise<HeldLock> {
  const marker = join(scratch, `locked-${process.hrtime.bigint()}`);
  const stop = `${marker}.stop`;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'lock-holder.ts'), root, marker, stop],
    { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await waitFor(
    () => existsSync(marker),
    exited,
    () => `the lock holder exited before taking the lock: ${stderr}`,
  );
  return {
    async release() {
      writeFileSync(stop, '');
      const code = await exited;
      if (code !== 0) throw new Error(`the lock holder exited ${code}: ${stderr}`);
    },
  };
}

/** Names of the hand-over temp folders in the library's temp folder and in `osTmp`. */
export function handoverTempDirs(libraryRoot: string, osTmp: string): { library: string[]; os: string[] } {
  const list = (dir: string) =>
    existsSync(dir) ? readdirSync(dir).filter((n) => n.includes('handover')) : [];
  return { library: list(join(libraryRoot, 'tmp')), os: list(osTmp) };
}

/**
 * Polls `ready` every 50 ms until it is true.
 * @throws Error with `why()` when `gone` settles first (the process it waits on has exited), or after 120 s.
 */
export async function waitFor(
  ready: () => boolean,
  gone: Promise<unknown>,
  why: () => string,
): Promise<void> {
  let over = false;
  void gone.then(() => (over = true));
  for (let waited = 0; !ready(); waited += 50) {
    if (over || waited > 120_000) throw new Error(why());
    await new Promise((r) => setTimeout(r, 50));
  }
}
