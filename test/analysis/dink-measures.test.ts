/**
 * The dink's unscored values (main/analysis/technique/dink-measures.ts) on a pose with known
 * values: a right-hander 1.80 m tall, 30 samples/s, contact at sample 15; both knees bent 30°,
 * the ankles 0.60 m apart and the shoulders 0.40 m (ratio 1.5), the hitting wrist 0.54 m above
 * the ankles at contact (0.30 × height) and, in the picture, between the knees (y 600) and the
 * waist line (y 352); the wrist moves 1 m/s in a straight line, so from the backswing end
 * (sample 10) to the follow-through end (sample 20) its path is 10/30 m.
 */
import { describe, expect, it } from 'vitest';
import { J } from '../../main/pose/h36m.js';
import { createPoseTrack, kpIndex } from '../../main/pose/pose-track.js';
import { computeKinematics } from '../../main/analysis/core/index.js';
import type { SwingContext } from '../../main/analysis/technique/feature-types.js';
import { dinkMeasures, NO_DINK_BAND_REASON } from '../../main/analysis/technique/dink-measures.js';

const FPS = 30;
const N = 30;

function context(): SwingContext {
  const pose2d = createPoseTrack(N, 2);
  const pose3d = createPoseTrack(N, 3);
  const kb = (30 * Math.PI) / 180;
  const ankleY = -0.45 - 0.45 * Math.cos(kb);
  for (let f = 0; f < N; f++) {
    const p3: Record<number, [number, number, number]> = {
      [J.pelvis]: [0, 0, 0], [J.leftHip]: [0.3, 0, 0], [J.rightHip]: [-0.3, 0, 0], [J.leftKnee]: [0.3, -0.45, 0], [J.rightKnee]: [-0.3, -0.45, 0],
      [J.leftAnkle]: [0.3, ankleY, -0.45 * Math.sin(kb)], [J.rightAnkle]: [-0.3, ankleY, -0.45 * Math.sin(kb)],
      [J.spine]: [0, 0.25, 0], [J.thorax]: [0, 0.5, 0], [J.neckNose]: [0, 0.6, 0], [J.head]: [0, 0.7, 0],
      [J.leftShoulder]: [0.2, 0.5, 0], [J.rightShoulder]: [-0.2, 0.5, 0], [J.leftElbow]: [0.3, 0.3, 0], [J.rightElbow]: [-0.3, 0.3, 0],
      [J.leftWrist]: [0.3, 0.1, 0], [J.rightWrist]: [-0.5 + f / FPS, ankleY + 0.54, 0.3],
    };
    const p2: Record<number, [number, number]> = { [J.leftHip]: [530, 400], [J.rightHip]: [470, 400], [J.leftShoulder]: [560, 200], [J.rightShoulder]: [440, 200], [J.leftKnee]: [530, 600], [J.rightKnee]: [470, 600], [J.rightWrist]: [400, 500] };
    for (const tr of [pose2d, pose3d]) {
      tr.timestamps[f] = f / FPS;
      tr.present[f] = 1;
      tr.frameNr[f] = f;
    }
    for (let j = 0; j < 17; j++) {
      pose3d.keypoints.set(p3[j]!, kpIndex(pose3d, f, j));
      pose2d.keypoints.set(p2[j] ?? [500, 300], kpIndex(pose2d, f, j));
      pose3d.confidences[f * 17 + j] = 0.9;
      pose2d.confidences[f * 17 + j] = 0.9;
    }
  }
  const p = { pose2d, pose3d };
  const ev = (index: number) => ({ index, t: index / FPS, confidence: 1, handMeasured: true });
  return {
    p,
    k: computeKinematics(p, FPS, 'right', 'dominant_wrist'),
    phases: { contact: ev(15), contactDetected: false, backswingEnd: ev(10), followThroughEnd: ev(20) },
    hand: 'right',
    sport: 'pickleball',
    swingType: 'dink',
    twoHanded: false,
    heightM: 1.8,
  };
}

describe('dink measures', () => {
  it('measures contact height, hand path, knee bend and stance on a pose with known values, unscored', () => {
    const m = dinkMeasures(context());
    const by = Object.fromEntries(m.map((x) => [x.name, x]));
    expect(by.dink_contact_height_ratio?.value).toBe(0.3);
    expect(by.dink_contact_height_ratio?.fact).toBe('hand between the knees and the waist at contact');
    expect(by.paddle_path_length?.value).toBe(0.33);
    expect(by.dink_knee_flexion?.value).toBe(30);
    expect(by.dink_stance_width_ratio?.value).toBe(1.5);
    for (const x of m) {
      expect(x.band).toBeNull();
      expect(x.note).toContain(NO_DINK_BAND_REASON);
    }
  });
});
