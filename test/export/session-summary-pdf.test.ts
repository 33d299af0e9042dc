/**
 * The session PDF of a long practice session summarises its strokes (issue 29 item 5): a
 * synthetic analysis of 300 strokes on the real analysed clip (its features, values moved per
 * stroke; forehands, backhands and serves; contacts spread over the clip's frames) gives a report
 * of a bounded number of pages with the counts by type and side, each feature's min / median /
 * max, and the best and worst three strokes with their contact key frames — no row per stroke.
 * Pages saved as PNG under test-artifacts/export/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from '../../main/av/index.js';
import type { Feature, Stroke } from '../../main/contract/technique-schema.js';
import { sessionReportHtml } from '../../main/export/report/session-report.js';
import { rankedStrokes, summarises } from '../../main/export/report/session-summary.js';
import { exportSession } from '../../main/export/session-export.js';
import { openLibrary, type WritableDb } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import type { SessionDetail } from '../../main/library/library-types.js';
import { analysedClip } from '../support/analysed-clip.js';
import { REPO_ROOT } from '../support/media.js';

const STROKES = 300;
/** Most pages the summarised report may take (measured: 4 pages of A4; without key frames 3, where the 300-row stroke table took 9). */
const MAX_PAGES = 6;
const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'export');

/** Stroke i (1-based): sides cycle forehand, forehand, backhand, serve; drive features' values and scores moved by a fixed pattern. */
function stroke(features: Feature[], i: number, frames: number, fps: number): Stroke {
  const side = (['forehand', 'forehand', 'backhand', 'serve'] as const)[i % 4]!;
  const frame = Math.round(((i - 1) / STROKES) * (frames - 1));
  const shift = ((i * 7) % 23) - 11;
  const analysed = side !== 'serve';
  const fs = analysed ? features.map((f) => ({ ...f, value: f.value + shift / 10, score: Math.min(100, Math.max(0, f.score + shift)) })) : [];
  return {
    index: i,
    side,
    two_handed: side === 'backhand' && i % 3 === 0,
    swing_type: side === 'serve' ? 'serve' : `${side}_drive`,
    contact: { frame_nr: frame, timestamp: frame / fps, real_time: frame / fps },
    confidence: 0.8,
    hand_measured: true,
    features: fs,
    feature_categories: {},
    ...(analysed ? { overall_score: fs.reduce((a, f) => a + f.score, 0) / fs.length } : {}),
  };
}

let home: string;
let db: WritableDb;
let d: SessionDetail;
beforeAll(async () => {
  const clip = await analysedClip();
  const info = await probeVideo(clip.clipPath);
  const strokes = Array.from({ length: STROKES }, (_, k) => stroke(clip.done.result.features, k + 1, info.frameCount, info.fps));
  home = mkdtempSync(join(tmpdir(), 'session-summary-'));
  db = openLibrary(join(home, 'a'));
  const id = ingestAnalysis(db, {
    player: { name: 'Practice Player', dominantHand: 'right', heightMm: 1850 },
    session: { sourceClipPath: clip.clipPath, recordedAt: '2026-11-27T10:00:00Z', sport: 'tennis', swingType: 'forehand_drive', durationS: info.durationS, fps: info.fps, width: info.width, height: info.height, title: 'Basket drill', tags: [] },
    analysis: { ...clip.done, uid: 'three-hundred', result: { ...clip.done.result, strokes, stroke_index: 1 } },
    backend: 'local',
  });
  d = getSessionDetail(db, id)!;
  mkdirSync(ARTIFACTS, { recursive: true });
}, 300_000);
afterAll(() => {
  db?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe(`session PDF of ${STROKES} strokes`, () => {
  it('summarises instead of listing: no row per stroke in the page', () => {
    expect(d.strokes).toHaveLength(STROKES);
    expect(summarises(d)).toBe(true);
    expect(summarises({ strokes: d.strokes.slice(0, 20) })).toBe(false);
    const html = sessionReportHtml(d, []);
    expect(html).not.toContain('<table class="strokes">');
    expect(html).toContain('<table class="stroke-counts">');
    expect(html.match(/<figure class="ranked"/g)).toHaveLength(6);
    // The best and worst three by overall score, none in both.
    const { best, worst } = rankedStrokes(d.strokes);
    const scores = d.strokes.flatMap((s) => (s.overallScore === null ? [] : [s.overallScore]));
    expect(best[0]?.overallScore).toBe(Math.max(...scores));
    expect(worst[0]?.overallScore).toBe(Math.min(...scores));
    expect(best.filter((s) => worst.includes(s))).toEqual([]);
  });

  it('the PDF: bounded pages, the counts, each feature spread, best and worst strokes with key frames', async () => {
    const pdf = join(home, 'report.pdf');
    await exportSession(db, d.session.id, 'pdf', pdf);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    const images = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n').length - 2;
    console.log(`summarised report of ${STROKES} strokes: ${pages} pages, ${images} images`);
    expect(pages).toBeLessThanOrEqual(MAX_PAGES);
    expect(text).toContain(`${STROKES} strokes found, 225 analysed as forehand drive, 225 with an overall score`);
    expect(text).toContain('Strokes by type and side');
    expect(text).toMatch(/Forehand drive forehand 150 150 \d+ \/ \d+ \/ \d+/);
    expect(text).toMatch(/Serve serve 75 0 –/);
    expect(text).toContain('Each feature over the strokes');
    const f = d.strokes[0]!.features[0]!;
    expect(text).toMatch(new RegExp(`${f.feature_human_readable_name.replace(/[()]/g, '.')} .*?225 \\d+ / \\d+ / \\d+ -?[\\d.]+ / -?[\\d.]+ / -?[\\d.]+`));
    const { best, worst } = rankedStrokes(d.strokes);
    for (const s of best) expect(text).toContain(`Best: stroke ${s.index} · ${s.side}`);
    for (const s of worst) expect(text).toContain(`Worst: stroke ${s.index} · ${s.side}`);
    expect(text).not.toContain('No frame');
    // Six ranked strokes' frames besides the report's own key frames.
    expect(images).toBeGreaterThanOrEqual(6);
    // No row per stroke: stroke 150's contact line of the stroke table is not there.
    expect(text).not.toMatch(/150 forehand [\d.]+ s · frame/);
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf, join(ARTIFACTS, 'session-summary-300-strokes')]);
  });
});
