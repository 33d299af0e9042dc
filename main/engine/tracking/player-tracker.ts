/**
 * Per-frame player tracking state machine: detection (multipose) when there is no player or
 * the player was lost, the crop model in a crop around the previous pose otherwise, and once a
 * second a review of the automatic choice ({@link REVIEW_EVERY_S}). Rules: tracker.ts.
 */
import type { CocoPose, Crop, Detection } from '../inference/index.js';
import type { InferFrame } from '../inference/index.js';
import { cropAround, iou, matchDetection, MIN_POSE_SCORE, pickAtPoint, pickPlayer, playerScore, poseBox, poseScore, REACQUIRE_AFTER_S, type PointAt } from './tracker.js';

/**
 * While nobody is tracked, multipose (the expensive model) runs on every 5th frame only
 * (6 Hz at 30 fps): a lost player is found again within 0.17 s, and a clip with nobody in it
 * does not cost a multipose run per frame.
 */
export const DETECT_EVERY_WHILE_LOST = 5;

/**
 * While the automatic choice (no coach's point) tracks someone, multipose looks at the whole
 * picture again every this many seconds, and the track moves to the person the player rule
 * (tracker.ts `playerScore`) rates {@link SWITCH_FACTOR} times above the tracked one. Decided:
 * 1 s, as REACQUIRE_AFTER_S: a track that slid onto another person (the player cut off by the
 * frame edge, the crop taken over by a partner or a far player) comes back within a second, for
 * one multipose run a second (≈ 3 % of a 30 fps clip's crop-model runs). Measured reason: a
 * recompressed copy of pickleball_rec_1 (x264 CRF 30, test/eval/reencode.ts) lost the near
 * player at frame 44 when she walked out of the picture, the crop slid onto a far player (box
 * 66 × 306 px), and the track stayed there for the rest of the clip although she came back at
 * 88 (400 × 900 px): both of her labelled strokes were lost.
 */
export const REVIEW_EVERY_S = 1.0;

/**
 * How many times the player rule must rate another person above the tracked one to move the
 * track there (Decided, not fitted: the rule is dominated by box area, and a doubles partner or
 * a rally opponent at the same depth differs by well under 2×; 4× asks for a clearly larger,
 * more central person, as a near player is against a far one: 16× in the case above).
 */
export const SWITCH_FACTOR = 4;

/** The player's pose in one frame (decoded-frame pixels) with its box and mean score. */
export interface TrackedPose {
  pose: CocoPose;
  box: [number, number, number, number];
  score: number;
}

/**
 * Everything {@link PlayerTracker} carries from one frame to the next (pose-checkpoint.ts stores
 * it at each chunk's end, so a resumed fast pass goes on exactly as the uninterrupted one would).
 * Frame numbers count the frames stepped; times are seconds on the video's timeline (NaN: not lost).
 */
export interface TrackerSnapshot {
  crop: Crop | undefined;
  lastBox: [number, number, number, number] | undefined;
  lostSinceT: number;
  frameNr: number;
  lastDetectFrame: number;
  anchored: boolean;
  anchorTriedFrame: number;
  /** Time of the last review of the automatic choice ({@link REVIEW_EVERY_S}), s; −Infinity: none yet. */
  lastReviewT: number;
}

/** Where the models run (infer-pool.ts: worker threads). */
export interface PoseRunner {
  pose(frame: InferFrame, crop: Crop): Promise<CocoPose>;
  detect(frame: InferFrame): Promise<Detection[]>;
}

/**
 * The crop model's pose for a frame, requested before the previous frames were tracked (so
 * two workers can run at once): `crop` is the crop it was run on.
 */
export interface PrefetchedPose {
  crop: Crop;
  pose: Promise<CocoPose>;
}

/**
 * Follows one player through the frames of a clip; call {@link PlayerTracker.step} per frame in order.
 * With a `point` (the coach's choice, decoded-frame pixels at `point.t` s), every fresh pick
 * takes the person at the point (tracker.ts pickAtPoint) instead of the automatic rule, and at
 * the first frame at or after `point.t` multipose runs once more and the track moves to the
 * person at the point (Decided: before `t` the same point names the person too: people in a
 * rally move little in a few seconds, and the frames before `t` are then most likely theirs).
 */
export class PlayerTracker {
  private crop: Crop | undefined;
  private lastBox: [number, number, number, number] | undefined;
  private lostSinceT = NaN;
  private frameNr = -1;
  private lastDetectFrame = -Infinity;
  private anchored: boolean;
  private anchorTriedFrame = -Infinity;
  private lastReviewT = -Infinity;

  constructor(
    private readonly net: PoseRunner,
    private readonly point?: PointAt,
  ) {
    this.anchored = !point;
  }

  /**
   * The crop for the next frame to be sent to a worker, or undefined while no player is
   * tracked: the crop step() would use now, i.e. from the last tracked frame's pose. With two
   * workers that is frame n−2's pose for frame n. Constant-velocity prediction from n−2 and
   * n−3 was tried and dropped: PCK@0.1/@0.2 on tennis_forehand_2.mp4 0.756/0.887 (full
   * velocity), 0.767/0.888 (half) vs 0.759/0.894 without, i.e. within run-to-run noise.
   */
  nextCrop(): Crop | undefined {
    return this.crop;
  }

  /** The state carried to the next frame (a copy). */
  snapshot(): TrackerSnapshot {
    const { crop, lastBox, lostSinceT, frameNr, lastDetectFrame, anchored, anchorTriedFrame, lastReviewT } = this;
    return { crop: crop && { ...crop }, lastBox: lastBox && [...lastBox], lostSinceT, frameNr, lastDetectFrame, anchored, anchorTriedFrame, lastReviewT };
  }

