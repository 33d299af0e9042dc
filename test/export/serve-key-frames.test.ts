/**
 * A serve's report key frames (main/export/report/key-frame-specs.ts): a serve scores no drive
 * feature, so its trophy position and racket-low point (the primary stroke's serve events) are
 * shown around ball contact; a stroke without serve stages adds nothing.
 */
import { describe, expect, it } from 'vitest';
import { keyFrameSpecs } from '../../main/export/report/key-frame-specs.js';
import type { SessionStroke } from '../../main/library/library-types.js';
import { createPoseTrack } from '../../main/pose/pose-track.js';

const pose2d = createPoseTrack(60, 2);
for (let f = 0; f < 60; f++) pose2d.timestamps[f] = f / 30;
const ev = (name: string, frame: number) => ({ name, frame_nr: frame, timestamp: frame / 30 });
const serve = {
  primary: true,
  serveStages: [{ name: 'contact', from_frame: 40, to_frame: 40, from_timestamp: 40 / 30, to_timestamp: 40 / 30 }],
  events: [ev('toss_release', 10), ev('trophy_position', 25), ev('racket_low_point', 37), ev('ball_contact', 40)],
} as unknown as SessionStroke;

describe('key frames of a serve', () => {
  it('shows the trophy position, the racket-low point and contact', () => {
    const specs = keyFrameSpecs({ pose2d, contact: { frame_nr: 40, timestamp: 40 / 30 } as never, wristSpeed: null, features: [], strokes: [serve] });
    expect(specs.map((s) => [s.frame, s.label])).toEqual([[25, 'Trophy position'], [37, 'Racket low point'], [40, 'Ball contact']]);
  });

  it('adds nothing for a stroke without serve stages', () => {
    const drive = { ...serve, serveStages: undefined } as SessionStroke;
    const specs = keyFrameSpecs({ pose2d, contact: { frame_nr: 40, timestamp: 40 / 30 } as never, wristSpeed: null, features: [], strokes: [drive] });
    expect(specs.map((s) => s.label)).toEqual(['Ball contact']);
  });
});
