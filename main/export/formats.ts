/**
 * Export format names, in a module with no dependencies so the IPC contract (preload/contract.ts)
 * can list them without pulling the exporters (canvas, Chromium) into anything that imports it.
 */

/** Formats of a session export (main/export/README.md). */
export const SESSION_EXPORT_FORMATS = ['pdf', 'csv', 'pose-csv', 'json', 'archive', 'kva', 'trc', 'mp4', 'handover'] as const;
export type SessionExportFormat = (typeof SESSION_EXPORT_FORMATS)[number];

/** Formats of a player export. */
export const PLAYER_EXPORT_FORMATS = ['progress-pdf', 'csv'] as const;
export type PlayerExportFormat = (typeof PLAYER_EXPORT_FORMATS)[number];

/** Formats of a comparison of two strokes: the PDF report, the side-by-side MP4. */
export const COMPARE_EXPORT_FORMATS = ['pdf', 'mp4'] as const;
export type CompareExportFormat = (typeof COMPARE_EXPORT_FORMATS)[number];

/** File extension each format's main file gets (pose-csv adds a `-3d.csv` sibling; kva a clip copy; json a schema). */
export const EXPORT_EXTENSIONS: Record<SessionExportFormat | PlayerExportFormat, string> = {
  pdf: '.pdf',
  'progress-pdf': '.pdf',
  csv: '.csv',
  'pose-csv': '.csv',
  json: '.json',
  archive: '.zip',
  kva: '.kva',
  trc: '.trc',
  mp4: '.mp4',
  handover: '.zip',
};
