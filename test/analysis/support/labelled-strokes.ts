/**
 * The technique result of one labelled stroke of the shared clips (../shared/media/labels), for
 * the serve and dink value tables (test/analysis/serve-groups.test.ts, dink-values.test.ts): the
 * engine's cached pose of the clip (test/eval/pose-cache.ts, any engine version: the harness's
 * `--reuse-pose-any`; the engine runs only when no pose is cached), cut to the harness's stroke
 * window (test/eval/strokes.ts strokeWindow: ±1.5 real seconds, up to halfway to the neighbouring
 * labelled strokes), analysed as `swingType` with the labelled contact as the ball
 * time (the coach's contact, as a coach sends it).
 */
import { computeTechniqueResult, type TechniqueOutput } from '../../../main/analysis/technique/index.js';
import type { SwingType, TechniqueRequestMetadata } from '../../../main/contract/technique-schema.js';
import { selectBallFrames } from '../../../main/pose/ball-candidates.js';
import { selectFrames } from '../../../main/pose/pose-track.js';
import { clipSetup } from '../../eval/clips.js';
import { captureFps, type ClipLabels, type StrokeLabel } from '../../eval/labels.js';
import { poseOf } from '../../eval/pose-cache.js';
import { strokeWindow } from '../../eval/strokes.js';
import { mediaPath } from '../../support/media.js';

/** The analysis of `label` in `clip` as `swingType` (module doc). */
export async function labelledStrokeResult(clip: string, labels: ClipLabels, label: StrokeLabel, swingType: SwingType): Promise<TechniqueOutput> {
  const setup = clipSetup(clip);
  const slowed = labels.slow_motion_factor < 1;
  const rate = slowed ? captureFps(labels) : undefined;
  const pose = await poseOf(mediaPath(clip), setup.playerHeightMm, 'any', undefined, rate);
  const [a, b] = strokeWindow(labels, label);
  const idx: number[] = [];
  for (let i = 0; i < pose.pose2d.frames; i++) if (pose.pose2d.frameNr[i]! >= a && pose.pose2d.frameNr[i]! <= b) idx.push(i);
  const sel = Int32Array.from(idx);
  const meta: TechniqueRequestMetadata = {
    uid: `${clip}#${label.contact_frame}`,
    sport: setup.sport,
    swing_type: swingType,
    dominant_hand: label.hand === 'left' ? 'left' : 'right',
    player_height_mm: setup.playerHeightMm,
    ball_timestamp: label.contact_frame / labels.fps,
    ...(rate !== undefined ? { capture_fps: rate } : {}),
  };
  return computeTechniqueResult({
    pose2d: selectFrames(pose.pose2d, sel),
    pose3d: selectFrames(pose.pose3d, sel),
    ...(pose.ball ? { ball: selectBallFrames(pose.ball, sel) } : {}),
    fps: pose.video.fps,
    width: pose.video.width,
    height: pose.video.height,
    meta,
  });
}
