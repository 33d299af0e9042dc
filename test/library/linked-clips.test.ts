/**
 * Clips kept in place (issue 29 item 4, main/library/linked-clips.ts) on a temp SQLite library with
 * real small videos (shared clips copied to a temp folder at test time, never into the repo):
 * a linked import copies nothing and reads where the coach keeps the file; a moved file is
 * detected; Locate with the right file works, with another video is refused with one line; a
 * touched file with the same bytes stays ok; a copied import still stores the file once under its
 * hash; deleting a linked session never touches the coach's file; the IPC locate takes only a
 * path picked this session; the media route serves the linked file by session id only.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLibrary, type WritableDb } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { sha256File } from '../../main/library/files.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { checkClip, hashClip, linkClip, locateClip } from '../../main/library/linked-clips.js';
import { libraryPaths } from '../../main/library/paths.js';
import { deleteSession } from '../../main/library/sessions.js';
import { clipHandlers } from '../../main/ipc/handlers-clips.js';
import { exportHandlers } from '../../main/ipc/handlers-export.js';
import type { HandlerDeps } from '../../main/ipc/handler-types.js';
import { PickedFiles } from '../../main/media/picked.js';
import { answerMedia } from '../../main/media/resolve.js';
import { sessionFile } from '../../main/media/session-files.js';
import { mediaPath } from '../support/media.js';
import { ingestInput, tempHome } from './helpers.js';

const t = tempHome();
let db: WritableDb;
let coach: string;
let clip: string;
let other: string;
const clipsDir = () => libraryPaths(t.home).clipsDir;
const storedClips = () => readdirSync(clipsDir()).filter((n) => !n.startsWith('.tmp-'));

beforeAll(() => {
  coach = join(t.home, 'coach-videos');
  mkdirSync(coach);
  clip = join(coach, 'practice set.mp4');
  other = join(coach, 'other.mp4');
  copyFileSync(mediaPath('tennis_forehand_1.mp4'), clip);
  copyFileSync(mediaPath('tennis_serve_coach_behind_1.mp4'), other);
  db = openLibrary(t.home);
});

afterAll(() => {
  db?.close();
  t.cleanup();
});

function linkedInput(uid: string, path: string) {
  const base = ingestInput({ uid, clip: path });
  return { ...base, session: { ...base.session, clipStorage: 'linked' as const } };
}

describe('keep in place', () => {
  let id: number;

  it('a linked import stores the path and the hash and copies nothing', async () => {
    id = ingestAnalysis(db, linkedInput('linked-1', clip));
    expect(storedClips()).toEqual([]);
    const s = getSessionDetail(db, id)?.session;
    expect(s).toMatchObject({ clipStorage: 'linked', clipPath: clip, clipSha256: sha256File(clip) });
    expect(await checkClip(db, id)).toEqual({ sessionId: id, storage: 'linked', path: clip, state: 'ok' });
  });

  it('a moved file is detected as missing', async () => {
    const moved = join(coach, 'moved', 'practice set.mp4');
    mkdirSync(join(coach, 'moved'));
    renameSync(clip, moved);
    expect((await checkClip(db, id)).state).toBe('missing');
    // Locate with another video is refused with one line; nothing changes.
    await expect(locateClip(db, id, other)).rejects.toThrow(/^That file is not this session's video \(its content differs\); choose the original video\.$/);
    expect(getSessionDetail(db, id)?.session.clipPath).toBe(clip);
    // Locate with the moved file works: the path is updated, the clip is ok again.
    expect(await locateClip(db, id, moved)).toEqual({ sessionId: id, storage: 'linked', path: moved, state: 'ok' });
    expect(getSessionDetail(db, id)?.session.clipPath).toBe(moved);
    expect((await checkClip(db, id)).state).toBe('ok');
    renameSync(moved, clip);
    await locateClip(db, id, clip);
  });

  it('a file touched with the same bytes stays ok; other bytes at the path read as changed', async () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(clip, later, later);
    expect((await checkClip(db, id)).state).toBe('ok');
    const keep = join(coach, 'keep.mp4');
    renameSync(clip, keep);
    copyFileSync(other, clip);
    expect((await checkClip(db, id)).state).toBe('changed');
    renameSync(keep, clip);
    expect((await checkClip(db, id)).state).toBe('ok');
  });

  it('a copied import stores the clip once under its hash (read once while copying)', async () => {
    const copiedId = ingestAnalysis(db, ingestInput({ uid: 'copied-1', clip: other }));
    const sha = sha256File(other);
    expect(storedClips()).toEqual([`${sha}.mp4`]);
    expect(sha256File(join(clipsDir(), `${sha}.mp4`))).toBe(sha);
    expect(getSessionDetail(db, copiedId)?.session).toMatchObject({ clipStorage: 'copied', clipPath: join(clipsDir(), `${sha}.mp4`) });
    await expect(locateClip(db, copiedId, other)).rejects.toThrow(/copied into the library/);
    // A keep-in-place import of bytes already copied uses that copy: no second copy, nothing to locate.
    const again = ingestAnalysis(db, linkedInput('linked-same-bytes', other));
    expect(getSessionDetail(db, again)?.session.clipStorage).toBe('copied');
    expect(storedClips()).toEqual([`${sha}.mp4`]);
  });

  it('deleting a linked session leaves the coach file where it is', () => {
    const size = statSync(clip).size;
    deleteSession(db, id);
    expect(existsSync(clip)).toBe(true);
    expect(statSync(clip).size).toBe(size);
  });
});

describe('hash before the ingest, and the schema', () => {
  it('linkClip reuses a hash read before while the size and time stand, and reads again after a change', async () => {
    const f = join(coach, 'prehashed.mp4');
    copyFileSync(other, f);
    const hashed = await hashClip(f);
    expect(hashed.sha256).toBe(sha256File(f));
    const marked = { ...hashed, sha256: 'f'.repeat(64) };
    expect(linkClip(libraryPaths(t.home), f, marked).sha256).toBe(marked.sha256);
    writeFileSync(f, 'other bytes');
    expect(linkClip(libraryPaths(t.home), f, marked).sha256).toBe(sha256File(f));
  });

  it('a linked row needs its path and a copied row has none (CHECK of schema v14)', () => {
    const row = db.prepare('SELECT * FROM sessions LIMIT 1').get() as Record<string, unknown>;
    const { id: _id, ...rest } = row;
    const insert = (over: Record<string, unknown>) => {
      const r = { ...rest, ...over };
      const cols = Object.keys(r);
      db.prepare(`INSERT INTO sessions (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).run(...Object.values(r));
    };
    expect(() => insert({ clip_storage: 'linked', clip_link_path: null })).toThrow(/CHECK constraint/);
    expect(() => insert({ clip_storage: 'copied', clip_link_path: '/x.mp4' })).toThrow(/CHECK constraint/);
    expect(() => insert({ clip_storage: 'kept', clip_link_path: null })).toThrow(/CHECK constraint/);
  });
});

describe('library.checkClip / library.locateClip (IPC handlers)', () => {
  it('locates only a picked file with the right content, and announces the change', async () => {
    const id = ingestAnalysis(db, linkedInput('linked-ipc', clip));
    const events: unknown[] = [];
    const picked = new PickedFiles();
    const h = clipHandlers({ db, picked, emit: (_name, payload) => events.push(payload) });
    const moved = join(coach, 'moved-ipc.mp4');
    renameSync(clip, moved);
    expect((await h['library.checkClip']({ id })).state).toBe('missing');
    await expect(h['library.locateClip']({ id, path: moved })).rejects.toThrow(/was not chosen in this session/);
    await picked.add(other);
    await expect(h['library.locateClip']({ id, path: other })).rejects.toThrow(/not this session's video/);
    await picked.add(moved);
    expect(await h['library.locateClip']({ id, path: moved })).toMatchObject({ state: 'ok', path: moved });
    expect(events).toEqual([{ kind: 'session', id, change: 'updated' }]);
    renameSync(moved, clip);
  });
});

describe('the media route for a linked clip', () => {
  it('serves the file at the path the library holds, by session id only; a moved file is 404', async () => {
    const id = ingestAnalysis(db, linkedInput('linked-media', clip));
    const access = { libraryDir: libraryPaths(t.home).root, picked: new PickedFiles(), sessionFile: (sid: number, kind: 'clip' | 'thumbnail') => sessionFile(db, sid, kind) };
    const whole = await answerMedia('GET', `/session/${id}/clip`, null, access);
    expect(whole.status).toBe(200);
    expect(whole.body).toEqual({ file: clip, start: 0, end: statSync(clip).size - 1 });
    expect((await answerMedia('GET', `/session/${id}/clip`, 'bytes=0-9', access)).status).toBe(206);
    // The folder route still reaches nothing outside the library.
    expect((await answerMedia('GET', `/library/..${encodeURIComponent(clip)}`, null, access)).status).toBe(403);
    const moved = join(coach, 'moved-media.mp4');
    renameSync(clip, moved);
    expect((await answerMedia('GET', `/session/${id}/clip`, null, access)).status).toBe(404);
    renameSync(moved, clip);
  });
});

describe('exports of a linked session whose video is gone', () => {
  it('refuses the formats that read the video with one line, and still writes the others', async () => {
    const id = ingestAnalysis(db, linkedInput('linked-export', clip));
    const h = exportHandlers({ db, home: t.home, picked: new PickedFiles() } as unknown as HandlerDeps);
    const moved = join(coach, 'moved-export.mp4');
    renameSync(clip, moved);
    try {
      for (const format of ['mp4', 'pdf', 'kva', 'handover'] as const) {
        await expect(h['export.session']({ id, format })).rejects.toThrow(/^the video of "Forehand drills" is not where it was \(/);
      }
      const json = await h['export.session']({ id, format: 'json' });
      expect(json?.files.length).toBeGreaterThan(0);
    } finally {
      renameSync(moved, clip);
    }
  });
});
