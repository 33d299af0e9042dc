/**
 * The external check's pure parts (external-shots.ts): reading a `Shot,FrameId` shot list and
 * counting detections against it at a match window, with the side of the matched forehands and
 * backhands.
 */
import { describe, expect, it } from 'vitest';
import { countShots, parseShotCsv, renderShotCounts } from './external-shots.js';

describe('parseShotCsv', () => {
  it('reads the shots in file order, kinds lower-cased', () => {
    expect(parseShotCsv('Shot,FrameId\nforehand,31\r\nBackhand,84\nserve,146\n')).toEqual([
      { shot: 'forehand', frame: 31 },
      { shot: 'backhand', frame: 84 },
      { shot: 'serve', frame: 146 },
    ]);
  });

  it('refuses another format or a row without a frame, naming it', () => {
    expect(() => parseShotCsv('frame,shot\n3,forehand')).toThrow('not a Shot,FrameId shot list (first line: "frame,shot")');
    expect(() => parseShotCsv('Shot,FrameId\nforehand,\n')).toThrow('row 2 of the shot list has no frame: "forehand,"');
  });
});

describe('countShots', () => {
  // 30 fps: 0.35 s = 10.5 frames. Shots at 100 (forehand), 200 (backhand), 300 (serve).
  const shots = parseShotCsv('Shot,FrameId\nforehand,100\nbackhand,200\nserve,300');
  const clip = { fps: 30, shots, detected: [{ frame: 97, side: 'forehand' }, { frame: 209, side: 'forehand' }, { frame: 302, side: 'forehand' }, { frame: 400, side: 'backhand' }] };

  it('matches within the window, one to one, and compares the side of matched forehands and backhands only', () => {
    expect(countShots([clip], 0.35)).toEqual({ windowS: 0.35, matched: 3, detected: 4, annotated: 3, sideRight: 1, sideCompared: 2 });
    // 0.15 s = 4.5 frames: 209 is 9 frames from 200, no longer a match.
    expect(countShots([clip], 0.15)).toMatchObject({ matched: 2, sideRight: 1, sideCompared: 1 });
  });

  it('sums over clips and renders one row per window', () => {
    const two = countShots([clip, clip], 0.35);
    expect([two.matched, two.detected, two.annotated]).toEqual([6, 8, 6]);
    expect(renderShotCounts([two])).toContain('| 0.35 s | 6/8 (75.0 %) | 6/6 (100.0 %) | 2/4 (50.0 %) |');
  });
});
