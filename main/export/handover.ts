/**
 * Session hand-over between coaches: one `.zip` holding the clip, the analysis archive, the
 * analysis as exported JSON (player, session facts, features, series, pose, coach notes and
 * tags), the coach's drawings and a manifest with the SHA-256 of every entry.
 * main/export/handover-import.ts reads it back with the same limits as analysis archives.
 *
 * Layout (HANDOVER_VERSION 2): `manifest.json`, `analysis.json` (main/export/analysis-json.ts
 * schema v1), `archive.zip` (API.md output archive), `clip<.ext>`, `drawings.json`
 * ({@link HandoverDrawings}: the session's drawings without their library ids), `notes.txt` (for
 * people). Version 1 is the same without `drawings.json`; it still imports (no drawings).
 * The ZIP is built in memory (clips of 3–10 s are a few MB; a 1 GiB cap applies on import).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import AdmZip from 'adm-zip';
import { z } from 'zod';
import { writeFileAtomic } from '../files/index.js';
import type { Drawing, DrawingData } from '../drawings/drawing.js';
import { DrawingDataSchema } from '../drawings/schema.js';
import type { SessionDetail } from '../library/library-types.js';
import { analysisExport } from './analysis-json.js';

/** Version of the hand-over layout written: 2 added `drawings.json`. */
export const HANDOVER_VERSION = 2;

/** Most drawings a hand-over carries (a coach makes a handful per session; this bounds the import). */
export const MAX_HANDOVER_DRAWINGS = 1000;

/** manifest.json of a hand-over (versions 1 and 2 are read). */
export const HandoverManifest = z.object({
  format: z.literal('swing-studio-handover'),
  version: z.union([z.literal(1), z.literal(HANDOVER_VERSION)]),
  created_at: z.string(),
  analysis_uid: z.string().min(1),
  clip: z.string().regex(/^clip\.[a-z0-9]{2,5}$/),
  /** Entry name → lowercase hex SHA-256 of its bytes. */
  sha256: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
});
export type HandoverManifest = z.infer<typeof HandoverManifest>;

/**
 * drawings.json of a hand-over: the drawings as {@link DrawingData} (points in source-video
 * pixels or H36M joints, frames as frame_nr), each checked by the library's drawing schema.
 */
export const HandoverDrawings = z.object({
  drawings: z.array(DrawingDataSchema).max(MAX_HANDOVER_DRAWINGS, `at most ${MAX_HANDOVER_DRAWINGS} drawings`),
});
export type HandoverDrawings = z.infer<typeof HandoverDrawings>;

/** The hand-over form of a stored drawing: its data without the library's id, session and times. */
export function drawingForHandover(d: Drawing): DrawingData {
  return { kind: d.kind, frameNr: d.frameNr, fromFrameNr: d.fromFrameNr, toFrameNr: d.toFrameNr, points: d.points, text: d.text, colour: d.colour, onChart: d.onChart };
}

/** Lowercase hex SHA-256. */
export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Builds the hand-over ZIP bytes of a session that has an analysis, with its drawings
 * (main/library/drawings.ts listDrawings) and its analysis archive (`archive`:
 * main/library/session-archive.ts sessionArchiveBytes, the stored file or one derived from the pose BLOBs).
 * @throws Error when the session has no analysis.
 */
export function buildHandover(d: SessionDetail, archive: Buffer, drawings: readonly Drawing[] = [], now = new Date()): Buffer {
  if (!d.analysis) throw new Error(`session ${d.session.id} has no analysis to hand over`);
  const clipName = `clip${extname(d.session.clipPath).toLowerCase() || '.mp4'}`;
  const entries: Record<string, Buffer> = {
    'analysis.json': Buffer.from(JSON.stringify(analysisExport(d, now)), 'utf8'),
    'archive.zip': archive,
    [clipName]: readFileSync(d.session.clipPath),
    'drawings.json': Buffer.from(JSON.stringify({ drawings: drawings.map(drawingForHandover) } satisfies HandoverDrawings), 'utf8'),
    'notes.txt': Buffer.from(`${d.player.name} — ${d.session.recordedAt.slice(0, 10)} — ${d.session.title}\n\n${d.notes}\n`, 'utf8'),
  };
  const manifest: HandoverManifest = {
    format: 'swing-studio-handover',
    version: HANDOVER_VERSION,
    created_at: now.toISOString(),
    analysis_uid: d.analysis.uid,
    clip: clipName,
    sha256: Object.fromEntries(Object.entries(entries).map(([n, b]) => [n, sha256Hex(b)])),
  };
  const zip = new AdmZip();
  zip.addFile('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2), 'utf8'));
  for (const [name, data] of Object.entries(entries)) zip.addFile(name, data);
  return zip.toBuffer();
}

/** Writes the hand-over ZIP atomically (temp + fsync + rename); `archive` as {@link buildHandover}'s. */
export function exportHandover(d: SessionDetail, outPath: string, archive: Buffer, drawings: readonly Drawing[] = []): void {
  writeFileAtomic(outPath, buildHandover(d, archive, drawings));
}
