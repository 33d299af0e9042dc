/**
 * The coach's stroke corrections (main/library/stroke-corrections.ts, issue 27) on a real analysed
 * clip (a 3 s cut of tennis_forehand_2.mp4; test/support/analysed-clip.ts) in a real library,
 * through the CLI (`library set-contact|set-side|delete-stroke|add-stroke`, `library show --json`):
 * - set-contact at frame F gives the features `analyze --ball-time` gives at F's time on the same pose (within 1 %);
 * - each command's happy path, and bad input is one line with the database unchanged;
 * - `library set-capture-fps` keeps every correction and measures the strokes again at the new rate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseStrokes } from '../../main/analysis/index.js';
import { probeVideo } from '../../main/av/index.js';
import { openLibrary } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { analysedClip, ANALYSED_CLIP_META } from '../support/analysed-clip.js';
import { runCliCapture } from '../cli/run-cli.js';
import { tempHome } from './helpers.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importHandover } from '../../main/export/handover-import.js';
import { exportSession, exportSessionLabels } from '../../main/export/session-export.js';
import { StrokeLabels } from '../eval/labels.js';
import { libraryHandlers } from '../../main/ipc/handlers-library.js';
import { strokeTableHtml } from '../../main/export/report/stroke-sections.js';

const t = tempHome();
let sessionId: number;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  const { clipPath, done } = await analysedClip();
  const video = await probeVideo(clipPath);
  const db = openLibrary(t.home);
  try {
    sessionId = ingestAnalysis(db, {
      player: { name: 'Roger Federer', dominantHand: 'right', heightMm: 1850 },
      session: { sourceClipPath: clipPath, recordedAt: '2026-11-20', sport: 'tennis', swingType: 'forehand_drive', durationS: video.durationS, fps: video.fps, width: video.width, height: video.height },
      analysis: done,
      backend: 'local',
      request: { ...ANALYSED_CLIP_META },
    });
  } finally {
    db.close();
  }
  env = { SWING_STUDIO_HOME: t.home, SWING_STUDIO_API_KEY: undefined, SWING_STUDIO_PROGRESS: undefined };
}, 300_000);
afterAll(() => t.cleanup());

/** Every stored row a correction may change. */
function snapshot(): unknown {
  const db = openLibrary(t.home);
  try {
    return ['strokes', 'features', 'feature_categories', 'analyses'].map((table) => db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all());
  } finally {
    db.close();
  }
}

interface ShownStroke { index: number; side: string; contact: { frameNr: number }; contactSource: string; primary: boolean }
async function shown(): Promise<ShownStroke[]> {
  return (JSON.parse((await runCliCapture(['library', 'show', String(sessionId), '--json'], env)).stdout) as { strokes: ShownStroke[] }).strokes;
}

