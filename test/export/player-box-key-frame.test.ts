/**
 * The report's key frame says which person was analysed: on the contact frame of a real analysed
 * session (session-fixture.ts) the analysed player's box (main/pose/player-box.ts, from the
 * stored 2D pose) is painted as a dashed box in PLAYER_BOX_COLOUR; the other key frames have none.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFrameSpecs } from '../../main/export/report/key-frame-specs.js';
import { renderKeyFrame } from '../../main/export/report/key-frames.js';
import { sessionFixture, type SessionFixture } from './session-fixture.js';

let fx: SessionFixture;
beforeAll(async () => {
  fx = await sessionFixture();
});
afterAll(() => fx?.close());

/** Pixels of the box's orange (#ffb020 ± the PNG's smoothing). */
async function orange(png: Buffer): Promise<number> {
  const img = await loadImage(png);
  const cv = createCanvas(img.width, img.height);
  const ctx = cv.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const px = ctx.getImageData(0, 0, img.width, img.height).data;
  let n = 0;
  for (let i = 0; i < px.length; i += 4) if (px[i]! > 230 && px[i + 1]! > 150 && px[i + 1]! < 200 && px[i + 2]! < 70) n++;
  return n;
}

describe('the analysed player on the report key frame', () => {
  it('only the contact frame carries the box, and painting it adds the orange dashed outline', async () => {
    const specs = keyFrameSpecs(fx.detail);
    const contact = specs.find((s) => s.label === 'Ball contact');
    expect(contact?.playerBox).toBe(true);
    expect(specs.filter((s) => s.playerBox)).toHaveLength(1);
    const pose = fx.detail.pose2d!;
    const without = await orange(await renderKeyFrame(fx.clipPath, pose, { ...contact!, playerBox: false, highlightJoints: [], highlightLimbs: [] }));
    const withBox = await orange(await renderKeyFrame(fx.clipPath, pose, { ...contact!, highlightJoints: [], highlightLimbs: [] }));
    expect(withBox - without).toBeGreaterThan(200);
  });
});
