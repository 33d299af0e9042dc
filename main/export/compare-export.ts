/**
 * Exports of a comparison of two strokes (the Compare screen's pair, or `swing-studio export
 * --compare A[:k] B[:k]`): the PDF report (report/compare-report.ts) and the side-by-side MP4
 * (compare-video.ts). A side is a session and one of its strokes (main/library/stroke-view.ts;
 * default: its analysed stroke): its contact frame, features and score are that stroke's.
 * Files are written atomically as every export.
 */
import type { ReadableDb } from '../library/db.js';
import { formatStrokeRef, type StrokeRef } from '../contract/stroke-ref.js';
import { detailOfStroke } from '../contract/stroke-view.js';
import { strokeOf } from '../pose/stroke-timing.js';
import type { CompareExportFormat } from './formats.js';
import { renderCompareVideo, type ComparableDetail } from './compare-video.js';
import { renderKeyFrame, type KeyFrameSpec } from './report/key-frames.js';
import { keyFrameSpecs } from './report/key-frame-specs.js';
import { compareReportHtml } from './report/compare-report.js';
import { htmlToPdfChromium } from './report/pdf-chromium.js';
import type { ReportKeyFrame } from './report/session-report.js';
import { detailForExport, ExportError, refuseExportTargets, type SessionExportOptions } from './session-export.js';

export { COMPARE_EXPORT_FORMATS, type CompareExportFormat } from './formats.js';

/** The key frame at ball contact (the compare view's contact frame), with the joints of the features measured there. */
async function contactFrame(d: ComparableDetail): Promise<ReportKeyFrame | null> {
  const stroke = strokeOf(d);
  if (!stroke) return null;
  const atContact = keyFrameSpecs(d).find((s) => s.label === 'Ball contact');
  const spec: KeyFrameSpec = { frame: stroke.contactIndex, label: 'Ball contact', highlightJoints: atContact?.highlightJoints ?? [], highlightLimbs: atContact?.highlightLimbs ?? [] };
  return { label: spec.label, timestamp: d.pose2d.timestamps[spec.frame] ?? 0, png: await renderKeyFrame(d.session.clipPath, d.pose2d, spec) };
}

/** The comparison report page of `a` and `b` with both contact frames rendered. */
export async function compareReportPage(a: ComparableDetail, b: ComparableDetail): Promise<string> {
  return compareReportHtml(a, b, [await contactFrame(a), await contactFrame(b)]);
}

/**
 * One side of a comparison: session `ref.sessionId` seen as its stroke `ref.strokeIndex`.
 * @throws ExportError for an unknown session, a session without analysis, a stroke the session
 *   does not list, a stroke without ball contact.
 */
export function comparedStroke(db: ReadableDb, ref: StrokeRef): ComparableDetail {
  const d = detailForExport(db, ref.sessionId);
  const view = detailOfStroke(d, ref.strokeIndex);
  if (!view) {
    const has = d.strokes.length === 0 ? 'none' : d.strokes.length === 1 ? 'stroke 1' : `strokes 1–${d.strokes.length}`;
    throw new ExportError(`session ${ref.sessionId} has no stroke ${ref.strokeIndex} (it has ${has})`);
  }
  const side = { ...view, pose2d: d.pose2d };
  if (!strokeOf(side)) throw new ExportError(`session ${ref.sessionId} has no ball contact: it cannot be synchronised with another stroke`);
  return side;
}

/**
 * Exports the comparison of stroke `aRef` (first, leading) and `bRef` as `format` to `outPath`.
 * A bare session id (number) means its analysed stroke.
 * @returns the files written.
 * @throws ExportError as {@link comparedStroke}, for the same stroke twice, strokes that share no
 *   time around contact; LibraryError `invalid-input` when `outPath` is inside the home
 *   (`o.home`, default swingStudioHome()) or library folder (nothing is written); Error from
 *   FFmpeg or Chromium.
 */
export async function exportComparison(db: ReadableDb, aRef: StrokeRef | number, bRef: StrokeRef | number, format: CompareExportFormat, outPath: string, o: Omit<SessionExportOptions, 'feature'> = {}): Promise<string[]> {
  const ref = (r: StrokeRef | number): StrokeRef => (typeof r === 'number' ? { sessionId: r, strokeIndex: null } : r);
  const a = comparedStroke(db, ref(aRef));
  const b = comparedStroke(db, ref(bRef));
  if (a.session.id === b.session.id && a.stroke?.index === b.stroke?.index) {
    throw new ExportError(`compare two different strokes (got ${formatStrokeRef(ref(aRef))} and ${formatStrokeRef(ref(bRef))}, the same stroke)`);
  }
  refuseExportTargets(db, [outPath], o.home);
  if (format === 'pdf') {
    await (o.htmlToPdf ?? htmlToPdfChromium)(await compareReportPage(a, b), outPath);
  } else {
    await renderCompareVideo(a, b, { outPath, ...(o.signal ? { signal: o.signal } : {}), onProgress: (done, total) => o.onProgress?.(done / total) });
  }
  return [outPath];
}
