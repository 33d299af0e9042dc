/** Frame-range warnings of the pose engine, emitted as soon as a range closes. */

/** Mean keypoint confidence below which a frame counts as low confidence. */
export const LOW_CONFIDENCE = 0.35;
/** Shortest run of low-confidence frames worth a warning (single blurred frames are normal in a swing). */
export const LOW_CONFIDENCE_MIN_FRAMES = 5;

/** Collects runs of frames with a condition and reports each run once it ends. */
export class RangeWarner {
  private start = -1;
  private startT = 0;
  private lastT = 0;
  constructor(
    private readonly describe: (from: number, to: number, t0: number, t1: number) => string,
    private readonly emit: (message: string) => void,
    private readonly minFrames = 1,
  ) {}

  /** Feeds frame `f` at time `t` seconds; `on` = the condition holds in that frame. */
  push(f: number, t: number, on: boolean): void {
    if (on && this.start < 0) [this.start, this.startT] = [f, t];
    if (!on && this.start >= 0) this.close(f - 1);
    this.lastT = on ? t : this.lastT;
  }

  /** Ends the clip at frame `last`, reporting an open run. */
  finish(last: number): void {
    if (this.start >= 0) this.close(last);
  }

  private close(to: number): void {
    if (to - this.start + 1 >= this.minFrames) this.emit(this.describe(this.start, to, this.startT, this.lastT));
    this.start = -1;
  }
}

/** "frames 10-25 (0.33-0.83 s)" */
export function frameRange(from: number, to: number, t0: number, t1: number): string {
  return from === to ? `frame ${from} (${t0.toFixed(2)} s)` : `frames ${from}-${to} (${t0.toFixed(2)}-${t1.toFixed(2)} s)`;
}
