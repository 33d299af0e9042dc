/**
 * Exports of one session, shared by the CLI (`swing-studio export <id> --format …`) and the app
 * (export channels). Every file is written atomically (temp + fsync + rename): an interrupted
 * export leaves no half file under the requested name.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { writeFileAtomic } from '../files/index.js';
import { swingStudioHome } from '../config/home.js';
import { getSessionDetail } from '../library/detail.js';
import { listDrawings } from '../library/drawings.js';
import type { ReadableDb } from '../library/db.js';
import { pathsOf } from '../library/paths.js';
import type { SessionDetail } from '../library/library-types.js';
import type { Drawing } from '../drawings/drawing.js';
import { analysisExport, analysisExportJsonSchema, ANALYSIS_SCHEMA_FILE } from './analysis-json.js';
import { featuresCsv } from './features-csv.js';
import type { SessionExportFormat } from './formats.js';
import { exportHandover } from './handover.js';
import { sessionArchiveBytes } from '../library/session-archive.js';
import { sessionKva } from './kva.js';
import { refuseProtectedOutputs } from './output-path.js';
import { renderOverlayVideo } from './overlay-video.js';
import { poseCsv } from './pose-csv.js';
import { renderKeyFrame } from './report/key-frames.js';
import { keyFrameSpecs } from './report/key-frame-specs.js';
import { withDrawingKeyFrames } from './report/drawing-key-frames.js';
import { htmlToPdfChromium } from './report/pdf-chromium.js';
import { sessionReportHtml } from './report/session-report.js';
import { summaryKeyFrames } from './report/summary-key-frames.js';
import { poseTrc } from './trc.js';

import { sessionStrokeLabels } from './stroke-labels.js';
export { SESSION_EXPORT_FORMATS, type SessionExportFormat } from './formats.js';

/** Renders report HTML to a PDF file (Chromium in the CLI, Electron's printToPDF in the app). */
export type HtmlToPdf = (html: string, outPath: string) => Promise<void>;

/** Options of {@link exportSession}. */
export interface SessionExportOptions {
  /** For mp4: highlight this feature's joints (feature_name). */
  feature?: string;
  htmlToPdf?: HtmlToPdf;
  signal?: AbortSignal;
  /** Progress of long exports (mp4), 0..1. */
  onProgress?: (share: number) => void;
  /**
   * The Swing Studio home folder, where no export may write (output-path.ts; besides the
   * library folder of `db`). Default swingStudioHome().
   */
  home?: string;
}

/**
 * Refuses export targets inside the home folder or the library folder of `db` (output-path.ts).
 * @throws LibraryError `invalid-input` naming the first refused path.
 */
export function refuseExportTargets(db: ReadableDb, outPaths: readonly string[], home: string = swingStudioHome()): void {
  refuseProtectedOutputs(outPaths, { home, libraryRoot: pathsOf(db).root });
}

/** Thrown for an export that cannot be made from what the session holds (no analysis, no pose…). */
export class ExportError extends Error {
  override name = 'ExportError';
}

const utf8 = (s: string) => Buffer.from(s, 'utf8');

/** Loads a session with its analysis or throws ExportError. */
export function detailForExport(db: ReadableDb, sessionId: number): SessionDetail & { pose2d: NonNullable<SessionDetail['pose2d']> } {
  const d = getSessionDetail(db, sessionId);
  if (!d) throw new ExportError(`no session with id ${sessionId}`);
  if (!d.analysis || !d.pose2d) throw new ExportError(`session ${sessionId} has no stored analysis to export`);
  return d as SessionDetail & { pose2d: NonNullable<SessionDetail['pose2d']> };
}

/** `name.ext` → `name<suffix>.ext`. */
export function withSuffix(path: string, suffix: string): string {
  const ext = extname(path);
  return join(dirname(path), `${basename(path, ext)}${suffix}${ext}`);
}

/** Every file an export of `d` as `format` to `outPath` may write (see exportSession). */
function exportTargets(d: SessionDetail, format: SessionExportFormat, outPath: string): string[] {
  if (format === 'pose-csv' && d.pose3d) return [outPath, withSuffix(outPath, '-3d')];
  if (format === 'json') return [outPath, join(dirname(outPath), ANALYSIS_SCHEMA_FILE)];
  if (format === 'kva') return [outPath, withExt(outPath, extname(d.session.clipPath))];
  return [outPath];
}

/**
 * Exports session `sessionId` as `format` to `outPath`.
 * @returns every file written (pose-csv writes 2D and 3D; json writes its schema; kva puts a copy
 *   of the clip next to the sidecar when none is there, so Kinovea opens both).
 * @throws ExportError for an unknown session, a session without analysis, an unknown feature;
 *   LibraryError `invalid-input` when a file would land inside the home or library folder
 *   (nothing is written); Error from ffmpeg or Chromium with their messages.
 */
