/**
 * Which person is the analysed player, and where to crop for the next frame.
 *
 * Player rule (documented in README): on the first frame where multipose finds anyone, the
 * player is the person with the highest `area × centrality × box score`, where area is the
 * box area as a share of the frame and centrality = exp(-d²/(2·0.35²)) with d the distance of
 * the box centre from the frame centre in units of the frame's half-diagonal. The swinging
 * player in our footage is the largest, most central person (bystanders, ball kids, far
 * players and crowd are smaller or off-centre). From then on identity is kept frame to frame
 * by cropping around the previous pose (single-person lightning in that crop); when the pose
 * is lost, multipose runs again and the person whose box best overlaps the last known box
 * (IoU ≥ 0.1, or centre within one box height, and height within ×0.5-×2) is taken back; only after REACQUIRE_AFTER_S
 * seconds without a match does the rule above pick a (possibly new) player. Once a second the
 * automatic choice is reviewed against the rule (player-tracker.ts REVIEW_EVERY_S, SWITCH_FACTOR).
 */
import type { CocoPose, Crop, Detection } from '../inference/index.js';

/** Seconds without a matching person after which the player is picked again from scratch. */
export const REACQUIRE_AFTER_S = 1.0;
/** A keypoint counts as seen above this score (MoveNet model card uses 0.2-0.3). */
export const KP_MIN_SCORE = 0.2;
/** Mean keypoint score below which the pose in the crop is treated as "player not found". */
export const MIN_POSE_SCORE = 0.2;

type Box = [number, number, number, number];

/** Player-selection score of a detection in a frame of width × height pixels (see file doc). */
export function playerScore(d: Detection, width: number, height: number): number {
  const [x, y, w, h] = d.box;
  const halfDiag = Math.hypot(width, height) / 2;
  const dist = Math.hypot(x + w / 2 - width / 2, y + h / 2 - height / 2) / halfDiag;
  const centrality = Math.exp(-(dist * dist) / (2 * 0.35 * 0.35));
  return ((w * h) / (width * height)) * centrality * d.boxScore;
}

/** The detection the player rule picks, or undefined when there is none. */
export function pickPlayer(dets: Detection[], width: number, height: number): Detection | undefined {
  let best: Detection | undefined;
  for (const d of dets) if (!best || playerScore(d, width, height) > playerScore(best, width, height)) best = d;
  return best;
}

/** A point on the picture, pixels of the decoded frame, at `t` seconds on the video's timeline. */
export interface PointAt {
  x: number;
  y: number;
  t: number;
}

/**
 * A point on a picture turned on its side without a rotation tag (VideoInfo.turned, main/av
 * decode.ts convention) carried to the upright picture of `width × height` px that the engine
 * analyses: turn 270 is turned clockwise (x, y → width − 1 − y, x), turn 90 counter-clockwise
 * (x, y → y, height − 1 − x). Any other turn leaves the point as it is.
 */
export function uprightPoint<P extends { x: number; y: number }>(p: P, turn: number, width: number, height: number): P {
  if (turn === 270) return { ...p, x: width - 1 - p.y, y: p.x };
  if (turn === 90) return { ...p, x: p.y, y: height - 1 - p.x };
  return p;
}

/**
 * The detection a coach's point names: the person whose box contains the point; among several,
 * the one whose box centre is nearest in units of its box height (the person the point is most
 * inside of); when no box contains it, the box nearest to the point. Undefined without detections.
 */
export function pickAtPoint(dets: Detection[], p: { x: number; y: number }): Detection | undefined {
  let best: Detection | undefined;
  let bestCost: [number, number] = [Infinity, Infinity];
  for (const d of dets) {
    const [x, y, w, h] = d.box;
    const outside = Math.hypot(Math.max(x - p.x, 0, p.x - (x + w)), Math.max(y - p.y, 0, p.y - (y + h)));
    const centre = Math.hypot(x + w / 2 - p.x, y + h / 2 - p.y) / Math.max(1, h);
    const cost: [number, number] = [outside, centre];
    if (cost[0] < bestCost[0] || (cost[0] === bestCost[0] && cost[1] < bestCost[1])) [best, bestCost] = [d, cost];
  }
  return best;
}

