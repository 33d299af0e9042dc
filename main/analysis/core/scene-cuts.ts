/**
 * Scene cuts in a pose track: frames where the whole skeleton jumps at once, as when clips are
 * joined (a practice session assembled from takes) or the camera switches. Per frame, the mean
 * 2D displacement of the measured joints since the previous frame, in trunk lengths (pelvis →
 * thorax in the picture); a cut is a frame whose displacement is ≥ {@link CUT_RATIO} × the median
 * of its ± {@link CUT_NEIGHBOURS} neighbours (floor {@link CUT_FLOOR} trunk lengths). Body motion
 * is spread over several frames even in a real-time swing; a cut is one frame.
 *
 * Repeated images (a frame-rate conversion's cadence: the engine gives a repeat its original's
 * pose) move nothing and are left out of the neighbours' median: among them the median fell to
 * the floor and ordinary motion read as cuts. Seen 2026-11-29 on an unseen slowed serve
 * (christinathr2000/TennisCoach @ b0e40b7 `PhaseDetection/samples/djokovic_2.mp4`, 96 of 375
 * frames repeated, given its capture rate of 240 fps): four "cuts" at 0.08–0.12 trunk lengths
 * during the serve, whose swing was then dropped as a join's jump.
 *
 * Measured (engine pose, 2026-11-23): the largest ratio in the six shared clips is 3.4
 * (tennis_forehand_2 frame 125, the forward swing); the joins of two cuts of tennis_forehand_1
 * give 16 and 79. {@link CUT_RATIO} = 8 sits between.
 */
import { J } from '../../pose/h36m.js';
import { joint2, type PosePair } from './pose-access.js';

/** Ratio of a frame's skeleton displacement to its neighbours' median from which it is a cut. */
export const CUT_RATIO = 8;
/** Neighbours on each side whose median displacement is the reference, frames. */
export const CUT_NEIGHBOURS = 5;
/** Floor of the reference displacement, trunk lengths per frame (a still player must not make every twitch a cut). */
export const CUT_FLOOR = 0.01;
/** Fewest joints measured in both frames for a displacement to count. */
const MIN_JOINTS = 8;

/** Mean 2D joint displacement from frame f − 1 to f in trunk lengths; NaN when too few joints are measured. */
function displacement(p: PosePair, f: number): number {
  const pel = joint2(p, f, J.pelvis);
  const th = joint2(p, f, J.thorax);
  if (!pel || !th) return NaN;
  const trunk = Math.hypot(th[0] - pel[0], th[1] - pel[1]);
  let sum = 0;
  let n = 0;
  for (let j = 0; j < p.pose2d.joints; j++) {
    const a = joint2(p, f - 1, j);
    const b = joint2(p, f, j);
    if (a && b) [sum, n] = [sum + Math.hypot(b[0] - a[0], b[1] - a[1]), n + 1];
  }
  return n >= MIN_JOINTS && trunk > 0 ? sum / n / trunk : NaN;
}

/** Sample indices (into the pair's tracks) where a scene cut starts, ascending. */
export function sceneCuts(p: PosePair): number[] {
  const n = p.pose2d.frames;
  const d = Float64Array.from({ length: n }, (_, f) => (f > 0 ? displacement(p, f) : NaN));
  const cuts: number[] = [];
  for (let f = 1; f < n; f++) {
    if (!Number.isFinite(d[f])) continue;
    const nb: number[] = [];
    for (let g = Math.max(1, f - CUT_NEIGHBOURS); g <= Math.min(n - 1, f + CUT_NEIGHBOURS); g++) if (g !== f && Number.isFinite(d[g])) nb.push(d[g]!);
    if (nb.length < 2) continue;
    // A repeated image moves nothing (the engine gives it its original's pose): the reference is the
    // median of the neighbours that moved, the floor when none did (a still player).
    const moved = nb.filter((x) => x > 0).sort((x, y) => x - y);
    const reference = moved.length > 0 ? moved[Math.floor(moved.length / 2)]! : 0;
    if (d[f]! >= CUT_RATIO * Math.max(reference, CUT_FLOOR)) cuts.push(f);
  }
  return cuts;
}
