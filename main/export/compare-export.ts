/**
 * Exports of a comparison of two strokes (the Compare screen's pair, or `swing-studio export
 * --compare A B`): the PDF report (report/compare-report.ts) and the side-by-side MP4
 * (compare-video.ts). Files are written atomically as every export.
 */
import type { ReadableDb } from '../library/db.js';
import { strokeOf } from '../pose/stroke-timing.js';
import type { CompareExportFormat } from './formats.js';
import { renderCompareVideo, type ComparableDetail } from './compare-video.js';
import { renderKeyFrame, type KeyFrameSpec } from './report/key-frames.js';
import { keyFrameSpecs } from './report/key-frame-specs.js';
import { compareReportHtml } from './report/compare-report.js';
import { htmlToPdfChromium } from './report/pdf-chromium.js';
import type { ReportKeyFrame } from './report/session-report.js';
import { detailForExport, ExportError, type SessionExportOptions } from './session-export.js';

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
 * Exports the comparison of session `aId` (first, leading) and `bId` as `format` to `outPath`.
 * @returns the files written.
 * @throws ExportError for an unknown session, a session without analysis, the same session twice,
 *   strokes that cannot be synchronised (no contact, no shared time); Error from FFmpeg or Chromium.
 */
export async function exportComparison(db: ReadableDb, aId: number, bId: number, format: CompareExportFormat, outPath: string, o: Omit<SessionExportOptions, 'feature'> = {}): Promise<string[]> {
  if (aId === bId) throw new ExportError(`compare two different sessions (got ${aId} twice)`);
  const a = detailForExport(db, aId);
  const b = detailForExport(db, bId);
  for (const d of [a, b]) if (!strokeOf(d)) throw new ExportError(`session ${d.session.id} has no ball contact: it cannot be synchronised with another stroke`);
  if (format === 'pdf') {
    await (o.htmlToPdf ?? htmlToPdfChromium)(await compareReportPage(a, b), outPath);
  } else {
    await renderCompareVideo(a, b, { outPath, ...(o.signal ? { signal: o.signal } : {}), onProgress: (done, total) => o.onProgress?.(done / total) });
  }
  return [outPath];
}
