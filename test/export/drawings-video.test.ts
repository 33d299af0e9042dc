/**
 * The coach's drawings in the overlay MP4 of a real analysed session: an angle on the right hip,
 * knee and ankle, made at ball contact, painted in magenta by the app's painter. The frames are
 * decoded back with the test ffmpeg: at contact the angle's arms (hip–knee, knee–ankle, at the
 * stored pose of that frame) are magenta; a few frames later they are magenta where the pose has
 * moved them; outside the drawing's range there is no magenta; at the first frame of its range
 * (faded to 1/21) far fewer magenta pixels than at contact. The contact frame is saved as a PNG
 * under test-artifacts/export/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jointPx, type Px } from '../../main/drawings/geometry.js';
import { exportSession } from '../../main/export/session-export.js';
import { saveDrawing } from '../../main/library/drawings.js';
import { J } from '../../main/pose/h36m.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import { frameRgb, probeWritten } from '../support/ffmpeg-cli.js';
import { REPO_ROOT } from '../support/media.js';
import { sessionFixture, type SessionFixture } from './session-fixture.js';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'export');
const LEG = [J.rightHip, J.rightKnee, J.rightAnkle] as const;
let fx: SessionFixture;
let pose: PoseTrack;
let c = 0;
let mp4 = '';
let width = 0;
let height = 0;

beforeAll(async () => {
  fx = await sessionFixture();
  mkdirSync(fx.out, { recursive: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  pose = fx.detail.pose2d!;
  c = fx.detail.contact!.frameNr;
  expect(pose.frameNr[c]).toBe(c);
  saveDrawing(fx.db, fx.sessionId, {
    kind: 'angle', frameNr: c, fromFrameNr: Math.max(0, c - 25), toFrameNr: c + 25, points: LEG.map((joint) => ({ joint })), text: '', colour: '#ff00ff', onChart: false,
  });
  mp4 = join(fx.out, 'drawn.mp4');
  await exportSession(fx.db, fx.sessionId, 'mp4', mp4);
  ({ width, height } = probeWritten(mp4));
});
afterAll(() => fx?.close());

/** Magenta on the video: red and blue high, green low. */
const isMagenta = (rgb: Buffer, x: number, y: number) => {
  const i = (Math.round(y) * width + Math.round(x)) * 3;
  return rgb[i]! > 170 && rgb[i + 2]! > 170 && rgb[i + 1]! < 110;
};

/** Magenta pixels within 4 px of the points 30 %, 50 % and 70 % along each arm of the angle on pose frame f. */
function magentaOnArms(rgb: Buffer, f: number): { hits: number; tried: number } {
  const [hip, knee, ankle] = LEG.map((j) => jointPx(pose, f, j)) as [Px, Px, Px];
  let hits = 0;
  let tried = 0;
  for (const [a, b] of [[hip, knee], [knee, ankle]] as const) {
    for (const t of [0.3, 0.5, 0.7]) {
      const x = a[0] + t * (b[0] - a[0]);
      const y = a[1] + t * (b[1] - a[1]);
      tried++;
      let found = false;
      for (let dy = -4; dy <= 4 && !found; dy++) for (let dx = -4; dx <= 4 && !found; dx++) found = isMagenta(rgb, x + dx, y + dy);
      if (found) hits++;
    }
  }
  return { hits, tried };
}

/** Magenta pixels in the whole frame. */
function magentaCount(rgb: Buffer): number {
  let n = 0;
  for (let i = 0; i < rgb.length; i += 3) if (rgb[i]! > 170 && rgb[i + 2]! > 170 && rgb[i + 1]! < 110) n++;
  return n;
}

describe('drawings in the overlay MP4', () => {
  it('the angle is painted on its arms at ball contact, in the drawing colour', () => {
    const rgb = frameRgb(mp4, c);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let p = 0, q = 0; p < rgb.length; p += 3, q += 4) rgba.set([rgb[p]!, rgb[p + 1]!, rgb[p + 2]!, 255], q);
    const cv = createCanvas(width, height);
    cv.getContext('2d').putImageData(new ImageData(rgba, width, height), 0, 0);
    writeFileSync(join(ARTIFACTS, 'drawings-video-contact.png'), cv.toBuffer('image/png'));
    expect(magentaOnArms(rgb, c)).toEqual({ hits: 6, tried: 6 });
    expect(magentaOnArms(frameRgb(fx.clipPath, c), c).hits).toBe(0); // not in the source
  });

  it('follows the joints: on a later frame the arms are magenta where the pose moved them', () => {
    const knee = (f: number) => jointPx(pose, f, J.rightKnee);
    const moved = (f: number) => (knee(f) ? Math.hypot(knee(f)![0] - knee(c)![0], knee(f)![1] - knee(c)![1]) : 0);
    // The frame within 12 after contact where the knee moved most (still opaque enough: ≥ 14/21).
    const f = Array.from({ length: 12 }, (_, i) => c + 1 + i).reduce((best, g) => (moved(g) > moved(best) ? g : best));
    expect(moved(f)).toBeGreaterThan(10);
    expect(magentaOnArms(frameRgb(mp4, f), f).hits).toBeGreaterThanOrEqual(5);
  });

  it('fades: none outside the range, far fewer at its first frame than at contact', () => {
    const atContact = magentaCount(frameRgb(mp4, c));
    const atStart = magentaCount(frameRgb(mp4, c - 25));
    const before = magentaCount(frameRgb(mp4, c - 30));
    expect(atContact).toBeGreaterThan(200);
    expect(before).toBeLessThan(20);
    expect(atStart).toBeLessThan(atContact / 10);
  });
});
