/**
 * Gating features by camera view: the stroke's view around contact (camera-view.ts) and the
 * features that view cannot measure left out with the reason a coach reads.
 */
import type { CameraView, Feature, LeftOutFeature } from '../../contract/technique-schema.js';
import type { Warning } from '../../contract/warning.js';
import { joint3, type PosePair } from '../core/index.js';
import { recordLeftOut } from './build.js';
import { cameraViewOf, VIEW_BLIND_FEATURES, VIEW_WINDOW_S } from './camera-view.js';

/**
 * The camera view of the stroke whose contact is frame `contact` of `p` (analysis clock, `rate`
 * images per real second): the median heading over contact ± {@link VIEW_WINDOW_S} s (at least
 * ±1 frame), null when no shoulder or hip pair is measured there.
 */
export function strokeView(p: PosePair, contact: number, rate: number): CameraView | null {
  const half = Math.max(1, Math.round(VIEW_WINDOW_S * rate));
  const frames: number[] = [];
  for (let f = Math.max(0, contact - half); f <= Math.min(p.pose3d.frames - 1, contact + half); f++) frames.push(f);
  return cameraViewOf(frames, (f, j) => joint3(p, f, j));
}

/**
 * `features` without those `view` cannot measure ({@link VIEW_BLIND_FEATURES}); each one left
 * out gets its warning and `leftOut` entry with the reason ("filmed from behind, the camera
 * cannot see that rotation …"). Unknown view (null): all kept. When every feature would go, all
 * are kept (a result needs one feature; the view stays on the result for the reader).
 */
export function leaveOutUnseen(features: Feature[], view: CameraView | null, warnings: Warning[], leftOut: LeftOutFeature[]): Feature[] {
  const blind = view ? VIEW_BLIND_FEATURES[view.view] : {};
  const kept = features.filter((f) => blind[f.feature_name] === undefined);
  if (kept.length === 0 || kept.length === features.length) return features;
  for (const f of features) {
    const reason = blind[f.feature_name];
    if (reason !== undefined) recordLeftOut({ feature_name: f.feature_name, feature_human_readable_name: f.feature_human_readable_name, reason }, warnings, leftOut);
  }
  return kept;
}