/** Intersection over union of two [x, y, w, h] boxes. */
export function iou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]));
  const inter = ix * iy;
  const union = a[2] * a[3] + b[2] * b[3] - inter;
  return union > 0 ? inter / union : 0;
}

/**
 * The detection that continues the track of `last`: IoU ≥ 0.1 or centre within one box height,
 * and a box height within ×0.5-×2 of the last one (a far player is never taken for a near one).
 */
export function matchDetection(dets: Detection[], last: Box): Detection | undefined {
  let best: Detection | undefined;
  let bestCost = Infinity;
  for (const d of dets) {
    const dist = Math.hypot(d.box[0] + d.box[2] / 2 - (last[0] + last[2] / 2), d.box[1] + d.box[3] / 2 - (last[1] + last[3] / 2));
    const overlap = iou(d.box, last);
    const sizeRatio = d.box[3] / Math.max(1, last[3]);
    if ((overlap < 0.1 && dist > last[3]) || sizeRatio < 0.5 || sizeRatio > 2) continue;
    const cost = dist / Math.max(1, last[3]) - overlap;
    if (cost < bestCost) {
      best = d;
      bestCost = cost;
    }
  }
  return best;
}

/** Mean keypoint score of a pose, 0..1. */
export function poseScore(p: CocoPose): number {
  let s = 0;
  for (const v of p.score) s += v;
  return s / p.score.length;
}

/**
 * Box [x, y, w, h] around the seen keypoints, widened 10 % each side and raised by 25 % of its
 * height at the top (COCO keypoints stop at the eyes; the head top is above them).
 * Undefined when fewer than 3 keypoints are seen.
 */
export function poseBox(p: CocoPose): Box | undefined {
  let [x0, y0, x1, y1, n] = [Infinity, Infinity, -Infinity, -Infinity, 0];
  for (let k = 0; k < 17; k++) {
    if ((p.score[k] ?? 0) < KP_MIN_SCORE) continue;
    const x = p.xy[2 * k] ?? 0;
    const y = p.xy[2 * k + 1] ?? 0;
    [x0, y0, x1, y1, n] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y), n + 1];
  }
  if (n < 3) return undefined;
  const w = x1 - x0;
  const h = y1 - y0;
  const padX = Math.max(0.1 * w, 0.05 * h);
  return [x0 - padX, y0 - 0.25 * h, w + 2 * padX, 1.3 * h];
}

/**
 * Crop side as a multiple of the player box's longer side (the box is already padded, see
 * poseBox). Measured on tennis_forehand_2.mp4 (PCK@0.1 / @0.2 vs Detectron2, lightning):
 * 1.3 → 0.681 / 0.842, 1.1 → 0.768 / 0.889, 1.0 → 0.784 / 0.900, 0.9 → 0.407 / 0.472 (the crop
 * cuts the feet, the box shrinks, the crop follows: collapse). 1.1 keeps a margin from that edge.
 */
export const CROP_SCALE = 1.1;
/** A crop never shrinks by more than this share per frame (guards against the collapse above). */
export const CROP_MAX_SHRINK = 0.1;

/**
 * Square crop around a box for the next crop-model run: side = CROP_SCALE × the longer box
 * side, at least 1/8 of the frame's shorter side, and at least (1 − CROP_MAX_SHRINK) × the
 * previous crop's side when one is given.
 */
export function cropAround(box: Box, width: number, height: number, previous?: Crop): Crop {
  const floor = previous ? (1 - CROP_MAX_SHRINK) * previous.side : 0;
  const side = Math.max(CROP_SCALE * Math.max(box[2], box[3]), Math.min(width, height) / 8, floor);
  return { cx: box[0] + box[2] / 2, cy: box[1] + box[3] / 2, side };
}