export async function exportSession(db: ReadableDb, sessionId: number, format: SessionExportFormat, outPath: string, o: SessionExportOptions = {}): Promise<string[]> {
  const d = detailForExport(db, sessionId);
  refuseExportTargets(db, exportTargets(d, format, outPath), o.home);
  switch (format) {
    case 'csv':
      writeFileAtomic(outPath, utf8(featuresCsv([d])));
      return [outPath];
    case 'pose-csv': {
      writeFileAtomic(outPath, utf8(poseCsv(d.pose2d)));
      if (!d.pose3d) return [outPath];
      const p3 = withSuffix(outPath, '-3d');
      writeFileAtomic(p3, utf8(poseCsv(d.pose3d)));
      return [outPath, p3];
    }
    case 'json': {
      const schemaPath = join(dirname(outPath), ANALYSIS_SCHEMA_FILE);
      writeFileAtomic(outPath, utf8(JSON.stringify(analysisExport(d), null, 2)));
      writeFileAtomic(schemaPath, utf8(JSON.stringify(analysisExportJsonSchema(), null, 2)));
      return [outPath, schemaPath];
    }
    case 'archive':
      // The stored archive, or one derived from the pose BLOBs (a local analysis stores none).
      writeFileAtomic(outPath, sessionArchiveBytes(db, d));
      return [outPath];
    case 'trc':
      writeFileAtomic(outPath, utf8(poseTrc(d.pose2d, basename(outPath))));
      return [outPath];
    case 'kva': {
      const video = withExt(outPath, extname(d.session.clipPath));
      writeFileAtomic(outPath, utf8(sessionKva(d, basename(video), listDrawings(db, sessionId))));
      if (existsSync(video)) return [outPath];
      copyFileSync(d.session.clipPath, video);
      return [outPath, video];
    }
    case 'mp4':
      await exportOverlay(d, outPath, o, listDrawings(db, sessionId));
      return [outPath];
    case 'pdf':
      await (o.htmlToPdf ?? htmlToPdfChromium)(await sessionReportPage(d, listDrawings(db, sessionId)), outPath);
      return [outPath];
    case 'handover':
      exportHandover(d, outPath, sessionArchiveBytes(db, d), listDrawings(db, sessionId));
      return [outPath];
  }
}

/** The session report page with its key frames rendered, the coach's drawings painted on them (main/library/drawings.ts). */
export async function sessionReportPage(d: SessionDetail & { pose2d: NonNullable<SessionDetail['pose2d']> }, drawings: readonly Drawing[] = []): Promise<string> {
  const frames = [];
  for (const spec of withDrawingKeyFrames(keyFrameSpecs(d), drawings, d.pose2d)) {
    frames.push({ label: spec.label, timestamp: d.pose2d.timestamps[spec.frame] ?? 0, png: await renderKeyFrame(d.session.clipPath, d.pose2d, spec) });
  }
  return sessionReportHtml(d, frames, await summaryKeyFrames(d));
}

async function exportOverlay(d: SessionDetail & { pose2d: NonNullable<SessionDetail['pose2d']> }, outPath: string, o: SessionExportOptions, drawings: readonly Drawing[]): Promise<void> {
  const feature = o.feature ? d.features.find((f) => f.feature_name === o.feature) : undefined;
  if (o.feature && !feature) throw new ExportError(`session ${d.session.id} has no feature "${o.feature}"`);
  await renderOverlayVideo({
    clipPath: d.session.clipPath,
    outPath,
    pose2d: d.pose2d,
    width: d.session.width,
    height: d.session.height,
    fps: d.session.fps,
    highlightJoints: feature?.highlight_joints,
    highlightLimbs: feature ? Object.values(feature.highlight_limbs) : undefined,
    drawings,
    signal: o.signal,
    onProgress: (done, total) => o.onProgress?.(done / total),
  });
}

function withExt(path: string, ext: string): string {
  return join(dirname(path), basename(path, extname(path)) + ext);
}

/**
 * Writes session `sessionId`'s strokes as evaluation labels (stroke-labels.ts; the CLI's
 * `export --format labels`). Decided: a CLI format only, not in SESSION_EXPORT_FORMATS, so the
 * app's Export menu stays as it is. @returns the file written.
 * @throws as {@link exportSession}.
 */
export function exportSessionLabels(db: ReadableDb, sessionId: number, outPath: string, o: Pick<SessionExportOptions, 'home'> = {}): string[] {
  const d = detailForExport(db, sessionId);
  refuseExportTargets(db, [outPath], o.home);
  writeFileAtomic(outPath, utf8(`${JSON.stringify(sessionStrokeLabels(d), null, 1)}\n`));
  return [outPath];
}
