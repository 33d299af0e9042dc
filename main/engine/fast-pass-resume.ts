/**
 * The fast pass's side of its checkpoints (pose-checkpoint.ts): per decoded frame, whether its
 * pose comes from a saved chunk or from the models, which crop a frame is sent with right after
 * the last saved chunk, and saving each chunk as it ends. Used by estimate-pose.ts only.
 */
import type { Crop } from './inference/index.js';
import type { PlayerTracker, TrackedPose } from './tracking/index.js';
import { CheckpointMismatchError, type ChunkFrame, type PendingCrop, type PoseCheckpoints, type PoseChunk } from './pose-checkpoint.js';

/** A frame in flight as the fast pass sees it: its index and time, the crop it was sent with (undefined: none), a saved frame when replayed. */
export interface InFlight {
  index: number;
  /** Seconds on the video's timeline. */
  t: number;
  crop: Crop | undefined;
  repeat: boolean;
  saved?: ChunkFrame | undefined;
}

/**
 * Replays saved chunks from frame 0 while they are there and valid, then infers (and saves) the
 * rest. Frames are taken in order; {@link savedFrame} at each decoded frame, {@link cropFor}
 * for a frame to infer, {@link tracked} after each frame is tracked, {@link finish} at the end.
 */
export class FastPassResume {
  private replay: PoseChunk | undefined;
  private lastReplayed: PoseChunk | undefined;
  private reading = true;
  private overrides = new Map<number, Crop | undefined>();

  constructor(private readonly ckpt: PoseCheckpoints) {}

  /**
   * The saved frame for decoded frame `index` (time `t`, `repeat` as judged now), or undefined
   * when it is to be inferred. @throws CheckpointMismatchError when a saved frame's time or
   * repeat flag differs from the decoded one's (the clip is not the one checkpointed).
   */
  savedFrame(index: number, t: number, repeat: boolean): ChunkFrame | undefined {
    if (!this.reading) return undefined;
    const n = this.ckpt.chunkFrames;
    if (index % n === 0) {
      this.replay = this.ckpt.read(index / n);
      if (!this.replay) {
        this.reading = false;
        // Decided: the frames in flight when the last saved chunk ended keep the crops they were sent with then.
        for (const p of this.lastReplayed?.pending ?? []) this.overrides.set(p.index, p.crop ?? undefined);
        return undefined;
      }
    }
    const f = this.replay?.frames[index - this.replay.first];
    if (!f || f.t !== t || f.repeat !== repeat) throw new CheckpointMismatchError(index);
    return f;
  }

  /** The crop to send frame `index` with: the saved in-flight crop right after a resume, else the tracker's. */
  cropFor(index: number, tracker: PlayerTracker): Crop | undefined {
    if (this.overrides.has(index)) return this.overrides.get(index);
    return tracker.nextCrop();
  }

  /**
   * After frame `item` was tracked (`found`: its pose): at the end of a replayed chunk the
   * tracker takes the state saved with it; an inferred frame is recorded and its chunk saved
   * when it ends, with the crops of `inFlight` (the frames sent but not yet tracked).
   */
  tracked(item: InFlight, found: TrackedPose | undefined, tracker: PlayerTracker, inFlight: InFlight[]): void {
    const chunk = this.replay;
    if (item.saved && chunk) {
      if (item.index === chunk.first + chunk.frames.length - 1) {
        tracker.restore(chunk.tracker);
        this.lastReplayed = chunk;
        this.ckpt.opts.onChunk?.(chunk.chunk, 'checkpoint');
      }
      return;
    }
    this.ckpt.record(item.index, { t: item.t, repeat: item.repeat, pose: item.repeat ? undefined : found?.pose });
    if (this.ckpt.endsChunk(item.index)) this.ckpt.save(tracker.snapshot(), inFlight.map((q): PendingCrop => ({ index: q.index, crop: q.crop ?? null })));
  }

  /** Saves the last, shorter chunk (the end of the clip). */
  finish(tracker: PlayerTracker): void {
    this.ckpt.save(tracker.snapshot(), []);
  }
}
