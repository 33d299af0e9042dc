/**
 * Comparing any stroke of a multi-stroke session (issue 12): tennis_forehand_1.mp4 analysed whole
 * by the real pipeline (two forehands, ../shared/media/labels/strokes.json) and stored once.
 * `swing-studio export --compare <id>:2 <id>:1` writes a report of stroke 2 against stroke 1 of
 * the same session: their numbers, contacts and feature values (each stroke's own, not the
 * session's top-level ones) in the PDF; the side-by-side plan pairs the two contact frames of the
 * strokes table; unknown strokes, the same stroke twice and malformed references are refused.
 * The report's first page is saved as test-artifacts/export/compare-strokes-report-1.png.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from '../../main/av/index.js';
import { comparedStroke, exportComparison } from '../../main/export/compare-export.js';
import { comparePlan } from '../../main/export/compare-video.js';
import { reportNumber } from '../../main/export/report/compare-report.js';
import { openLibrary, type WritableDb } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { formatStrokeRef, parseStrokeRef } from '../../main/contract/stroke-ref.js';
import type { SessionDetail } from '../../main/library/library-types.js';
import { analysedForehand1Clip, FOREHAND_1_META } from '../support/analysed-clip.js';
import { runCliCapture } from '../cli/run-cli.js';
import { REPO_ROOT } from '../support/media.js';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'export');

let home: string;
/** Where the exports go: beside the home, as exports refuse targets inside it (main/export/output-path.ts). */
let outDir: string;
let db: WritableDb;
let id = 0;
let detail: SessionDetail;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'compare-strokes-'));
  outDir = mkdtempSync(join(tmpdir(), 'compare-strokes-out-'));
  db = openLibrary(home);
  const clip = await analysedForehand1Clip();
  const info = await probeVideo(clip.clipPath);
  id = ingestAnalysis(db, {
    player: { name: 'Novak Example', dominantHand: 'right', heightMm: FOREHAND_1_META.player_height_mm },
    session: { sourceClipPath: clip.clipPath, recordedAt: '2026-11-23', sport: 'tennis', swingType: 'forehand_drive', durationS: info.durationS, fps: info.fps, width: info.width, height: info.height, title: 'Two forehands', captureFps: FOREHAND_1_META.capture_fps },
    analysis: clip.done,
    backend: 'local',
  });
  detail = getSessionDetail(db, id)!;
}, 600_000); // a cold analysis cache analyses the whole clip (65 s alone on the 2-core machine, several minutes under load)

