/**
 * Per-frame player tracking state machine: detection (multipose) when there is no player or
 * the player was lost, lightning in a crop around the previous pose otherwise. Rules: tracker.ts.
 */
import { detectPeople, poseInCrop, type CocoPose, type Crop, type FrameTensor, type MoveNet } from './movenet.js';
import { cropAround, matchDetection, MIN_POSE_SCORE, pickPlayer, poseBox, poseScore, REACQUIRE_AFTER_S } from './tracker.js';

/**
 * While nobody is tracked, multipose (the expensive model) runs on every 5th frame only
 * (6 Hz at 30 fps): a lost player is found again within 0.17 s, and a clip with nobody in it
 * does not cost a multipose run per frame.
 */
export const DETECT_EVERY_WHILE_LOST = 5;

/** The player's pose in one frame (decoded-frame pixels) with its box and mean score. */
export interface TrackedPose {
  pose: CocoPose;
  box: [number, number, number, number];
  score: number;
}

/** Follows one player through the frames of a clip; call {@link PlayerTracker.step} per frame in order. */
export class PlayerTracker {
  private crop: Crop | undefined;
  private lastBox: [number, number, number, number] | undefined;
  private lostSinceT = NaN;
  private frameNr = -1;
  private lastDetectFrame = -Infinity;

  constructor(private readonly net: MoveNet) {}

  /** Finds the player in `frame` (time `t` seconds); undefined when not found. */
  async step(frame: FrameTensor, t: number): Promise<TrackedPose | undefined> {
    this.frameNr++;
    if (!this.crop && this.frameNr - this.lastDetectFrame >= DETECT_EVERY_WHILE_LOST) await this.detect(frame, t);
    if (!this.crop) return undefined;
    let found = await this.poseAt(frame, this.crop);
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

  private async poseAt(frame: FrameTensor, crop: Crop): Promise<TrackedPose | undefined> {
    const pose = await poseInCrop(this.net, frame, crop);
    const score = poseScore(pose);
    const box = poseBox(pose);
    return score >= MIN_POSE_SCORE && box ? { pose, box, score } : undefined;
  }

  private async detect(frame: FrameTensor, t: number): Promise<void> {
    this.lastDetectFrame = this.frameNr;
    const dets = await detectPeople(this.net, frame);
    const lostLong = !this.lastBox || t - this.lostSinceT > REACQUIRE_AFTER_S;
    const match = this.lastBox ? matchDetection(dets, this.lastBox) : undefined;
    const chosen = match ?? (lostLong ? pickPlayer(dets, frame.width, frame.height) : undefined);
    if (chosen) this.crop = cropAround(chosen.box, frame.width, frame.height);
  }
}
