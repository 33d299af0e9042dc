/**
 * Session hand-over: export then import into an empty library gives an equal session; importing
 * twice creates no duplicate; a same-name player is merged only when asked; a different session
 * with the same id is never overwritten; tampered ZIPs (path traversal, bomb, missing entry,
 * altered bytes) are refused with a clear error and the receiving library is unchanged.
 */
import { testFfprobe } from '../support/ffmpeg-cli.js';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArchiveError } from '../../main/archive/errors.js';
import { HandoverError, importHandover } from '../../main/export/handover-import.js';
import { exportSession } from '../../main/export/session-export.js';
import type { WritableDb } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { setCaptureFps } from '../../main/library/recompute.js';
import { createPlayer } from '../../main/library/players.js';
import { zeroBombEntry, zipEntry, type RawZipEntry } from '../support/fault-zip.js';
import { mediaPath } from '../support/media.js';
import { handoverLibraries, rewrittenZip } from './support/handover-libraries.js';

const h = handoverLibraries('handover-target-');

const counts = (d: WritableDb) =>
  d
    .prepare(
      'SELECT (SELECT count(*) FROM sessions) s, (SELECT count(*) FROM players) p, (SELECT count(*) FROM features) f',
    )
    .get();
const integrity = (d: WritableDb) => d.pragma('integrity_check', { simple: true });

/** Rewrites the hand-over with `edit` applied to its entries (name → bytes), `extra` entries appended. */
const tampered = (edit: (entries: Map<string, Buffer>) => void, extra: RawZipEntry[] = []): string =>
  rewrittenZip(h.zipPath, h.home, edit, extra);