afterAll(() => {
  db?.close();
  if (home) rmSync(home, { recursive: true, force: true });
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('comparison of two strokes of one session', () => {
  it('reads and writes stroke references', () => {
    expect(parseStrokeRef('12')).toEqual({ sessionId: 12, strokeIndex: null });
    expect(parseStrokeRef(' 12:2 ')).toEqual({ sessionId: 12, strokeIndex: 2 });
    for (const bad of ['', '0', '12:0', '12:', ':2', '12:2:3', '-1', '1.5', 'a:1']) expect(parseStrokeRef(bad)).toBeNull();
    expect(formatStrokeRef({ sessionId: 12, strokeIndex: 2 })).toBe('12:2');
    expect(formatStrokeRef({ sessionId: 12, strokeIndex: null })).toBe('12');
  });

  it('pairs the contact frames of the strokes table (stroke 2 first, stroke 1 second)', () => {
    // The labelled forehands are at frames 134 and 472: both found, stroke 1 analysed at the top level.
    expect(detail.strokes.map((s) => s.side)).toEqual(['forehand', 'forehand']);
    const [s1, s2] = detail.strokes as [SessionDetail['strokes'][number], SessionDetail['strokes'][number]];
    expect(Math.abs(s1.contact.frameNr - 134)).toBeLessThanOrEqual(3);
    expect(Math.abs(s2.contact.frameNr - 472)).toBeLessThanOrEqual(3);
    const a = comparedStroke(db, { sessionId: id, strokeIndex: 2 });
    const b = comparedStroke(db, { sessionId: id, strokeIndex: 1 });
    expect(a.stroke?.index).toBe(2);
    expect(a.features).toEqual(s2.features);
    expect(a.overallScore).toBe(s2.overallScore);
    const plan = comparePlan(a, b);
    const [ca, cb] = [a.pose2d.frameNr.indexOf(s2.contact.frameNr), b.pose2d.frameNr.indexOf(s1.contact.frameNr)];
    expect(plan.strokes.map((s) => s.contactIndex)).toEqual([ca, cb]);
    const at = plan.firstFrames.indexOf(ca);
    expect(at).toBeGreaterThan(0);
    expect(plan.secondFrames[at]).toBe(cb);
    console.log(`stroke 2 contact at pose frame ${ca} (clip frame ${s2.contact.frameNr}), stroke 1 at ${cb} (${s1.contact.frameNr}); ${plan.firstFrames.length} output frames, contact at ${at}`);
  });

  it('pdf (export --compare <id>:2 <id>:1): each stroke’s number, contact and own feature values', async () => {
    const [s1, s2] = detail.strokes as [SessionDetail['strokes'][number], SessionDetail['strokes'][number]];
    const pdf = join(outDir, 'strokes.pdf');
    const run = await runCliCapture(['export', '--compare', `${id}:2`, `${id}:1`, '--format', 'pdf', '--out', pdf], { SWING_STUDIO_HOME: home });
    expect(run).toEqual({ code: 0, stdout: `${pdf}\n`, stderr: '' });
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(`Stroke 2 of 2 · forehand · contact at ${s2.contact.timestamp.toFixed(2)} s`);
    expect(text).toContain(`Stroke 1 of 2 · forehand · contact at ${s1.contact.timestamp.toFixed(2)} s`);
    expect(text).toContain(`First stroke Second stroke ${Math.round(s2.overallScore!)} ${Math.round(s1.overallScore!)} `);
    let differs = 0;
    for (const f of s2.features) {
      const unit = typeof f.unit === 'string' && f.unit ? ` ${f.unit}` : '';
      expect(text.toLowerCase()).toContain(`${reportNumber(f.value)}${unit} ${Math.round(f.score)} · ${f.level}`.toLowerCase());
      const top = detail.features.find((g) => g.feature_name === f.feature_name);
      if (top && reportNumber(top.value) !== reportNumber(f.value)) differs++;
    }
    // Stroke 2's values are not the session's top-level (stroke 1's) ones.
    expect(differs).toBeGreaterThan(3);
    mkdirSync(ARTIFACTS, { recursive: true });
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, join(ARTIFACTS, 'compare-strokes-report')]);
  });

  it('refuses a stroke the session lacks, the same stroke twice (one stderr line) and a malformed reference (with the usage), no file', async () => {
    const out = join(outDir, 'x.pdf');
    const cli = (refs: string[]) => runCliCapture(['export', '--compare', ...refs, '--format', 'pdf', '--out', out], { SWING_STUDIO_HOME: home });
    for (const [refs, message] of [
      [[`${id}:9`, `${id}:1`], new RegExp(`session ${id} has no stroke 9 \\(it has strokes 1–2\\)`)],
      [[`${id}:1`, String(id)], /compare two different strokes \(got \d+:1 and \d+, the same stroke\)/],
    ] as const) {
      const run = await cli([...refs]);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
    const bad = await cli([`${id}:0`, String(id)]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr.split('\n')[0]).toMatch(/expected a session id or <session-id>:<stroke> \(e\.g\. 12 or 12:2\), got "\d+:0"/);
    await expect(exportComparison(db, { sessionId: id, strokeIndex: 2 }, { sessionId: id, strokeIndex: 2 }, 'mp4', join(outDir, 'x.mp4'))).rejects.toThrow(/two different strokes/);
    expect(readdirSync(outDir).filter((n) => n.startsWith('x.'))).toEqual([]);
  });
});
