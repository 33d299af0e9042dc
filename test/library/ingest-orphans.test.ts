/**
 * Every orphan removed on failure before the commit (issue 25, finding 11): when the archive
 * write fails after the clip was stored (here: a file named like the archives folder, as a full
 * or broken disk would fail it), the clip this ingest wrote is removed; a clip that was already
 * there (another session's) is kept. Before the fix the clip stayed behind as an orphan (the CLI
 * never sweeps).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLibrary, type WritableDb } from '../../main/library/db.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { pathsOf } from '../../main/library/paths.js';
import { fakeClip, ingestInput, tempHome } from './helpers.js';

let t: ReturnType<typeof tempHome>;
let db: WritableDb;
let work: string;
beforeEach(() => {
  t = tempHome();
  db = openLibrary(t.home);
  work = mkdtempSync(join(t.home, 'work-'));
});
afterEach(() => {
  db.close();
  t.cleanup();
});

/** Replaces the archives folder by a plain file, so every archive write fails (ENOTDIR). */
function breakArchives(): void {
  const dir = pathsOf(db).archivesDir;
  rmSync(dir, { recursive: true, force: true });
  writeFileSync(dir, 'not a folder');
}

const counts = () =>
  db
    .prepare(
      'SELECT (SELECT count(*) FROM sessions) s, (SELECT count(*) FROM analyses) a, (SELECT count(*) FROM players) p',
    )
    .get();

describe('ingest failing before its commit', () => {
  // A received archive (a remote service's): a local analysis writes none (main/library/ingest.ts).
  it('removes the clip it stored when the archive write fails', () => {
    breakArchives();
    const clip = fakeClip(work, 'new.mp4');
    expect(() => ingestAnalysis(db, ingestInput({ uid: 'a-1', clip, archive: true }))).toThrow(/ENOTDIR|not a directory/);
    expect(readdirSync(pathsOf(db).clipsDir)).toEqual([]);
    expect(counts()).toEqual({ s: 0, a: 0, p: 0 });
  });

  it('keeps a clip that was already stored for another session', () => {
    const clip = fakeClip(work, 'shared.mp4');
    ingestAnalysis(db, ingestInput({ uid: 'a-1', clip }));
    const before = readdirSync(pathsOf(db).clipsDir);
    expect(before).toHaveLength(1);
    breakArchives();
    expect(() => ingestAnalysis(db, ingestInput({ uid: 'a-2', clip, archive: true }))).toThrow(/ENOTDIR|not a directory/);
    expect(readdirSync(pathsOf(db).clipsDir)).toEqual(before);
    expect(counts()).toEqual({ s: 1, a: 1, p: 1 });
  });
});