describe('stroke corrections', () => {
  it('lists where each contact came from', async () => {
    const strokes = await shown();
    expect(strokes.length).toBeGreaterThan(0);
    for (const s of strokes) expect(s.contactSource).toBe('detected');
  });

  it('refuses bad input with one line and changes nothing', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['library', 'set-contact', `${sessionId}:1`, '100000'], /frame 100000 is outside the clip/],
      [['library', 'set-contact', `${sessionId}:99`, '10'], /has no stroke 99/],
      [['library', 'set-contact', '999', '10'], /no session with id 999/],
      [['library', 'set-side', `${sessionId}:99`, 'backhand'], /has no stroke 99/],
      [['library', 'set-side', `${sessionId}:1`, 'smash'], /expected one of forehand, backhand, serve/],
      [['library', 'delete-stroke', `${sessionId}:99`], /has no stroke 99/],
      [['library', 'add-stroke', String(sessionId), '100000', '--side', 'forehand'], /outside the clip/],
      [['library', 'add-stroke', String(sessionId), '10', '--side', 'lob'], /expected one of/],
    ];
    for (const [args, message] of cases) {
      const before = snapshot();
      const run = await runCliCapture(args, env);
      expect(run.code, args.join(' ')).not.toBe(0);
      const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      expect(run.stdout).toBe('');
      expect(snapshot()).toEqual(before);
    }
  });

  it('set-contact gives the features analyze --ball-time gives at that frame (within 1 %)', async () => {
    const primary = (await shown()).find((s) => s.primary)!;
    const frame = primary.contact.frameNr + 3;
    const run = await runCliCapture(['library', 'set-contact', String(sessionId), String(frame)], env);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(new RegExp(`^session ${sessionId}: set-contact done; stroke \\d+ of \\d+, overall \\d+\\n$`));
    const db = openLibrary(t.home);
    try {
      const d = getSessionDetail(db, sessionId)!;
      const stroke = d.strokes.find((s) => s.contact.frameNr === frame)!;
      expect(stroke.contactSource).toBe('coach');
      const i = d.pose3d!.frameNr.indexOf(frame);
      const given = analyseStrokes({
        pose2d: d.pose2d!, pose3d: d.pose3d!, fps: d.session.fps, width: d.session.width, height: d.session.height,
        meta: { ...ANALYSED_CLIP_META, ball_timestamp: d.pose3d!.timestamps[i]! },
      });
      const want = given.result.features;
      expect(stroke.features.map((f) => f.feature_name)).toEqual(want.map((f) => f.feature_name));
      for (const [n, f] of stroke.features.entries()) {
        const w = want[n]!;
        expect(Math.abs(f.value - w.value), f.feature_name).toBeLessThanOrEqual(Math.abs(w.value) * 0.01 + 1e-9);
      }
      // The analysed stroke's top-level features are the corrected stroke's.
      if (stroke.primary) expect(d.features.map((f) => f.value)).toEqual(stroke.features.map((f) => f.value));
    } finally {
      db.close();
    }
  });

  it('sets a side, adds and deletes a stroke', async () => {
    const before = await shown();
    const add = await runCliCapture(['library', 'add-stroke', String(sessionId), '5', '--side', 'backhand'], env);
    expect(add.stderr).toBe('');
    const added = await shown();
    expect(added).toHaveLength(before.length + 1);
    expect(added[0]).toMatchObject({ index: 1, side: 'backhand', contact: { frameNr: 5 }, contactSource: 'coach' });
    const side = await runCliCapture(['library', 'set-side', `${sessionId}:1`, 'serve'], env);
    expect(side.stderr).toBe('');
    expect((await shown())[0]).toMatchObject({ side: 'serve', contactSource: 'coach' });
    const del = await runCliCapture(['library', 'delete-stroke', `${sessionId}:1`], env);
    expect(del.stdout).toMatch(new RegExp(`^session ${sessionId}: delete-stroke done; ${before.length} strokes left`));
    expect((await shown()).map((s) => s.contact.frameNr)).toEqual(before.map((s) => s.contact.frameNr).sort((a, b) => a - b));
  });

  it('travels: the hand-over keeps every correction, the labels export reads back with the harness reader', async () => {
    const src = openLibrary(t.home);
    const other = tempHome();
    try {
      const zip = join(other.home, 'corrected.zip');
      await exportSession(src, sessionId, 'handover', zip);
      const labelsPath = join(other.home, 'labels.json');
      const cli = await runCliCapture(['export', String(sessionId), '--format', 'labels', '--out', labelsPath], env);
      expect([cli.stderr, cli.stdout]).toEqual(['', `${labelsPath}\n`]);
      expect(exportSessionLabels(src, sessionId, join(other.home, 'again.json'))).toEqual([join(other.home, 'again.json')]);
      const a = getSessionDetail(src, sessionId)!;
      const dst = openLibrary(other.home);
      try {
        const r = await importHandover(dst, zip);
        const b = getSessionDetail(dst, r.sessionId)!;
        const view = (d: typeof a) => d.strokes.map((s) => [s.index, s.side, s.twoHanded, s.contact.frameNr, s.contactSource, s.primary, s.features.map((f) => f.value)]);
        expect(view(b)).toEqual(view(a));
        expect(a.strokes.some((s) => s.contactSource === 'coach')).toBe(true);
        // The PDF's stroke table marks the coach's contacts.
        expect(strokeTableHtml(b).split('contact set by the coach').length - 1).toBe(b.strokes.filter((s) => s.contactSource === 'coach').length);
      } finally {
        dst.close();
      }
      const jsonPath = join(other.home, 'analysis.json');
      await exportSession(src, sessionId, 'json', jsonPath);
      const exported = JSON.parse(readFileSync(jsonPath, 'utf8')) as { result: { strokes: Array<{ contact_source: string }> } };
      expect(exported.result.strokes.map((s) => s.contact_source)).toEqual(a.strokes.map((s) => s.contactSource));
      const labels = StrokeLabels.parse(JSON.parse(readFileSync(labelsPath, 'utf8')));
      const clip = Object.values(labels)[0]!;
      expect(clip.strokes.map((l) => l.contact_frame)).toEqual(a.strokes.map((s) => s.contact.frameNr));
      expect(clip.strokes.map((l) => l.stroke)).toEqual(a.strokes.map((s) => (s.side === 'serve' ? 'serve' : `${s.side}${s.twoHanded ? ' (two-handed)' : ''}`)));
      expect(clip.fps).toBe(a.session.fps);
    } finally {
      src.close();
      other.cleanup();
    }
  });

  it('IPC library.correctStroke returns the updated detail and emits library.changed; bad input changes nothing', async () => {
    const db = openLibrary(t.home);
    try {
      const events: unknown[] = [];
      const h = libraryHandlers({ db, emit: ((name: string, payload: unknown) => events.push([name, payload])) });
      const first = getSessionDetail(db, sessionId)!.strokes[0]!;
      const stored = snapshot();
      const reply = await h['library.correctStroke']({ id: sessionId, correction: { op: 'set-contact', strokeIndex: first.index, frame: first.contact.frameNr + 1 } });
      const d = reply.detail;
      expect(d.strokes[0]).toMatchObject({ contact: { frameNr: first.contact.frameNr + 1 }, contactSource: 'coach' });
      expect(events).toEqual([['library.changed', { kind: 'session', id: sessionId, change: 'updated' }]]);
      const corrected = snapshot();
      // Undo: the `before` snapshot puts every stroke back exactly (contact, source, confidence, features); redo: `after`.
      const undone = await h['library.correctStroke']({ id: sessionId, correction: { op: 'restore', result: reply.before } });
      expect(snapshot()).toEqual(stored);
      expect(undone.detail.strokes).toEqual(getSessionDetail(db, sessionId)!.strokes);
      expect(undone.detail.strokes[0]).toEqual(first);
      await h['library.correctStroke']({ id: sessionId, correction: { op: 'restore', result: reply.after } });
      expect(snapshot()).toEqual(corrected);
      const before = snapshot();
      expect(() => h['library.correctStroke']({ id: sessionId, correction: { op: 'delete-stroke', strokeIndex: 50 } })).toThrow(/has no stroke 50/);
      expect(snapshot()).toEqual(before);
    } finally {
      db.close();
    }
  });

  it('set-capture-fps keeps every correction (contacts, sides, a deleted and an added stroke) and measures the strokes again at the new rate', async () => {
    const detail = () => {
      const db = openLibrary(t.home);
      try {
        return getSessionDetail(db, sessionId)!;
      } finally {
        db.close();
      }
    };
    const ok = async (args: string[]) => {
      const run = await runCliCapture(args, env);
      expect(run.stderr, args.join(' ')).toBe('');
      return run.stdout;
    };
    await ok(['library', 'add-stroke', String(sessionId), '5', '--side', 'backhand', '--two-handed']);
    await ok(['library', 'add-stroke', String(sessionId), '12', '--side', 'serve']);
    await ok(['library', 'delete-stroke', `${sessionId}:2`]);
    const d0 = detail();
    const view = (d: typeof d0) => d.strokes.map((s) => [s.index, s.side, s.twoHanded, s.contact.frameNr, s.contactSource, s.primary]);
    expect(view(d0)[0]).toEqual([1, 'backhand', true, 5, 'coach', false]);
    expect(d0.strokes.some((s) => s.contact.frameNr === 12)).toBe(false);
    const coach0 = d0.strokes.find((s) => s.primary)!;
    expect(coach0.contactSource).toBe('coach');

    const out = await ok(['library', 'set-capture-fps', String(sessionId), '240']);
    expect(out).toMatch(new RegExp(`^session ${sessionId}: capture 240 fps; analysis recomputed, the coach's ${d0.strokes.length} strokes kept, contact at frame ${coach0.contact.frameNr}, overall \\d+\\n$`));
    const d1 = detail();
    expect(view(d1)).toEqual(view(d0));
    expect(d1.analysis?.captureFps).toBe(240);
    // The coach's stroke measured again at 240 fps: what `analyze --ball-time` at its frame with that capture rate gives (within 1 %).
    const coach1 = d1.strokes.find((s) => s.primary)!;
    const i = d1.pose3d!.frameNr.indexOf(coach1.contact.frameNr);
    const want = analyseStrokes({
      pose2d: d1.pose2d!, pose3d: d1.pose3d!, fps: d1.session.fps, width: d1.session.width, height: d1.session.height,
      meta: { ...ANALYSED_CLIP_META, capture_fps: 240, ball_timestamp: d1.pose3d!.timestamps[i]! },
    }).result.features;
    expect(coach1.features.map((f) => f.feature_name)).toEqual(want.map((f) => f.feature_name));
    for (const [n, f] of coach1.features.entries()) expect(Math.abs(f.value - want[n]!.value), f.feature_name).toBeLessThanOrEqual(Math.abs(want[n]!.value) * 0.01 + 1e-9);
    expect(coach1.features.map((f) => f.value)).not.toEqual(coach0.features.map((f) => f.value));
    expect(coach1.contact.realTime).toBeCloseTo((coach1.contact.timestamp * d1.session.fps) / 240, 2);

    // Back to real time: the same strokes, the coach's stroke with its real-time values again.
    expect(await ok(['library', 'set-capture-fps', String(sessionId), 'none'])).toMatch(/: real time; analysis recomputed, the coach's \d+ strokes kept/);
    const d2 = detail();
    expect(view(d2)).toEqual(view(d0));
    expect(d2.strokes.find((s) => s.primary)!.features.map((f) => f.value)).toEqual(coach0.features.map((f) => f.value));
  });
});
