import { describe, expect, it } from 'vitest';
import { AnalysisJobInputSchema } from '../../../../main/contract/job-input.js';
import { anotherPersonJob, pictureCssAt, picturePointAt } from './another-person.js';

const d = {
  session: { clipPath: '/lib/clips/abc.mp4', sport: 'pickleball', swingType: 'forehand_drive', captureFps: null, title: 'Doubles', recordedAt: '2026-11-20T10:00:00Z' },
  player: { id: 3, name: 'Ann', dominantHand: 'right', heightMm: 1700 },
} as unknown as Parameters<typeof anotherPersonJob>[0];

describe('Analyse another person', () => {
  it('maps a click to picture pixels through the letterbox, and refuses the bars', () => {
    // A 1280×720 clip in a 640×480 element: scale 0.5, picture 640×360 from y = 60.
    expect(picturePointAt(306, 254, 640, 480, 1280, 720)).toEqual({ x: 612, y: 388 });
    expect(picturePointAt(306, 30, 640, 480, 1280, 720)).toBeNull();
    expect(picturePointAt(10, 10, 640, 480, 0, 0)).toBeNull();
  });

  it('places a source pixel back on the element (the preview marker): the inverse of the click mapping', () => {
    expect(pictureCssAt(612, 388, 640, 480, 1280, 720)).toEqual({ left: 306, top: 254 });
    // A portrait 1080×1920 clip in a 640×480 element: scale 0.25, picture 270 wide from x = 185.
    const css = pictureCssAt(540, 960, 640, 480, 1080, 1920)!;
    expect(css).toEqual({ left: 320, top: 240 });
    expect(picturePointAt(css.left, css.top, 640, 480, 1080, 1920)).toEqual({ x: 540, y: 960 });
    expect(pictureCssAt(1, 1, 640, 480, 0, 0)).toBeNull();
  });

  it('queues the same clip, player and swing on the local engine with the point: a valid job input', () => {
    const job = anotherPersonJob(d, { x: 612, y: 388, t: 2.4 });
    expect(job).toMatchObject({ videoPath: '/lib/clips/abc.mp4', backend: 'local', sport: 'pickleball', playerPoint: { x: 612, y: 388, t: 2.4 }, title: 'Doubles (another person)', recordedAt: '2026-11-20T10:00:00Z' });
    expect(job).not.toHaveProperty('captureFps');
    expect(AnalysisJobInputSchema.safeParse(job).success).toBe(true);
  });
});