describe('session hand-over', () => {
  it('export then import gives an equal session; a second import changes nothing', async () => {
    const r = await importHandover(h.db, h.zipPath);
    expect(r.created).toBe(true);
    const a = h.fx.detail;
    const b = getSessionDetail(h.db, r.sessionId)!;
    expect(b.player.name).toBe(a.player.name);
    expect(b.player.heightMm).toBe(a.player.heightMm);
    expect(b.session.clipSha256).toBe(a.session.clipSha256);
    expect(readFileSync(b.session.clipPath).equals(readFileSync(a.session.clipPath))).toBe(true);
    expect([b.session.title, b.session.notes, b.session.recordedAt]).toEqual([
      a.session.title,
      a.session.notes,
      a.session.recordedAt,
    ]);
    expect(b.session.tags.sort()).toEqual(a.session.tags.sort());
    expect(b.analysis!.uid).toBe(a.analysis!.uid);
    expect(b.features.map((f) => [f.feature_name, f.value, f.score, f.level])).toEqual(
      a.features.map((f) => [f.feature_name, f.value, f.score, f.level]),
    );
    expect(b.categories).toEqual(a.categories);
    expect(b.kineticChain).toEqual(a.kineticChain);
    expect(Array.from(b.pose2d!.keypoints)).toEqual(Array.from(a.pose2d!.keypoints));
    expect(Array.from(b.pose3d!.keypoints)).toEqual(Array.from(a.pose3d!.keypoints));
    // The engine's ball candidates travel too (the JSON export's ball_candidates), so a recompute
    // after the import judges the swings as before it.
    expect(a.ball?.frames).toBe(a.pose2d!.frames);
    expect(b.ball).toEqual(a.ball);
    const before = counts(h.db);
    expect(await importHandover(h.db, h.zipPath)).toEqual({ sessionId: r.sessionId, created: false });
    expect(counts(h.db)).toEqual(before);
  });

  it('asks before merging a player with the same name', async () => {
    const existing = createPlayer(h.db, { name: 'Roger Test', dominantHand: 'right', heightMm: 1850 });
    const before = counts(h.db);
    const err = await importHandover(h.db, h.zipPath).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HandoverError);
    expect((err as HandoverError).code).toBe('player-exists');
    expect((err as HandoverError).playerId).toBe(existing.id);
    expect(counts(h.db)).toEqual(before);
    const merged = await importHandover(h.db, h.zipPath, { playerMerge: 'merge' });
    expect(getSessionDetail(h.db, merged.sessionId)!.player.id).toBe(existing.id);
  });

  it('imports as a new player when told to', async () => {
    createPlayer(h.db, { name: 'Roger Test', dominantHand: 'left', heightMm: 1700 });
    const r = await importHandover(h.db, h.zipPath, { playerMerge: 'new' });
    expect(getSessionDetail(h.db, r.sessionId)!.player.name).toBe('Roger Test (2)');
  });

  it('never overwrites a different session with the same id', async () => {
    await importHandover(h.db, h.zipPath);
    const before = counts(h.db);
    const other = tampered((e) => {
      const a = JSON.parse(e.get('analysis.json')!.toString()) as {
        result: { features: { value: number }[] };
      };
      a.result.features[0]!.value += 1;
      e.set('analysis.json', Buffer.from(JSON.stringify(a)));
      const m = JSON.parse(e.get('manifest.json')!.toString()) as { sha256: Record<string, string> };
      m.sha256['analysis.json'] = createHash('sha256').update(e.get('analysis.json')!).digest('hex');
      e.set('manifest.json', Buffer.from(JSON.stringify(m)));
    });
    await expect(importHandover(h.db, other)).rejects.toThrow(
      /a different session \(\d+\) already has analysis id/,
    );
    expect(counts(h.db)).toEqual(before);
  });

  it('refuses a clip that is an HLS playlist naming a local video, even with matching checksums', async () => {
    const playlist = Buffer.from(
      `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${mediaPath('balance_portrait_60fps_1.mp4')}\n#EXT-X-ENDLIST\n`,
    );
    const bad = tampered((e) => {
      const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
      e.set('clip.mp4', playlist);
      const a = JSON.parse(e.get('analysis.json')!.toString()) as { session: { clip_sha256: string } };
      a.session.clip_sha256 = sha(playlist);
      e.set('analysis.json', Buffer.from(JSON.stringify(a)));
      const m = JSON.parse(e.get('manifest.json')!.toString()) as { sha256: Record<string, string> };
      m.sha256['clip.mp4'] = sha(playlist);
      m.sha256['analysis.json'] = sha(e.get('analysis.json')!);
      e.set('manifest.json', Buffer.from(JSON.stringify(m)));
    });
    const before = counts(h.db);
    await expect(importHandover(h.db, bad)).rejects.toThrow(
      /clip\.mp4: not a video clip Swing Studio can read/,
    );
    // The same with a system ffprobe (FFPROBE_PATH): main/av/cli-input.ts confines it alike.
    process.env.FFPROBE_PATH = testFfprobe();
    try {
      await expect(importHandover(h.db, bad)).rejects.toThrow(/clip\.mp4: not a video clip Swing Studio can read/);
    } finally {
      delete process.env.FFPROBE_PATH;
    }
    expect(counts(h.db)).toEqual(before);
  });

  it.each([
    [
      'a path-traversal entry',
      () => tampered(() => undefined, [zipEntry('../evil.txt', Buffer.from('x'))]),
      ArchiveError,
      /unsafe-path|absolute or contains/,
    ],
    [
      'a zip bomb',
      () => tampered(() => undefined, [zeroBombEntry('bomb.bin', 1100)]),
      ArchiveError,
      /bomb\.bin: declares \d+ bytes, at most \d+ allowed/,
    ],
    [
      'a zip bomb that lies about its size',
      () => tampered(() => undefined, [zeroBombEntry('bomb.bin', 1100, 1000)]),
      ArchiveError,
      /bomb\.bin/,
    ],
    [
      'a missing archive entry',
      () => tampered((e) => e.delete('archive.zip')),
      HandoverError,
      /archive\.zip: entry is missing/,
    ],
    [
      'altered clip bytes',
      () => tampered((e) => e.set('clip.mp4', Buffer.concat([e.get('clip.mp4')!, Buffer.from('x')]))),
      HandoverError,
      /clip\.mp4: SHA-256 does not match/,
    ],
    [
      'not a zip at all',
      () => {
        const p = join(h.home, 'x.zip');
        writeFileSync(p, 'hello');
        return p;
      },
      ArchiveError,
      /not a readable ZIP/,
    ],
  ])('refuses %s and leaves the library unchanged', async (_name, make, type, message) => {
    const bad = make();
    const before = counts(h.db);
    let err: unknown;
    try {
      await importHandover(h.db, bad);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(type);
    expect(String((err as Error).message)).toMatch(message);
    expect(counts(h.db)).toEqual(before);
    expect(integrity(h.db)).toBe('ok');
  });
});

describe('hand-over of a slow-motion session', () => {
  it('carries the capture frame rate and the real-time analysis', async () => {
    setCaptureFps(h.fx.db, h.fx.sessionId, 240);
    const a = getSessionDetail(h.fx.db, h.fx.sessionId)!;
    const slowZip = join(h.fx.home, 'handover-240.zip');
    await exportSession(h.fx.db, h.fx.sessionId, 'handover', slowZip);
    const r = await importHandover(h.db, slowZip);
    const b = getSessionDetail(h.db, r.sessionId)!;
    expect([b.session.captureFps, b.analysis?.captureFps]).toEqual([240, 240]);
    expect(b.features.map((f) => [f.feature_name, f.value])).toEqual(a.features.map((f) => [f.feature_name, f.value]));
    expect(integrity(h.db)).toBe('ok');
  });
});
