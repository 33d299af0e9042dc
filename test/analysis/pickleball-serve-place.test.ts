/**
 * The pickleball serve's place (stroke-types.ts): asked for a serve, the clip's first
 * forehand-side stroke with its wrist not above the waist is the serve, not an earlier backhand
 * swing (the serve's own take-back reads as one). Synthetic pose (support/synthetic.ts, 60 fps):
 * a backhand at 1 s, a forehand at 2.5 s, the hitting wrist below the waist around both contacts.
 */
import { describe, expect, it } from 'vitest';
import { analyseStrokes } from '../../main/analysis/stroke-analysis.js';
import { J } from '../../main/pose/h36m.js';
import { META } from './support/ball-fixtures.js';
import { synthTracks } from './support/synthetic.js';

describe('the pickleball serve is the first forehand-side stroke', () => {
  const t = synthTracks({ seconds: 4, swings: [{ t: 1, side: 'backhand' }, { t: 2.5, side: 'forehand' }] });
  // The hitting wrist 60 px below the pelvis in the picture for ±0.2 s around each contact (frames 61 and 150).
  for (const c of [61, 150]) for (let f = c - 6; f <= c + 6; f++) t.pose2d.keypoints[(f * 17 + J.rightWrist) * 2 + 1] = t.pose2d.keypoints[(f * 17 + J.pelvis) * 2 + 1]! + 60;

  it('asked for a serve, the forehand after the backhand is the serve analysed; asked for a drive, each is a drive of its side', () => {
    const serve = analyseStrokes({ ...t, meta: { ...META, sport: 'pickleball', swing_type: 'serve' } });
    expect(serve.result.strokes?.map((s) => [s.contact.frame_nr, s.side, s.swing_type])).toEqual([
      [61, 'backhand', 'backhand_drive'],
      [150, 'forehand', 'serve'],
    ]);
    expect(serve.result.stroke_index).toBe(2);
    expect(serve.warnings.map((w) => w.code)).not.toContain('stroke-substituted');
    const drive = analyseStrokes({ ...t, meta: { ...META, sport: 'pickleball', swing_type: 'forehand_drive' } });
    expect(drive.result.strokes?.map((s) => s.swing_type)).toEqual(['backhand_drive', 'forehand_drive']);
  });
});
