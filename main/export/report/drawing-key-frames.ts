/**
 * The coach's drawings on the session report's key frames: every key frame paints the drawings
 * shown on it, and a drawing shown on none of the swing's key frames gets a key frame of its own
 * at the frame it was made on ("Drawing", up to {@link MAX_DRAWING_KEY_FRAMES}, earliest first).
 */
import { shownOn, type Drawing } from '../../drawings/drawing.js';
import { poseIndexOfFrameNr } from '../../drawings/geometry.js';
import type { PoseTrack } from '../../pose/pose-track.js';
import type { KeyFrameSpec } from './key-frames.js';

/** Most key frames added for drawings (the report shows three swing key frames; a page holds six). */
export const MAX_DRAWING_KEY_FRAMES = 3;

/** `specs` with the drawings attached, plus key frames for drawings none of them shows; sorted by frame. */
export function withDrawingKeyFrames(specs: readonly KeyFrameSpec[], list: readonly Drawing[], pose: PoseTrack): KeyFrameSpec[] {
  if (list.length === 0) return [...specs];
  const frameNrOf = (i: number) => pose.frameNr[i] ?? i;
  const out: KeyFrameSpec[] = specs.map((s) => ({ ...s, drawings: list }));
  const extra = new Map<number, Drawing[]>();
  for (const d of list) {
    if (specs.some((s) => shownOn(d, frameNrOf(s.frame)))) continue;
    const i = poseIndexOfFrameNr(pose, d.frameNr);
    if (i < 0) continue;
    extra.set(i, [...(extra.get(i) ?? []), d]);
  }
  const added = [...extra.entries()].sort((a, b) => a[0] - b[0]).slice(0, MAX_DRAWING_KEY_FRAMES);
  for (const [frame, ds] of added) out.push({ frame, label: ds.length > 1 ? 'Drawings' : 'Drawing', highlightJoints: [], highlightLimbs: [], drawings: list });
  return out.sort((a, b) => a.frame - b.frame);
}