  /** Goes on from a {@link snapshot} (of this clip, same point): the next step() is the frame after the snapshot's. */
  restore(s: TrackerSnapshot): void {
    this.crop = s.crop && { ...s.crop };
    this.lastBox = s.lastBox && [...s.lastBox];
    [this.lostSinceT, this.frameNr, this.lastDetectFrame, this.anchored, this.anchorTriedFrame] = [s.lostSinceT, s.frameNr, s.lastDetectFrame, s.anchored, s.anchorTriedFrame];
    this.lastReviewT = s.lastReviewT;
  }

  /**
   * Finds the player in `frame` (time `t` seconds); undefined when not found. `prefetched`, when
   * given and a player is being tracked, replaces the crop-model run on the current crop.
   */
  async step(frame: InferFrame, t: number, prefetched?: PrefetchedPose): Promise<TrackedPose | undefined> {
    this.frameNr++;
    if (!this.anchored && t >= this.point!.t - 1e-6 && this.frameNr - this.anchorTriedFrame >= DETECT_EVERY_WHILE_LOST) {
      // The frame the point names (or the next with a person): the person at the point, whoever was tracked before.
      this.anchorTriedFrame = this.lastDetectFrame = this.frameNr;
      const person = pickAtPoint(await this.net.detect(frame), this.point!);
      if (person) {
        this.anchored = true;
        this.crop = cropAround(person.box, frame.width, frame.height);
        prefetched?.pose.catch(() => undefined);
        prefetched = undefined; // it ran on the previous track's crop
      }
    }
    if (!this.point && this.crop && this.lastBox && t - this.lastReviewT >= REVIEW_EVERY_S - 1e-6) {
      this.lastReviewT = t;
      const better = await this.review(frame, this.lastBox);
      if (better) {
        this.crop = cropAround(better.box, frame.width, frame.height);
        prefetched?.pose.catch(() => undefined);
        prefetched = undefined; // it ran on the previous track's crop
      }
    }
    if (prefetched && this.crop && !holds(prefetched.crop, this.crop)) {
      // Sent before the track moved to another person (a review, the coach's point): with two
      // workers frame n goes out with frame n−2's crop, so without this every other frame would
      // stay on the person left behind. Run on the current crop instead.
      prefetched.pose.catch(() => undefined);
      prefetched = undefined;
    }
    const tracking = !!this.crop;
    if (!this.crop && this.frameNr - this.lastDetectFrame >= DETECT_EVERY_WHILE_LOST) await this.detect(frame, t);
    if (!this.crop) return undefined;
    let found = prefetched && tracking ? scored(await prefetched.pose) : await this.poseAt(frame, this.crop);
    if (!found && this.lastBox) {
      // Lost in the crop: look for the player among all people, then retry once.
      this.crop = undefined;
      await this.detect(frame, t);
      if (this.crop) found = await this.poseAt(frame, this.crop);
    }
    if (!found) {
      if (Number.isNaN(this.lostSinceT)) this.lostSinceT = t;
      this.crop = undefined;
      return undefined;
    }
    this.lostSinceT = NaN;
    this.lastBox = found.box;
    this.crop = cropAround(found.box, frame.width, frame.height, this.crop);
    return found;
  }

  private async poseAt(frame: InferFrame, crop: Crop): Promise<TrackedPose | undefined> {
    return scored(await this.net.pose(frame, crop));
  }

  /**
   * The person to move the track to ({@link REVIEW_EVERY_S}): the player rule's pick when it rates
   * it {@link SWITCH_FACTOR}× above the tracked person (the detection matching `lastBox`);
   * undefined when that is the tracked person, or multipose does not see the tracked person (no
   * comparison: the track stays).
   */
  private async review(frame: InferFrame, lastBox: [number, number, number, number]): Promise<Detection | undefined> {
    this.lastDetectFrame = this.frameNr;
    const dets = await this.net.detect(frame);
    const [best, current] = [pickPlayer(dets, frame.width, frame.height), matchDetection(dets, lastBox)];
    if (!best || !current || best === current) return undefined;
    const score = (d: Detection) => playerScore(d, frame.width, frame.height);
    return score(best) >= SWITCH_FACTOR * score(current) && iou(best.box, current.box) < 0.1 ? best : undefined;
  }

  private async detect(frame: InferFrame, t: number): Promise<void> {
    this.lastDetectFrame = this.frameNr;
    const dets = await this.net.detect(frame);
    const lostLong = !this.lastBox || t - this.lostSinceT > REACQUIRE_AFTER_S;
    const match = this.lastBox ? matchDetection(dets, this.lastBox) : undefined;
    const chosen = match ?? (lostLong ? (this.point ? pickAtPoint(dets, this.point) : pickPlayer(dets, frame.width, frame.height)) : undefined);
    if (!chosen) return;
    this.crop = cropAround(chosen.box, frame.width, frame.height);
    this.lastReviewT = t; // just chosen by the rule (or taken back): the next review a second on
  }
}

/**
 * True when crop `sent` (the one a frame went out with) holds the centre of the current crop
 * `now`: the tracked person moved less than half a crop side since, as between any two frames
 * of one person (the crop is 1.1× the player's longer box side: half of it is ≈ 0.7 of their
 * height in two frames). False after the track moved to another person.
 */
export function holds(sent: Crop, now: Crop): boolean {
  return Math.hypot(sent.cx - now.cx, sent.cy - now.cy) <= sent.side / 2;
}

/** The tracked pose of a crop-model pose: undefined when its mean score is below MIN_POSE_SCORE or it has no box (tracker.ts). */
export function scored(pose: CocoPose): TrackedPose | undefined {
  const score = poseScore(pose);
  const box = poseBox(pose);
  return score >= MIN_POSE_SCORE && box ? { pose, box, score } : undefined;
}
