import { describe, expect, it } from 'vitest';
import { checkPair } from '../../main/analysis/core/index.js';
import { pickleballServeFlags } from '../../main/analysis/technique/pickleball-serve-rules.js';
import { J } from '../../main/pose/h36m.js';
import { kpIndex } from '../../main/pose/pose-track.js';
import { dropJoint, synthTracks } from './support/synthetic.js';

const C = 30; // contact sample

/** A still synthetic player whose right wrist's picture y is `atContact` at sample C and `before` two samples earlier (px below the hip centre; negative: above). */
function serve(atContact: number, before: number) {
  const t = synthTracks({ fps: 60, seconds: 1, swings: [] });
  const y = (j: number) => t.pose2d.keypoints[kpIndex(t.pose2d, C, j) + 1]!;
  const hip = (y(J.leftHip) + y(J.rightHip)) / 2;
  // The elbow follows 40 px above the wrist: a shorter forearm in the picture passes the 2D bone check (bone-check.ts), a longer one would not.
  const set = (f: number, dy: number) => {
    t.pose2d.keypoints[kpIndex(t.pose2d, f, J.rightWrist) + 1] = hip + dy;
    t.pose2d.keypoints[kpIndex(t.pose2d, f, J.rightElbow) + 1] = hip + dy - 40;
  };
  set(C - 2, before);
  set(C - 1, (before + atContact) / 2);
  set(C, atContact);
  const shoulder = (y(J.leftShoulder) + y(J.rightShoulder)) / 2;
  return { t, pair: checkPair(t.pose2d, t.pose3d), waist: hip + 0.24 * (shoulder - hip), hip };
}

const codes = (w: { code: string }[]) => w.map((x) => x.code);

describe('pickleball serve legality (USA Pickleball rule 4.A.7)', () => {
  it('a rising wrist below the waist at contact: no fault, the paddle rule said to be unjudged', () => {
    const { pair } = serve(10, 40);
    const w = pickleballServeFlags(pair, 'right', C, 120);
    expect(codes(w)).toEqual(['pickleball-serve-unjudged']);
    expect(w[0]!.detail).toBe('paddle head below the wrist at frame 120 is not judged: the pose has no points on the paddle');
  });

  it('contact above the waist is a fault with its frame', () => {
    const { pair, waist, hip } = serve(0, 0);
    const above = waist - hip - 20; // 20 px above the waist line
    const { pair: p2 } = serve(above, above + 30);
    expect(codes(pickleballServeFlags(pair, 'right', C, 120))).toContain('pickleball-serve-fault'); // not rising
    const w = pickleballServeFlags(p2, 'right', C, 120).filter((x) => x.code === 'pickleball-serve-fault');
    expect(w).toHaveLength(1);
    expect(w[0]!.message).toBe('Serve fault: the ball looks struck above the waist.');
    expect(w[0]!.frames).toEqual({ from: 120, to: 120 });
    expect(w[0]!.detail).toBe('at frame 120 the hitting wrist is 20 px above the waist line (USA Pickleball rule 4.A.7: contact below the navel)');
  });

  it('a wrist moving down into contact is a fault; an unmeasured wrist is not judged', () => {
    const { pair } = serve(40, 10);
    const w = pickleballServeFlags(pair, 'right', C, 120);
    expect(w.map((x) => x.message)).toContain('Serve fault: the paddle arm is not swinging upward at contact.');
    const { t } = serve(10, 40);
    dropJoint(t, C, J.rightWrist);
    expect(codes(pickleballServeFlags(checkPair(t.pose2d, t.pose3d), 'right', C, 120))).toEqual(['pickleball-serve-unjudged', 'pickleball-serve-unjudged', 'pickleball-serve-unjudged']);
  });
});
