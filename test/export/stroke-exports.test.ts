/**
 * Exports of a session with several strokes (issue 11): the real analysed clip's result with
 * three strokes (two analysed forehands whose values differ by 2, one backhand listed) carries
 * them into the feature CSV (`stroke` column), the JSON export, the hand-over (imported back
 * equal), the session PDF (stroke table, consistency section; pages saved as PNG under
 * test-artifacts/export/) and the progress report (mean score ± spread).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoneLine, Feature, Stroke } from '../../main/contract/technique-schema.js';
import { probeVideo } from '../../main/av/index.js';
import { AnalysisExport, analysisExport } from '../../main/export/analysis-json.js';
import { featuresCsv } from '../../main/export/features-csv.js';
import { importHandover } from '../../main/export/handover-import.js';
import { playerProgressPage } from '../../main/export/player-export.js';
import { exportSession } from '../../main/export/session-export.js';
import { openLibrary, type WritableDb } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import type { SessionDetail } from '../../main/library/library-types.js';
import { analysedClip } from '../support/analysed-clip.js';
import { featureTable } from '../../main/cli/tables.js';
import { warning } from '../../main/contract/warning.js';
import { REPO_ROOT } from '../support/media.js';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'export');

function stroke(features: Feature[], index: number, frame: number, fps: number, shift: number, side: 'forehand' | 'backhand'): Stroke {
  const analysed = side === 'forehand';
  const fs = features.map((f) => ({ ...f, value: f.value + shift }));
  return {
    index,
    side,
    two_handed: false,
    swing_type: `${side}_drive`,
    contact: { frame_nr: frame, timestamp: frame / fps, real_time: frame / fps },
    confidence: 0.8,
    hand_measured: true,
    features: analysed ? fs : [],
    feature_categories: {},
    ...(analysed ? { overall_score: fs.reduce((a, f) => a + f.score, 0) / fs.length } : {}),
  };
}

let home: string;
let db: WritableDb;
let d: SessionDetail;
let done: DoneLine;
beforeAll(async () => {
  const clip = await analysedClip();
  const info = await probeVideo(clip.clipPath);
  const f = clip.done.result.features;
  const strokes = [stroke(f, 1, 20, info.fps, 2, 'forehand'), stroke(f, 2, 40, info.fps, 0, 'backhand'), stroke(f, 3, 60, info.fps, 0, 'forehand')];
  done = { ...clip.done, uid: 'three-strokes', result: { ...clip.done.result, strokes, stroke_index: 3 } };
  home = mkdtempSync(join(tmpdir(), 'stroke-exports-'));
  db = openLibrary(join(home, 'a'));
  const ingest = (uid: string, recordedAt: string, analysis: DoneLine) =>
    ingestAnalysis(db, {
      player: { name: 'Rally Player', dominantHand: 'right', heightMm: 1850 },
      session: { sourceClipPath: clip.clipPath, recordedAt, sport: 'tennis', swingType: 'forehand_drive', durationS: info.durationS, fps: info.fps, width: info.width, height: info.height, title: 'Feeding drill', tags: [] },
      analysis: { ...analysis, uid },
      backend: 'local',
    });
  ingest('earlier', '2026-10-01T10:00:00Z', clip.done);
  d = getSessionDetail(db, ingest('three-strokes', '2026-11-02T10:00:00Z', done))!;
  mkdirSync(ARTIFACTS, { recursive: true });
}, 300_000);
afterAll(() => {
  db?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('exports of a session with three strokes', () => {
  it('the session holds them: two analysed forehands, consistency over them', () => {
    expect(d.strokes.map((s) => [s.index, s.side, s.primary, s.features.length > 0])).toEqual([
      [1, 'forehand', false, true],
      [2, 'backhand', false, false],
      [3, 'forehand', true, true],
    ]);
    expect(d.consistency.every((c) => c.n === 2 && Math.abs(c.sd - 1.414) < 0.001)).toBe(true);
  });

  it('feature CSV: one row per feature of each analysed stroke, with its stroke number, side and contact frame', () => {
    const rows = parse<Record<string, string>>(featuresCsv([d]), { columns: true });
    expect(rows).toHaveLength(2 * done.result.features.length);
    expect(rows.map((r) => [r.stroke, r.stroke_side, r.stroke_contact_frame_nr])).toEqual([
      ...done.result.features.map(() => ['1', 'forehand', '20']),
      ...done.result.features.map(() => ['3', 'forehand', '60']),
    ]);
    const first = done.result.features[0]!;
    expect(rows.filter((r) => r.feature_name === first.feature_name).map((r) => Number(r.value))).toEqual([first.value + 2, first.value]);
  });

  it('JSON export: strokes, stroke_index and consistency, valid against its schema', () => {
    const j = AnalysisExport.parse(JSON.parse(JSON.stringify(analysisExport(d))));
    expect(j.result.strokes!.map((s) => [s.index, s.side, s.contact.frame_nr])).toEqual([
      [1, 'forehand', 20],
      [2, 'backhand', 40],
      [3, 'forehand', 60],
    ]);
    expect(j.result.stroke_index).toBe(3);
    expect(j.result.consistency).toEqual(d.consistency);
  });

  it('hand-over: the imported session has the same strokes and consistency', async () => {
    const zip = join(home, 'handover.zip');
    await exportSession(db, d.session.id, 'handover', zip);
    const other = openLibrary(join(home, 'b'));
    try {
      const r = await importHandover(other, zip);
      const b = getSessionDetail(other, r.sessionId)!;
      expect(b.strokes).toEqual(d.strokes);
      expect(b.consistency).toEqual(d.consistency);
    } finally {
      other.close();
    }
  });

  it('session PDF: the stroke table and the consistency section', async () => {
    const pdf = join(home, 'report.pdf');
    await exportSession(db, d.session.id, 'pdf', pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Strokes');
    expect(text).toMatch(/3 ?★ forehand [\d.]+ s · frame 60 0\.80/);
    expect(text).toContain('2 backhand');
    expect(text).toContain('not analysed');
    expect(text).toContain('3 strokes found, 2 analysed as forehand drive');
    expect(text).toContain('Consistency');
    const f = d.strokes[0]!.features[0]!;
    expect(text).toContain(`${f.feature_human_readable_name} ${(f.value - 1).toFixed(2)} ${f.unit} 1.41 ${f.unit}`);
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf, join(ARTIFACTS, 'strokes-session-report')]);
  });

  it('CLI table: the strokes and their consistency under the features', () => {
    const text = featureTable(d);
    expect(text).toMatch(/Strokes: 1 forehand 0\.67 s \([\d.]+\), 2 backhand 1\.33 s \(not analysed\), 3\* forehand 2\.00 s \([\d.]+\)/);
    expect(text).toMatch(/Consistency over 2 strokes: \w+ CV \d+ %/);
    // A clip that looks slowed: the speeds line says they are not scored and how to measure them.
    const slowed = featureTable({ ...d, analysis: { ...d.analysis!, captureFps: null, slowMotionGuess: { factor: 8.7, suggestedCaptureFps: 240 } } });
    expect(slowed).toContain('Speeds: not scored: the clip looks slowed down about 8.7× (give --capture-fps 240 to measure them in real time)\n');
    // A warning said for each of many strokes: one line, how often and where (the details stay in --json).
    const ruled = (f: number) => warning('swing-ruled-out', 'info', 'A swing was not counted as a stroke.', { frames: { from: f, to: f }, detail: `swing at frame ${f} not counted` });
    const many = featureTable({ ...d, analysis: { ...d.analysis!, warnings: [ruled(12), ruled(40), ruled(95)] } });
    expect(many.split('\n').filter((l) => l.includes('not counted'))).toEqual(['info: A swing was not counted as a stroke. (3 times: frames 12, 40, 95)']);
    expect(featureTable({ ...d, analysis: { ...d.analysis!, warnings: [ruled(12)] } })).toContain('\ninfo: A swing was not counted as a stroke. — swing at frame 12 not counted');
  });

  it('progress report: the session with strokes counts with their mean score and its spread', () => {
    const html = playerProgressPage(db, d.player);
    const f = d.strokes[0]!.features[0]!;
    expect(html).toContain(f.feature_human_readable_name);
    expect(html).toMatch(/<td>\d+ <span class="spread">±\d+ \(2\)<\/span><\/td>/);
  });
});
