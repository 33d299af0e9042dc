/**
 * Issue 27: after a correction made in the app (the IPC channel library.correctStroke, through the
 * real app services and dispatch), the session's exports and the player's progress report show
 * the corrected values: the contact set 3 frames after the detected one on the real analysed
 * tennis_forehand_2 cut (test/support/analysed-clip.ts), then export.session as PDF (its text via
 * pdftotext: the stroke table marks "contact set by the coach", the features show the new values),
 * CSV (the stroke's contact frame and values), KVA (key frames at the new events with the new
 * values) and export.player as PDF (the progress report's scores), and library.strokeHistory.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from '../../main/av/index.js';
import { dispatch } from '../../main/ipc/dispatch.js';
import { openAppServices, type AppServices } from '../../main/ipc/services.js';
import { openLibrary } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import type { SessionDetail, SessionStroke } from '../../main/library/library-types.js';
import { KVA_TIMESTAMPS_PER_FRAME } from '../../main/export/kva.js';
import { nodeSecretBox } from '../../main/settings/api-key.js';
import type { ApiResult } from '../../preload/api-types.js';
import type { Channel } from '../../preload/contract.js';
import { analysedClip, ANALYSED_CLIP_META } from '../support/analysed-clip.js';

let home: string;
let out: string;
let services: AppServices;
let sessionId = 0;
let before: SessionStroke;
let after: SessionStroke;
let detail: SessionDetail;
let chosen = '';

/** The value of an IPC call, or a thrown error with its failure. */
async function ipc<C extends Channel>(channel: C, input: unknown): Promise<Extract<ApiResult<C>, { ok: true }>['value']> {
  const r = await dispatch(services.handlers, channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.kind}: ${r.error.message}`);
  return r.value as Extract<ApiResult<C>, { ok: true }>['value'];
}

/** Exports through the export channel to `name` in the output folder (the save dialog's choice). */
async function exported(channel: 'export.session' | 'export.player', input: unknown, name: string): Promise<string> {
  chosen = join(out, name);
  const r = await ipc(channel, input);
  expect(r?.files.map((f) => basename(f))).toContain(name);
  return chosen;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;
/** The text of a PDF (pdftotext in reading order: a table cell's wrapped lines stay together), runs of white space made one space. */
const pdfText = (path: string) => execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

beforeAll(async () => {
  const { clipPath, done } = await analysedClip();
  const video = await probeVideo(clipPath);
  home = mkdtempSync(join(tmpdir(), 'corrected-exports-'));
  out = mkdtempSync(join(tmpdir(), 'corrected-exports-out-'));
  const db = openLibrary(home);
  try {
    sessionId = ingestAnalysis(db, {
      player: { name: 'Corrected Exporter', dominantHand: 'right', heightMm: ANALYSED_CLIP_META.player_height_mm },
      session: { sourceClipPath: clipPath, recordedAt: '2026-11-20', sport: 'tennis', swingType: 'forehand_drive', durationS: video.durationS, fps: video.fps, width: video.width, height: video.height },
      analysis: done,
      backend: 'local',
      request: { ...ANALYSED_CLIP_META },
    });
  } finally {
    db.close();
  }
  services = openAppServices({
    home,
    secretBox: nodeSecretBox(home),
    keyProtection: 'file',
    mode: 'electron',
    version: '0.0.0-test',
    mediaUrl: (id, kind) => `swing-media://session/${id}/${kind}`,
    saveFile: () => Promise.resolve(chosen),
  });
  const d0 = await ipc('library.getSession', { id: sessionId });
  before = d0.strokes.find((s) => s.primary)!;
  const frames = d0.pose3d!.frameNr;
  const frame = frames[frames.indexOf(before.contact.frameNr) + 3]!;
  const reply = await ipc('library.correctStroke', { id: sessionId, correction: { op: 'set-contact', strokeIndex: before.index, frame } });
  detail = reply.detail;
  after = detail.strokes.find((s) => s.contact.frameNr === frame)!;
}, 300_000);

afterAll(async () => {
  await services?.close();
  for (const dir of [home, out]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('exports after a correction in the app', () => {
  it('the correction is stored: the analysed stroke at the coach\'s contact, with values of its own', () => {
    expect(after).toMatchObject({ primary: true, contactSource: 'coach' });
    expect(after.contact.frameNr).toBe(before.contact.frameNr + 3);
    expect(after.features.some((f, i) => f.value !== before.features[i]?.value)).toBe(true);
    const stored = getSessionDetail(services.deps.db, sessionId)!;
    expect(stored.features.map((f) => f.value)).toEqual(after.features.map((f) => f.value));
  });

  it('the session PDF marks the coach\'s contact and shows the corrected values', async () => {
    const text = pdfText(await exported('export.session', { id: sessionId, format: 'pdf' }, 'corrected.pdf'));
    expect(text).toContain(`frame ${after.contact.frameNr} · contact set by the coach`);
    expect(text).not.toContain(`frame ${before.contact.frameNr}`);
    for (const f of after.features) {
      const unit = typeof f.unit === 'string' ? ` ${f.unit}` : '';
      expect(text, f.feature_name).toContain(`Value: ${round1(f.value)}${unit}`);
    }
  }, 180_000);

  it('the CSV rows are the corrected stroke\'s: its contact frame and values', async () => {
    const csv = readFileSync(await exported('export.session', { id: sessionId, format: 'csv' }, 'corrected.csv'), 'utf8');
    const rows = parse<Record<string, string>>(csv, { columns: true });
    const mine = rows.filter((r) => r.stroke === String(after.index));
    expect(mine.map((r) => [r.feature_name, Number(r.value), Number(r.stroke_contact_frame_nr)])).toEqual(
      after.features.map((f) => [f.feature_name, f.value, after.contact.frameNr]),
    );
  });

  it('the KVA key frames sit at the corrected events with the corrected values', async () => {
    const kvaPath = await exported('export.session', { id: sessionId, format: 'kva' }, 'corrected.kva');
    const kva = readFileSync(kvaPath, 'utf8');
    const contact = after.features.find((f) => f.event.name === 'ball_contact') ?? after.features[0]!;
    expect(contact.event.frame_nr).toBe(after.contact.frameNr);
    expect(kva).toMatch(new RegExp(`<Position UserTime="[^"]*">${after.contact.frameNr * KVA_TIMESTAMPS_PER_FRAME}</Position>`));
    for (const f of after.features) expect(kva, f.feature_name).toContain(`${f.feature_human_readable_name}: ${round2(f.value)}`);
  });

  it('the progress report and the stroke history carry the corrected scores', async () => {
    const history = await ipc('library.strokeHistory', { playerId: detail.player.id });
    const mine = history.filter((p) => p.sessionId === sessionId);
    // One analysed stroke: its mean is its value (rounded to 3 decimals by featureConsistency), its mean score its score.
    expect(mine.map((p) => [p.featureName, p.meanScore, p.n])).toEqual(after.features.map((f) => [f.feature_name, f.score, 1]));
    for (const [i, f] of after.features.entries()) expect(mine[i]!.mean, f.feature_name).toBeCloseTo(f.value, 3);
    const text = pdfText(await exported('export.player', { playerId: detail.player.id, format: 'progress-pdf' }, 'progress.pdf'));
    for (const f of after.features) expect(text, f.feature_name).toContain(`${f.feature_human_readable_name} ${Math.round(f.score)} `);
  }, 180_000);
});
