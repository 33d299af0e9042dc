/**
 * Human labels of the export formats (main/export/README.md describes each file), in the order
 * the Export menu lists them, and the file name of a download URL.
 */
import type { CompareExportFormat, PlayerExportFormat, SessionExportFormat } from '../../../../main/export/formats.js';

export type { CompareExportFormat, PlayerExportFormat, SessionExportFormat };

/** Session export format → menu label. Insertion order is the menu order. */
export const SESSION_EXPORT_LABELS: Record<SessionExportFormat, string> = {
  pdf: 'PDF report',
  csv: 'Features CSV',
  'pose-csv': 'Pose CSV (2D + 3D)',
  json: 'Analysis JSON',
  archive: 'Analysis archive (.zip)',
  kva: 'Kinovea (.kva + video)',
  trc: 'OpenSim/Sports2D (.trc)',
  mp4: 'Video with skeleton (.mp4)',
  handover: 'Hand-over to another coach (.zip)',
};

/** Player export format → button label. */
export const PLAYER_EXPORT_LABELS: Record<PlayerExportFormat, string> = {
  'progress-pdf': 'Progress report (PDF)',
  csv: 'Player CSV',
};

/** Comparison export format → menu label (the Compare screen's Export menu). */
export const COMPARE_EXPORT_LABELS: Record<CompareExportFormat, string> = {
  pdf: 'Comparison report (PDF)',
  mp4: 'Side-by-side video (.mp4)',
};

/** The session formats with their labels, in menu order. */
export function sessionExportItems(): { format: SessionExportFormat; label: string }[] {
  return (Object.keys(SESSION_EXPORT_LABELS) as SessionExportFormat[]).map((format) => ({
    format,
    label: SESSION_EXPORT_LABELS[format],
  }));
}

/**
 * The file name a bridge download URL (`http://127.0.0.1:<port>/exports/<name>?t=<token>`)
 * serves: the last path segment, percent-decoded. Falls back to the whole URL when it has no
 * path segment or is not a URL.
 */
export function downloadName(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : url;
  } catch {
    return url;
  }
}

/** The file name of a local path (either separator), for "Saved to …" messages. */
export function fileName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).at(-1) ?? path;
}
