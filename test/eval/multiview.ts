/**
 * The monocular 3D error per camera view: each of the four synchronised cameras of
 * ../shared/media/multiview_balance_1 (cam01 = balance_portrait_60fps_1.mp4) analysed on its own,
 * its camera view estimated as the analysis does (main/analysis/technique/camera-view.ts, median
 * heading over every frame: the trial is a person balancing in place), and its joint angles
 * compared with the same Pose2Sim triangulation (eval-3d.ts compare3d: one global rotation per
 * camera; headings after removing their mean offset). The camera's calibration is not needed:
 * compare3d fits the camera's orientation in the lab. One trial, one person: 4 views, not strokes.
 */
import type { CameraView } from '../../main/contract/technique-schema.js';
import { cameraViewOf } from '../../main/analysis/index.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import type { Vec3 } from '../../main/pose/vec3.js';
import type { Eval3d } from './eval-3d.js';
import { mdTable, num, type Cell } from './table.js';

/** The cameras of the set, file names under multiview_balance_1/. */
export const MULTIVIEW_CAMERAS = ['cam01.mp4', 'cam02.mp4', 'cam03.mp4', 'cam04.mp4'] as const;

/** The camera view of a whole track (every present frame), null when no shoulder or hip pair is measured. */
export function trackView(track: PoseTrack): CameraView | null {
  const get = (f: number, j: number): Vec3 | null => {
    if (!track.present[f]) return null;
    const k = (f * track.joints + j) * 3;
    const v: Vec3 = [track.keypoints[k]!, track.keypoints[k + 1]!, track.keypoints[k + 2]!];
    return v.every(Number.isFinite) ? v : null;
  };
  return cameraViewOf(Array.from({ length: track.frames }, (_, f) => f), get);
}

/** One camera's row: its view and its comparison with the triangulation. */
export interface CameraRow {
  camera: string;
  view: CameraView | null;
  r: Eval3d;
}

/** Angles shown per view (eval angles.ts names): flexions, trunk tilt, rotations about the vertical. */
const SHOWN = ['left_knee_flexion', 'right_knee_flexion', 'left_elbow_flexion', 'right_elbow_flexion', 'trunk_tilt', 'pelvis_heading', 'shoulder_line_heading'] as const;

/** The per-view table: camera, view (heading), PA-MPJPE, and per angle MAE (deg) against the triangulation. */
export function renderPerView(rows: readonly CameraRow[]): string {
  const body: Cell[][] = rows.map((c) => [
    c.camera.replace('.mp4', ''),
    c.view ? `${c.view.view} (${c.view.heading_deg}°)` : 'unknown',
    num(c.r.paMpjpeM * 1000, 0),
    ...SHOWN.map((n) => num(c.r.angles[n].mae, 1)),
  ]);
  return [
    '### 3D error per camera view: the 4 cameras of multiview_balance_1, each against the same Pose2Sim triangulation',
    mdTable(['camera', 'view (heading)', 'PA-MPJPE, mm', ...SHOWN.map((n) => `${n} MAE, deg`)], body),
    'One trial (a person balancing, 100 frames at 60 fps), one camera per view; headings compared after removing their mean offset. The view is the median body heading over the trial (camera-view.ts).',
  ].join('\n\n');
}
