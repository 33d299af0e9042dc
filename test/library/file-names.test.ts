/**
 * Issue 25 findings 8 and 10.
 * 8: archive and thumbnail files were named by the uid as given, so on a case-insensitive file
 *    system (macOS, Windows) uid `abc` overwrote the archive of `ABC`, and deleting one removed
 *    the other's. New files are named by a hash of the uid; rows keep the names they have.
 * 10: thumbnails were stored by absolute path, so a library folder copied to a new home pointed
 *    into the old folder and the copy's sweep deleted all of its own thumbnails. They are stored
 *    by file name now; a migration converts the absolute paths of existing libraries.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { probeVideo } from '../../main/av/index.js';
import { openLibrary } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { migrate, migrateThumbnailNames, MIGRATIONS, schemaVersion, SCHEMA_VERSION } from '../../main/library/migrations/index.js';
import { libraryPaths } from '../../main/library/paths.js';
import { deleteSession, listSessions } from '../../main/library/sessions.js';
import { sweepOrphans } from '../../main/library/sweep.js';
import { makeSessionThumbnail, thumbnailPlan } from '../../main/library/thumbnail.js';
import { sessionFile } from '../../main/media/session-files.js';
import { analysedClip, ANALYSED_CLIP_META } from '../support/analysed-clip.js';
import { fakeClip, ingestInput, openCreatedLibrary, rawLibraryDb, tempHome } from './helpers.js';

const cleanups: Array<() => void> = [];
afterAll(() => {
  for (const c of cleanups.splice(0)) c();
});
function home(): string {
  const t = tempHome();
  cleanups.push(t.cleanup);
  return t.home;
}

describe('file names independent of the uid’s case (finding 8)', () => {
  it('uids abc and ABC get two files whose names differ in more than case; deleting one keeps the other’s archive', () => {
    const h = home();
    const db = openCreatedLibrary(h);
    cleanups.unshift(() => db.close());
    // Received archives (a local analysis stores none: main/library/ingest.ts).
    const lower = ingestAnalysis(db, ingestInput({ uid: 'abc', clip: fakeClip(h, 'a.mp4'), archive: true }));
    const upper = ingestAnalysis(db, ingestInput({ uid: 'ABC', clip: fakeClip(h, 'b.mp4'), archive: true }));
    const archive = (id: number) => getSessionDetail(db, id)?.analysis?.archivePath ?? '';
    const [a, b] = [archive(lower), archive(upper)];
    expect(basename(a).toLowerCase()).not.toBe(basename(b).toLowerCase());
    expect(basename(a)).toMatch(/^uid-[0-9a-f]{32}\.zip$/);
    expect(readdirSync(libraryPaths(h).archivesDir).sort()).toEqual([basename(a), basename(b)].sort());
    const thumbs = [lower, upper].map((id) => basename(thumbnailPlan(db, id)?.path ?? ''));
    expect(thumbs[0]?.toLowerCase()).not.toBe(thumbs[1]?.toLowerCase());
    expect(thumbs[0]).toMatch(/^uid-[0-9a-f]{32}\.jpg$/);

    const bBytes = readFileSync(b);
    deleteSession(db, lower);
    expect(existsSync(a)).toBe(false);
    expect(readFileSync(b)).toEqual(bBytes);
    expect(getSessionDetail(db, upper)?.analysis?.uid).toBe('ABC');
  });

  it('rows of an older library keep the archive name they were stored under', () => {
    const h = home();
    const db = openCreatedLibrary(h);
    cleanups.unshift(() => db.close());
    const id = ingestAnalysis(db, ingestInput({ uid: 'old-uid', clip: fakeClip(h, 'c.mp4'), archive: true }));
    const paths = libraryPaths(h);
    const stored = getSessionDetail(db, id)?.analysis?.archivePath ?? '';
    cpSync(stored, join(paths.archivesDir, 'old-uid.zip'));
    db.prepare(`UPDATE analyses SET archive_file = 'old-uid.zip' WHERE session_id = ?`).run(id);
    expect(getSessionDetail(db, id)?.analysis?.archivePath).toBe(join(paths.archivesDir, 'old-uid.zip'));
    deleteSession(db, id);
    expect(readdirSync(paths.archivesDir)).toEqual([basename(stored)]); // the stored name went with its row; the copy this test made stays
  });
});

describe('thumbnails stored by file name (finding 10)', () => {
  it('the thumbnail-names migration converts absolute paths in a thumbnails folder to file names', () => {
    const h = home();
    const db = rawLibraryDb(h, 'library');
    cleanups.unshift(() => db.close());
    migrate(db, MIGRATIONS.indexOf(migrateThumbnailNames)); // the version before thumbnail names
    const now = '2026-11-20T10:00:00.000Z';
    db.prepare(
      `INSERT INTO players (id, name, dominant_hand, height_mm, created_at) VALUES (1, 'Ana', 'right', 1680, ?)`,
    ).run(now);
    const ins = db.prepare(
      `INSERT INTO sessions (player_id, recorded_at, sport, swing_type, clip_file, clip_sha256, duration_s, fps, width, height, created_at, thumbnail_path)
       VALUES (1, '2026-11-01', 'tennis', 'forehand_drive', 'a.mp4', 'a', 10, 30, 1920, 1080, ?, ?)`,
    );
    const values = [
      join(h, 'library', 'thumbnails', 'own.jpg'),
      '/old/home/library/thumbnails/copied.jpg',
      'C:\\Users\\ana\\Swing Studio\\library\\thumbnails\\win.jpg',
      '/pictures/elsewhere.jpg',
      null,
    ];
    for (const v of values) ins.run(now, v);
    migrate(db);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT thumbnail_path FROM sessions ORDER BY id').pluck().all()).toEqual([
      'own.jpg',
      'copied.jpg',
      'win.jpg',
      '/pictures/elsewhere.jpg',
      null,
    ]);
  });

  it('a library folder copied to a new home keeps, shows and does not sweep its thumbnails', async () => {
    const { clipPath, done } = await analysedClip();
    const info = await probeVideo(clipPath);
    const oldHome = home();
    const db = openLibrary(oldHome);
    const id = ingestAnalysis(db, {
      player: { name: 'Roger', dominantHand: 'right', heightMm: ANALYSED_CLIP_META.player_height_mm },
      session: {
        sourceClipPath: clipPath,
        recordedAt: '2026-11-23',
        sport: 'tennis',
        swingType: 'forehand_drive',
        durationS: info.durationS,
        fps: info.fps,
        width: info.width,
        height: info.height,
      },
      analysis: done,
      backend: 'local',
    });
    const made = await makeSessionThumbnail(db, id);
    db.close();
    expect(made).not.toBeNull();
    const thumbBytes = readFileSync(made ?? '');

    // cp -a the library folder to a new home, then the old folder goes (moved).
    const newHome = home();
    cpSync(join(oldHome, 'library'), join(newHome, 'library'), { recursive: true, preserveTimestamps: true });
    rmSync(join(oldHome, 'library'), { recursive: true, force: true });
    const copy = openLibrary(newHome);
    cleanups.unshift(() => copy.close());
    const expected = join(libraryPaths(newHome).thumbnailsDir, basename(made ?? ''));

    expect(listSessions(copy).find((s) => s.id === id)?.thumbnailPath).toBe(expected);
    expect(sessionFile(copy, id, 'thumbnail')).toBe(expected);
    expect(sweepOrphans(copy, { graceMs: 0 }).removed).toEqual([]);
    expect(readFileSync(expected)).toEqual(thumbBytes);
    const stored = new Database(libraryPaths(newHome).dbPath, { readonly: true });
    expect(stored.prepare('SELECT thumbnail_path FROM sessions WHERE id = ?').pluck().get(id)).toBe(
      basename(expected),
    );
    stored.close();
  });
});
