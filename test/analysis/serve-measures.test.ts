/**
 * The serve's unscored measures (main/analysis/technique/serve-measures.ts) on a pose with known
 * values: a right-hander 1.80 m tall, the hitting wrist 2.16 m above the lower ankle at contact
 * (1.2 × height), the front (left) knee bent 30° at the trophy position, the hitting shoulder
 * 20 px lower than the other over 100 px in the picture there (11°), the hand at 9 m/s at contact.
 */
import { describe, expect, it } from 'vitest';
import { J } from '../../main/pose/h36m.js';
import { createPoseTrack, kpIndex } from '../../main/pose/pose-track.js';
import { CONTACT_SPAN_S, handUnseenReason, NO_BAND_REASON, serveMeasures } from '../../main/analysis/technique/serve-measures.js';

function pair() {
  const pose2d = createPoseTrack(2, 2);
  const pose3d = createPoseTrack(2, 3);
  const k = (30 * Math.PI) / 180;
  for (let f = 0; f < 2; f++) {
    for (const tr of [pose2d, pose3d]) {
      tr.timestamps[f] = f / 30;
      tr.present[f] = 1;
      tr.frameNr[f] = 10 + f;
    }
    const p3: Record<number, [number, number, number]> = {
      [J.leftHip]: [0.1, 0, 0],
      [J.leftKnee]: [0.1, -0.45, 0],
      [J.leftAnkle]: [0.1, -0.45 - 0.45 * Math.cos(k), -0.45 * Math.sin(k)],
      [J.rightAnkle]: [-0.1, -0.9, 0],
      [J.rightWrist]: [-0.2, -0.9 + 2.16, 0],
    };
    const p2: Record<number, [number, number]> = { [J.rightShoulder]: [400, 220], [J.leftShoulder]: [500, 200] };
    for (let j = 0; j < 17; j++) {
      pose3d.keypoints.set(p3[j] ?? [0, 0, 0], kpIndex(pose3d, f, j));
      pose2d.keypoints.set(p2[j] ?? [450, 300], kpIndex(pose2d, f, j));
      pose3d.confidences[f * 17 + j] = 0.9;
      pose2d.confidences[f * 17 + j] = 0.9;
    }
  }
  return { pose2d, pose3d };
}

describe('serve measures', () => {
  it('reads the hand speed as the highest within ±2/30 s of contact when the clock is given (CONTACT_SPAN_S)', () => {
    const at = (t?: number[]) => serveMeasures({ p: pair(), hand: 'right', heightM: 1.8, handSpeed: [9, 4], contact: 1, trophy: 0, ...(t ? { t } : {}) }).find((x) => x.name === 'hand_speed_at_contact');
    expect(at()?.value).toBe(4);
    expect(at([0, 1 / 30])?.value).toBe(9);
    expect(at([0, 1 / 30])?.note).toContain('the highest within ±0.07 s of contact');
    expect(at([0, 0.1])?.value).toBe(4); // 0.1 s before contact: outside the span
    expect(CONTACT_SPAN_S).toBeCloseTo(0.0667, 4);
  });

  it('measures each value at its event, unscored with its reason', () => {
    const m = serveMeasures({ p: pair(), hand: 'right', heightM: 1.8, handSpeed: [3, 9], contact: 1, trophy: 0 });
    const by = Object.fromEntries(m.map((x) => [x.name, x]));
    expect(by.contact_height_ratio?.value).toBe(1.2);
    expect(by.contact_height_ratio?.frame_nr).toBe(11);
    expect(by.hand_speed_at_contact?.value).toBe(9);
    expect(by.front_knee_flexion_at_trophy?.value).toBe(30);
    expect(by.front_knee_flexion_at_trophy?.frame_nr).toBe(10);
    expect(by.front_knee_flexion_at_trophy?.reference).toMatchObject({ mean: 64.5, sd: 9.7, source: expect.stringContaining('10.3389/fspor.2024.1432030') as string });
    expect(by.contact_height_ratio?.reference).toBeUndefined();
    expect(by.shoulder_tilt_at_trophy?.value).toBe(11);
    for (const x of m) {
      expect(x.band).toBeNull();
      expect(x.note).toContain(NO_BAND_REASON);
    }
  });

  it('leaves the hand speed out when the hitting hand is not measured around contact', () => {
    const m = serveMeasures({ p: pair(), hand: 'right', heightM: 1.8, handSpeed: [3, 9], contact: 1, trophy: 0, handMeasured: false });
    expect(m.map((x) => x.name)).toEqual(['contact_height_ratio', 'front_knee_flexion_at_trophy', 'shoulder_tilt_at_trophy']);
    expect(handUnseenReason(11)).toBe('the hitting hand is not seen around ball contact (frame 11), so its speed there is not measured');
  });

  it('leaves out the trophy values without a trophy position', () => {
    const m = serveMeasures({ p: pair(), hand: 'right', heightM: 1.8, handSpeed: [3, 9], contact: 1, trophy: undefined });
    expect(m.map((x) => x.name)).toEqual(['contact_height_ratio', 'hand_speed_at_contact']);
  });
});
