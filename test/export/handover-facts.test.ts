/**
 * What the hand-over import can measure, it measures (issue 25, finding 6): a hand-over whose
 * analysis.json claims fps 1000, 100000×1 px and 36000 s for the real 3 s clip is stored with the
 * probe's duration, frame rate and size; a height of 1e308 mm, a recording date
 * "2026-13-45T99:99", 50 MB of notes or 100k tags are refused with one line naming the field, by
 * the rules of main/contract/fields.ts, and the library stays empty and small. Before the fix all
 * of it was stored as claimed (the database grew to 163 MB).
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { probeVideo } from '../../main/av/index.js';
import { HandoverError, importHandover } from '../../main/export/handover-import.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { pathsOf } from '../../main/library/paths.js';
import { handoverLibraries, rewrittenZip } from './support/handover-libraries.js';

const h = handoverLibraries('handover-facts-');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Claims {
  player: Record<string, unknown>;
  session: Record<string, unknown>;
}

/** The hand-over with analysis.json's player and session edited by `edit` (checksums kept right). */
function claiming(edit: (a: Claims) => void): string {
  return rewrittenZip(h.zipPath, h.home, (e) => {
    const a = JSON.parse(e.get('analysis.json')!.toString()) as Claims;
    edit(a);
    e.set('analysis.json', Buffer.from(JSON.stringify(a)));
    const m = JSON.parse(e.get('manifest.json')!.toString()) as { sha256: Record<string, string> };
    m.sha256['analysis.json'] = sha(e.get('analysis.json')!);
    e.set('manifest.json', Buffer.from(JSON.stringify(m)));
  });
}

const counts = () =>
  h.db
    .prepare(
      'SELECT (SELECT count(*) FROM sessions) s, (SELECT count(*) FROM players) p, (SELECT count(*) FROM tags) t',
    )
    .get();

/** Bytes of the library database with its WAL. */
function databaseBytes(): number {
  const db = pathsOf(h.db).dbPath;
  return statSync(db).size + (statSync(`${db}-wal`, { throwIfNoEntry: false })?.size ?? 0);
}

const fiftyMb = 'x'.repeat(50 * 1024 * 1024);
const manyTags = Array.from({ length: 100_000 }, (_, i) => `tag-${i}`);

describe('hand-over facts', () => {
  it('stores the clip facts the probe measures, not the claimed fps 1000, 100000x1 px, 36000 s', async () => {
    const zip = claiming((a) => Object.assign(a.session, { fps: 1000, width: 100_000, height: 1, duration_s: 36_000 }));
    const r = await importHandover(h.db, zip);
    const s = getSessionDetail(h.db, r.sessionId)!.session;
    const probe = await probeVideo(h.fx.clipPath);
    expect([s.fps, s.width, s.height, s.durationS]).toEqual([probe.fps, probe.width, probe.height, probe.durationS]);
    expect(s.durationS).toBeGreaterThan(2.5);
    expect(s.durationS).toBeLessThan(3.5);
    expect(s.fps).toBeLessThan(241);
  });

  it.each<[string, (a: Claims) => void, string]>([
    [
      'a height of 1e308 mm',
      (a) => (a.player.height_mm = 1e308),
      'analysis.json: player.height_mm: player height must be between 500 and 2800 mm (got 1e+308)',
    ],
    [
      'recorded_at "2026-13-45T99:99"',
      (a) => (a.session.recorded_at = '2026-13-45T99:99'),
      'analysis.json: session.recorded_at: expected an ISO 8601 date (2026-11-20) or date-time with zone (2026-11-20T10:00:00Z) (got "2026-13-45T99:99")',
    ],
    [
      '50 MB of notes',
      (a) => (a.session.notes = fiftyMb),
      'analysis.json: session.notes: notes are at most 20000 characters',
    ],
    ['100k tags', (a) => (a.session.tags = manyTags), 'analysis.json: session.tags: at most 50 tags'],
    [
      'a 50 MB player note',
      (a) => (a.player.notes = fiftyMb),
      'analysis.json: player.notes: notes are at most 20000 characters',
    ],
    [
      'a title of 10,000 characters',
      (a) => (a.session.title = 't'.repeat(10_000)),
      'analysis.json: session.title: title is at most 200 characters',
    ],
    [
      'all of them at once',
      (a) => {
        Object.assign(a.session, {
          fps: 1000,
          width: 100_000,
          height: 1,
          duration_s: 36_000,
          recorded_at: '2026-13-45T99:99',
          notes: fiftyMb,
          tags: manyTags,
        });
        a.player.height_mm = 1e308;
      },
      'analysis.json: player.height_mm: player height must be between 500 and 2800 mm (got 1e+308)',
    ],
  ])('refuses %s with one line naming the field; nothing is stored', async (_name, edit, message) => {
    const zip = claiming(edit);
    const before = databaseBytes();
    const err = await importHandover(h.db, zip).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HandoverError);
    expect((err as HandoverError).code).toBe('invalid');
    expect((err as HandoverError).message).toBe(message);
    expect(counts()).toEqual({ s: 0, p: 0, t: 0 });
    expect(databaseBytes()).toBeLessThan(before + 64 * 1024);
    expect(databaseBytes()).toBeLessThan(2 * 1024 * 1024);
  });
});
