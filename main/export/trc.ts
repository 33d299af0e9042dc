/**
 * Sports2D-style `.trc` of the 2D pose, for OpenSim / Pose2Sim / Kinovea's Sports2D importer.
 *
 * What we followed (checked 2026-11 against Sports2D `process.py` make_trc_with_XYZ and
 * Kinovea's MetadataImporterSports2D):
 * - Tab-separated; line 1 `PathFileType\t4\t(X/Y/Z)\t<file>`; line 2 the header names
 *   DataRate..OrigNumFrames; line 3 their values with Units `m`; line 4 `Frame#\tTime\t` + marker
 *   names joined by three tabs; line 5 `\t\t` + `X1\tY1\tZ1…`; data rows follow with no blank line.
 * - DataRate = (frames − 1) / (t_last − t_first), as Sports2D computes it.
 * - Markers in Sports2D's HALPE_26 order (the skeleton tree's pre-order), 22 markers.
 * - Pixel coordinates as Sports2D stores them without calibration: X = x_px / 1000,
 *   Y = −y_px / 1000 (y up), Z = 0 (Kinovea multiplies back by 1000 and −1000).
 * - Markers H36M lacks (big toe, small toe, heel) and joints absent in a frame are written as
 *   `NaN` — never invented. (pandas and OpenSim read NaN as missing; Kinovea's float parser
 *   accepts NaN but would reject an empty cell.)
 * - `Frame#` is our 0-based frame_nr; `Time` the frame's timestamp in seconds.
 */
import { J } from '../pose/h36m.js';
import { kpIndex, type PoseTrack } from '../pose/pose-track.js';

/** Sports2D's HALPE_26 marker order and the H36M joint each comes from (null: H36M lacks it). */
export const TRC_MARKERS: readonly (readonly [string, number | null])[] = [
  ['Hip', J.pelvis],
  ['RHip', J.rightHip],
  ['RKnee', J.rightKnee],
  ['RAnkle', J.rightAnkle],
  ['RBigToe', null],
  ['RSmallToe', null],
  ['RHeel', null],
  ['LHip', J.leftHip],
  ['LKnee', J.leftKnee],
  ['LAnkle', J.leftAnkle],
  ['LBigToe', null],
  ['LSmallToe', null],
  ['LHeel', null],
  ['Neck', J.thorax],
  ['Head', J.head],
  ['Nose', J.neckNose],
  ['RShoulder', J.rightShoulder],
  ['RElbow', J.rightElbow],
  ['RWrist', J.rightWrist],
  ['LShoulder', J.leftShoulder],
  ['LElbow', J.leftElbow],
  ['LWrist', J.leftWrist],
];

/**
 * The TRC text of a 2D track. `fileName` goes on line 1 (Sports2D writes the output path there).
 * @throws Error for a 3D track or a track with fewer than 2 frames (no data rate).
 */
export function poseTrc(track: PoseTrack, fileName: string): string {
  if (track.dims !== 2) throw new Error('TRC export takes the 2D pose');
  if (track.frames < 2) throw new Error('TRC export needs at least 2 frames');
  const t0 = track.timestamps[0] ?? 0;
  const t1 = track.timestamps[track.frames - 1] ?? 0;
  const rate = t1 > t0 ? (track.frames - 1) / (t1 - t0) : 0;
  const names = TRC_MARKERS.map(([n]) => n);
  const lines = [
    `PathFileType\t4\t(X/Y/Z)\t${fileName}`,
    'DataRate\tCameraRate\tNumFrames\tNumMarkers\tUnits\tOrigDataRate\tOrigDataStartFrame\tOrigNumFrames',
    [rate, rate, track.frames, names.length, 'm', rate, 0, track.frames].join('\t'),
    `Frame#\tTime\t${names.join('\t\t\t')}\t\t`,
    `\t\t${names.map((_, i) => `X${i + 1}\tY${i + 1}\tZ${i + 1}`).join('\t')}`,
  ];
  for (let f = 0; f < track.frames; f++) {
    const cells: (string | number)[] = [track.frameNr[f] ?? f, track.timestamps[f] ?? 0];
    for (const [, j] of TRC_MARKERS) {
      const i = j === null ? -1 : kpIndex(track, f, j);
      const x = i < 0 || !track.present[f] ? NaN : (track.keypoints[i] ?? NaN);
      const y = i < 0 || !track.present[f] ? NaN : (track.keypoints[i + 1] ?? NaN);
      if (Number.isFinite(x) && Number.isFinite(y)) cells.push(x / 1000, -y / 1000, 0);
      else cells.push('NaN', 'NaN', 'NaN');
    }
    lines.push(cells.join('\t'));
  }
  return lines.join('\n') + '\n';
}
