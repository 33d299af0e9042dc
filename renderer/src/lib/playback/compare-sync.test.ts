import { describe, expect, it } from 'vitest';
import { CATCH_UP_S, followStep, frameAt, MAX_NUDGE, pairedFrame, realFromContact, RESEEK_S, seekTime, sharedRange, stepFrom, strokeOf, type CompareStroke } from './compare-sync.js';
import { SEEK_INTO_FRAME_S } from './frame-step.js';

/** `n` frames at `fps` starting at `t0`, contact at index `c`. */
function stroke(n: number, fps: number, c: number, videoPerReal = 1, t0 = 0): CompareStroke {
  return { timestamps: Float64Array.from({ length: n }, (_, i) => t0 + i / fps), contactIndex: c, videoPerReal };
}

describe('compare sync', () => {
  it('puts both contact frames at 0 and keeps equal frame offsets at equal rates', () => {
    const a = stroke(90, 29.97, 24);
    const b = stroke(60, 29.97, 11, 1, 0.4);
    expect(frameAt(a, 0)).toBe(24);
    expect(frameAt(b, 0)).toBe(11);
    expect(seekTime(b, 0)).toBeCloseTo(0.4 + 11 / 29.97 + SEEK_INTO_FRAME_S, 12);
    const range = sharedRange(a, b);
    expect(range.from).toBeCloseTo(-11 / 29.97, 12); // b starts 11 frames before its contact
    expect(range.to).toBeCloseTo(48 / 29.97, 12); // b ends 48 frames after
    let rel = 0;
    for (let k = 1; k <= 5; k++) {
      rel = stepFrom(a, rel, 1, range);
      expect(frameAt(a, rel) - 24).toBe(k);
      expect(frameAt(b, rel) - 11).toBe(k);
    }
    for (let k = 4; k >= -5; k--) {
      rel = stepFrom(a, rel, -1, range);
      expect([frameAt(a, rel) - 24, frameAt(b, rel) - 11]).toEqual([k, k]);
    }
    expect(stepFrom(a, range.from, -1, range)).toBe(range.from);
  });

  it('steps two strokes of one clip by equal frames though its timestamps are rounded to the millisecond', () => {
    // tennis_forehand_1: frame n at 0.1 + n/30 s, stored to the ms; contacts at 473 and 133.
    const clip = Float64Array.from({ length: 647 }, (_, n) => Math.round((0.1 + n / 30) * 1000) / 1000);
    const a: CompareStroke = { timestamps: clip, contactIndex: 473, videoPerReal: 107 / 30 };
    const b: CompareStroke = { timestamps: clip, contactIndex: 133, videoPerReal: 107 / 30 };
    const range = sharedRange(a, b);
    for (const delta of [1, 5, -5, -40, 60]) {
      const rel = stepFrom(a, 0, delta, range);
      expect([frameAt(a, rel) - 473, frameAt(b, rel) - 133]).toEqual([delta, delta]);
      expect(pairedFrame(a, b, 473 + delta)).toBe(133 + delta);
    }
  });

  it('aligns a slow-motion clip in real time', () => {
    const real = stroke(30, 30, 15); // 1 s at 30 fps
    const slow = stroke(240, 30, 120, 8); // 240 fps capture played at 30 fps: 8 s of video per real second
    expect(realFromContact(slow, 128)).toBeCloseTo(1 / 30, 12); // 8 video frames = one real 30 fps frame
    expect(frameAt(slow, realFromContact(real, 16))).toBe(128);
    expect(frameAt(real, realFromContact(slow, 128))).toBe(16);
  });

  it('finds the contact frame of a stored session', () => {
    const s = strokeOf({
      pose2d: { timestamps: [0, 0.1, 0.2, 0.3], frameNr: [3, 4, 5, 6] },
      contact: { frameNr: 5, timestamp: 0.2 },
      session: { fps: 10, captureFps: 40 },
    });
    expect(s).toMatchObject({ contactIndex: 2, videoPerReal: 4 });
    expect(strokeOf({ pose2d: null, contact: null, session: { fps: 10 } })).toBeNull();
  });
});

describe('paired frames', () => {
  it('pairs each frame of the first stroke with the frame of the second at the same time from contact', () => {
    const a = stroke(90, 30, 40);
    const b = stroke(30, 30, 10);
    expect(pairedFrame(a, b, 40)).toBe(10);
    expect(pairedFrame(a, b, 45)).toBe(15);
    expect(pairedFrame(a, b, 30)).toBe(0);
    expect(pairedFrame(a, b, 29)).toBe(-1); // one frame before b's clip
    expect(pairedFrame(a, b, 59)).toBe(29); // b's last frame is 19 frames after its contact
    expect(pairedFrame(a, b, 60)).toBe(-1);
    const slow = stroke(240, 30, 120, 8);
    expect(pairedFrame(a, slow, 41)).toBe(128);
  });
});

describe('following video while playing', () => {
  it('closes a small gap at the rate that closes it in CATCH_UP_S of wall time, within ±MAX_NUDGE', () => {
    const behind = followStep(-0.02, 0.5); // 0.02 s late at half speed: +8 %
    expect(behind.seek).toBe(false);
    expect(behind.rate).toBeCloseTo(0.5 * (1 + 0.02 / (0.5 * CATCH_UP_S)), 12);
    const ahead = followStep(0.02, 2); // 0.02 s early at 2×: −2 %
    expect(ahead.rate).toBeCloseTo(2 * (1 - 0.02 / (2 * CATCH_UP_S)), 12);
    expect(followStep(-0.067, 0.5).rate).toBeCloseTo(0.5 * (1 + MAX_NUDGE), 12); // 2 frames late at 30 fps: capped
    expect(followStep(0, 1)).toEqual({ seek: false, rate: 1 });
  });

  it('closes a 2-frame gap at 0.5× within a second of playing (simulated at 15 frame callbacks per second)', () => {
    let gap = -2 / 30;
    const base = 0.5;
    for (let k = 0; k < 15; k++) gap += (followStep(gap, base).rate - base) / 15; // its clip time gained over the leader's
    expect(Math.abs(gap)).toBeLessThan(0.5 / 30);
  });

  it('seeks when the gap exceeds RESEEK_S either way, or the follower is paused', () => {
    expect(followStep(RESEEK_S + 0.01, 1)).toEqual({ seek: true, rate: 1 });
    expect(followStep(-(RESEEK_S + 0.01), 0.25)).toEqual({ seek: true, rate: 0.25 });
    expect(followStep(0, 1, true)).toEqual({ seek: true, rate: 1 });
    expect(followStep(Number.NaN, 1).seek).toBe(true);
  });
});
