/** retention.ts sweepAbandonedProcessWork on real folders in a temp dir: old `process-*` folders go, fresh ones and task folders stay. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OBJECT_MAX_AGE_MS, sweepAbandonedProcessWork } from '../../main/service/retention.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A folder `name/key` holding one file last written `ageMs` before `now`. */
function folder(name: string, now: number, ageMs: number): string {
  const d = join(dir, name, 'key');
  mkdirSync(d, { recursive: true });
  const f = join(d, 'chunk-000000.bin');
  writeFileSync(f, 'x');
  const t = (now - ageMs) / 1000;
  utimesSync(f, t, t);
  utimesSync(d, t, t);
  utimesSync(join(dir, name), t, t);
  return join(dir, name);
}

describe('sweepAbandonedProcessWork', () => {
  it('removes process folders whose newest file is older than 24 h, keeps the rest', () => {
    dir = mkdtempSync(join(tmpdir(), 'swing-work-'));
    const now = Date.now();
    const old = folder('process-aaaa', now, OBJECT_MAX_AGE_MS + 60_000);
    const fresh = folder('process-bbbb', now, 60_000);
    const task = folder('task-7', now, OBJECT_MAX_AGE_MS * 3);
    expect(sweepAbandonedProcessWork(dir, now)).toBe(1);
    expect([existsSync(old), existsSync(fresh), existsSync(task)]).toEqual([false, true, true]);
  });

  it('keeps an old folder with one fresh file in it, and answers 0 for a missing work folder', () => {
    dir = mkdtempSync(join(tmpdir(), 'swing-work-'));
    const now = Date.now();
    const mixed = folder('process-cccc', now, OBJECT_MAX_AGE_MS * 2);
    writeFileSync(join(mixed, 'key', 'second-000000.bin'), 'y');
    expect(sweepAbandonedProcessWork(dir, now)).toBe(0);
    expect(existsSync(mixed)).toBe(true);
    expect(sweepAbandonedProcessWork(join(dir, 'none'), now)).toBe(0);
  });
});
