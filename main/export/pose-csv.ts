/**
 * Per-frame pose CSV: `frame_nr, time_s`, then for every H36M joint `<joint>_x, <joint>_y`
 * (and `<joint>_z` for 3D) and `<joint>_confidence`. 2D values are source-video pixels (y down);
 * 3D values are metres (pelvis origin, y up). Frames where the player is absent have empty cells.
 * Column names come from H36M_JOINTS and never change order.
 */
import { stringify } from 'csv-stringify/sync';
import { H36M_JOINTS } from '../pose/h36m.js';
import { kpIndex, type PoseTrack } from '../pose/pose-track.js';

/** Header of the pose CSV for 2D or 3D tracks. */
export function poseCsvColumns(dims: 2 | 3): string[] {
  const axes = dims === 2 ? ['x', 'y'] : ['x', 'y', 'z'];
  return ['frame_nr', 'time_s', ...H36M_JOINTS.flatMap((j) => [...axes.map((a) => `${j}_${a}`), `${j}_confidence`])];
}

/** The pose CSV of a track (header + one row per frame). */
export function poseCsv(track: PoseTrack): string {
  const rows: (string | number)[][] = [poseCsvColumns(track.dims)];
  const digits = track.dims === 2 ? 2 : 4;
  for (let f = 0; f < track.frames; f++) {
    const row: (string | number)[] = [track.frameNr[f] ?? f, round(track.timestamps[f] ?? 0, 6)];
    for (let j = 0; j < track.joints; j++) {
      const i = kpIndex(track, f, j);
      for (let d = 0; d < track.dims; d++) {
        const v = track.keypoints[i + d] ?? NaN;
        row.push(track.present[f] && Number.isFinite(v) ? round(v, digits) : '');
      }
      row.push(track.present[f] ? round(track.confidences[f * track.joints + j] ?? 0, 3) : '');
    }
    rows.push(row);
  }
  return stringify(rows, { record_delimiter: 'windows' });
}

function round(v: number, digits: number): number {
  const k = 10 ** digits;
  return Math.round(v * k) / k;
}
