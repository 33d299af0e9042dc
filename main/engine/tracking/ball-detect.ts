/**
 * Ball candidates on the fast pass's decoded frames: pixels that are optic yellow (the ITF
 * tennis ball's colour, and the pickleballs of ../shared/media) AND changed since the previous
 * distinct image, grouped into 4-connected blobs, in a region around the tracked player. A
 * still yellow thing (a logo, a line, a fence) does not change between images; a moving shirt
 * makes blobs far larger than a ball. What is a ball and what is not is decided later, from the
 * flight (main/analysis/ball-flight.ts): here every plausible blob is kept, largest first.
 *
 * Colour and motion thresholds were read off the shared clips (pickleball_rec_1 frames 236–275,
 * pickleball_broadcast_1 48–66 and 160–192, decoded at 640 px: the ball's blob is 2–20 px²
 * there). Cost: one pass over the region's pixels, 7.9 % of the fast pass's wall time on
 * tennis_forehand_2.mp4 (README "Ball candidates", `npm run bench -- engine` part `ball`).
 */
import { BALL_SLOTS, emptyBallCandidates, type BallBlob, type BallCandidates } from '../../pose/ball-candidates.js';

/** A frame as decoded: RGB bytes, row-major. */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/** Player box [x, y, w, h] in decoded pixels. */
export type Box = readonly [number, number, number, number];

/** Sum over R, G, B of the change since the previous image above which a pixel moved (0..765). */
const MOTION_MIN = 60;

/**
 * Optic yellow: green and red high, blue well below both (green − blue > 40), and a hue of at
 * least ≈ 40° (red − green < half of green − blue: yellow or yellow-green, not the orange of skin,
 * ≈ 20–30°, or of a red shirt). Until 2026-11-29 the chroma floor was green − blue > 60 with
 * |red − green| < 80 (read off pickleball_rec_1 and pickleball_broadcast_1); a pale ball under
 * indoor light, tennis_serve_stock_slowmo_1's toss at (193, 179, 124), fell under it and its toss
 * had no candidate. The hue bound replaces the chroma that kept skin out. `npm run eval` with
 * fresh poses: every stroke, contact, side and headline figure of the 13 labelled clips as before
 * (main/engine/README.md "Ball candidates").
 */
function isBallColour(r: number, g: number, b: number): boolean {
  return g > 120 && r > 100 && g - b > 40 && r - b > 40 && g - r < 80 && r - g < (g - b) / 2;
}

/**
 * Region searched around the player box: two box widths to each side (a ball still out of reach
 * tells that no stroke happens now), 0.6 box height above (a serve's toss and contact), 0.3 below
 * (a ball bouncing at the feet). Whole image without a box.
 */
export function searchRegion(box: Box | undefined, width: number, height: number): [number, number, number, number] {
  if (!box) return [0, 0, width, height];
  const [x, y, w, h] = box;
  const x0 = Math.max(0, Math.floor(x - 2 * w));
  const y0 = Math.max(0, Math.floor(y - 0.6 * h));
  const x1 = Math.min(width, Math.ceil(x + 3 * w));
  const y1 = Math.min(height, Math.ceil(y + 1.3 * h));
  return [x0, y0, Math.max(x0, x1), Math.max(y0, y1)];
}

/**
 * Moving ball-coloured blobs of `cur` against `prev` (same size) inside `region` [x0, y0, x1, y1),
 * largest first, at most {@link BALL_SLOTS}: centre and area in decoded pixels. Blobs of 1 pixel
 * (noise) and larger than `maxArea` (a shirt, a body part) are dropped.
 */
export function ballBlobs(cur: RgbImage, prev: RgbImage, region: readonly [number, number, number, number], maxArea: number): BallBlob[] {
  const [x0, y0, x1, y1] = region;
  const w = x1 - x0;
  const h = y1 - y0;
  if (w <= 0 || h <= 0) return [];
  const mask = new Uint8Array(w * h);
  const a = cur.rgb;
  const p = prev.rgb;
  for (let y = 0; y < h; y++) {
    let i = ((y + y0) * cur.width + x0) * 3;
    for (let x = 0; x < w; x++, i += 3) {
      const r = a[i]!, g = a[i + 1]!, b = a[i + 2]!;
      if (!isBallColour(r, g, b)) continue;
      if (Math.abs(r - p[i]!) + Math.abs(g - p[i + 1]!) + Math.abs(b - p[i + 2]!) > MOTION_MIN) mask[y * w + x] = 1;
    }
  }
  const blobs: BallBlob[] = [];
  const stack: number[] = [];
  for (let s = 0; s < mask.length; s++) {
    if (mask[s] !== 1) continue;
    let [n, sx, sy] = [0, 0, 0];
    mask[s] = 2;
    stack.push(s);
    while (stack.length > 0) {
      const q = stack.pop()!;
      const qx = q % w;
      const qy = (q - qx) / w;
      n++;
      sx += qx;
      sy += qy;
      const visit = (r: number) => {
        if (mask[r] !== 1) return;
        mask[r] = 2;
        stack.push(r);
      };
      if (qx > 0) visit(q - 1);
      if (qx < w - 1) visit(q + 1);
      if (qy > 0) visit(q - w);
      if (qy < h - 1) visit(q + w);
    }
    if (n >= 2 && n <= maxArea) blobs.push({ x: x0 + sx / n + 0.5, y: y0 + sy / n + 0.5, area: n });
  }
  return blobs.sort((u, v) => v.area - u.area).slice(0, BALL_SLOTS);
}

/**
 * Largest blob area kept, decoded pixels², for a player box `h` pixels tall: a ball is about 4 %
 * of a player's height (6.7–7.4 cm of 1.7–1.9 m); motion blur stretches it up to about 3× along
 * its path, so (0.1 h)² leaves room for both.
 */
export function maxBallArea(boxHeight: number | undefined): number {
  return boxHeight && boxHeight > 0 ? Math.max(16, (0.1 * boxHeight) ** 2) : 400;
}

/**
 * Collects the ball candidates of a clip as the fast pass decodes it: `push` each decoded frame
 * (with the latest player box, decoded pixels, and whether it repeats the previous image), then
 * `finish` scales them to source pixels. A repeated image has no candidates (nothing moved).
 * Memory: only the non-empty slots, as [frame, slot, x, y, area] numbers (no object per frame:
 * a 2-minute 60 fps practice clip is 7200 frames).
 */
export class BallCandidateCollector {
  private prev: RgbImage | undefined;
  private frames = 0;
  private readonly slots: number[] = [];

  push(frame: RgbImage, box: Box | undefined, repeat: boolean): void {
    const f = this.frames++;
    if (repeat) return;
    const prev = this.prev;
    this.prev = frame;
    if (!prev) return;
    const region = searchRegion(box, frame.width, frame.height);
    ballBlobs(frame, prev, region, maxBallArea(box?.[3])).forEach((b, s) => this.slots.push(f, s, b.x, b.y, b.area));
  }

  /** The candidates of every pushed frame, scaled by (sx, sy) to source pixels (areas by sx·sy). */
  finish(sx: number, sy: number): BallCandidates {
    const out = emptyBallCandidates(this.frames);
    for (let i = 0; i < this.slots.length; i += 5) {
      const [f, s, x, y, area] = this.slots.slice(i, i + 5) as [number, number, number, number, number];
      out.xy[(f * BALL_SLOTS + s) * 2] = x * sx;
      out.xy[(f * BALL_SLOTS + s) * 2 + 1] = y * sy;
      out.area[f * BALL_SLOTS + s] = area * sx * sy;
    }
    return out;
  }
}
