/**
 * Playback proxies in the library: migration v6 (its table on a v5 library with sessions), the
 * proxy stored next to its clip and served as the session's playable clip while exports keep the
 * original, shared by sessions of the same clip, removed with the clip's last session, swept
 * when no row names it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getSession, deleteSession } from '../../main/library/sessions.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { migrate, schemaVersion } from '../../main/library/migrations/index.js';
import { pathsOf } from '../../main/library/paths.js';
import { playbackProxyPath, proxyFileName, storePlaybackProxy } from '../../main/library/proxies.js';
import { sweepOrphans } from '../../main/library/sweep.js';
import { sessionFile } from '../../main/media/session-files.js';
import { fakeClip, ingestInput, openCreatedLibrary, rawLibraryDb, tempHome } from './helpers.js';

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

const now = '2026-11-23T10:00:00.000Z';

describe('playback proxies', () => {
  it('v6 adds the playback_proxies table (STRICT, one proxy per clip, unique proxy files) to a library with sessions', () => {
    const t = tempHome();
    const db = rawLibraryDb(t.home, 'library');
    cleanups.push(() => db.close(), t.cleanup);
    migrate(db, 5);
    db.prepare(`INSERT INTO players (id, name, dominant_hand, height_mm, created_at) VALUES (1, 'Ana', 'right', 1680, ?)`).run(now);
    db.prepare(
      `INSERT INTO sessions (player_id, recorded_at, sport, swing_type, clip_file, clip_sha256, duration_s, fps, width, height, created_at)
       VALUES (1, '2026-11-01', 'tennis', 'forehand_drive', 'a.avi', 'a', 10, 30, 1920, 1080, ?)`,
    ).run(now);
    migrate(db, 6);
    expect(schemaVersion(db)).toBe(6);
    expect(db.prepare(`SELECT strict FROM pragma_table_list WHERE name = 'playback_proxies'`).pluck().get()).toBe(1);
    expect(db.prepare('SELECT count(*) FROM playback_proxies').pluck().get()).toBe(0);
    const ins = db.prepare('INSERT INTO playback_proxies (clip_file, proxy_file, reason, created_at) VALUES (?, ?, ?, ?)');
    ins.run('a.avi', 'a.proxy.mp4', 'avi', now);
    expect(() => ins.run('a.avi', 'b.proxy.mp4', 'avi', now)).toThrow(/UNIQUE/);
    expect(() => ins.run('b.avi', 'a.proxy.mp4', 'avi', now)).toThrow(/UNIQUE/);
    expect(() => ins.run('c.avi', null, 'avi', now)).toThrow(/NOT NULL/);
  });

  it('serves the proxy as the session’s clip, keeps the original for exports, and removes it with the clip’s last session', () => {
    const t = tempHome();
    cleanups.push(t.cleanup);
    const db = openCreatedLibrary(t.home);
    cleanups.push(() => db.close());
    const clip = fakeClip(t.home, 'serve.avi');
    const a = ingestAnalysis(db, ingestInput({ uid: 'p1', clip }));
    const b = ingestAnalysis(db, ingestInput({ uid: 'p2', clip })); // same bytes: same stored clip
    const original = getSession(db, a)?.clipPath ?? '';
    const clipFile = basename(original);
    expect(getSession(db, b)?.clipPath).toBe(original);
    expect(sessionFile(db, a, 'clip')).toBe(original);

    const made = fakeClip(t.home, 'made.mp4', Buffer.from('proxy bytes'));
    const stored = storePlaybackProxy(db, clipFile, made, 'the avi container does not play in the app');
    expect(stored).toBe(join(pathsOf(db).clipsDir, proxyFileName(clipFile)));
    expect(basename(stored ?? '')).toBe(`${basename(clipFile, '.avi')}.proxy.mp4`);
    expect(readFileSync(stored ?? '', 'utf8')).toBe('proxy bytes');
    expect(playbackProxyPath(db, clipFile)).toBe(stored);
    for (const id of [a, b]) {
      expect(sessionFile(db, id, 'clip')).toBe(stored);
      expect(getSession(db, id)?.clipPath).toBe(original); // exports and analysis read the original
    }

    // The sweep keeps a named proxy and removes one no row names.
    const stray = join(pathsOf(db).clipsDir, 'deadbeef.proxy.mp4');
    writeFileSync(stray, 'x');
    expect(sweepOrphans(db, { graceMs: 0 }).removed).toEqual([stray]);
    expect(existsSync(stored ?? '')).toBe(true);

    deleteSession(db, a);
    expect(existsSync(stored ?? '')).toBe(true); // the other session still plays it
    expect(sessionFile(db, b, 'clip')).toBe(stored);
    deleteSession(db, b);
    expect(existsSync(stored ?? '')).toBe(false);
    expect(existsSync(original)).toBe(false);
    expect(playbackProxyPath(db, clipFile)).toBeNull();
    expect(storePlaybackProxy(db, clipFile, made, 'gone')).toBeNull(); // no session uses the clip any more
    expect(existsSync(stored ?? '')).toBe(false);
  });
});
