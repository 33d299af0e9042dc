/**
 * Time left for a job state from its measured progress: the rate of the share done per real
 * second, smoothed, and the share still to do divided by it. Fed by LiveProgress (job-view.ts)
 * with every progress report of a running state; its estimate is JobView.etaS (main/contract/job.ts).
 */

/** Half-life of the smoothed rate, real seconds: a change of speed shows in the ETA within about this long. */
export const ETA_RATE_HALF_LIFE_S = 20;
/** No estimate before this many real seconds of the state have been measured (the first reports set up the pipeline). */
export const ETA_MIN_ELAPSED_S = 5;
/** No estimate before this share of the state is done (nothing measured yet). */
export const ETA_MIN_SHARE = 0.01;

/**
 * Smoothed-rate estimator of the time left. `update(share, tS)` takes the share done (0..1,
 * monotonic within a state: a lower share starts over) at real time `tS` seconds and returns the
 * estimate in real seconds, or undefined while too little is measured ({@link ETA_MIN_ELAPSED_S},
 * {@link ETA_MIN_SHARE}). Rate: the first estimate is the mean rate since the first report; each
 * later report blends in the rate since the previous one with weight 1 − 2^(−Δt / half-life)
 * (an exponential moving average in time, so frequent and sparse reports weigh time the same).
 * Decided: share per second rather than frames per second: every progress report of every
 * state carries a share, and within the engine's fast or second pass the share is frames done.
 */
export class EtaEstimator {
  private start: { share: number; t: number } | undefined;
  private last: { share: number; t: number } | undefined;
  private rate: number | undefined;

  constructor(private readonly halfLifeS = ETA_RATE_HALF_LIFE_S) {}

  /** Records `share` (0..1) done at `tS` real seconds; returns the time left, real seconds, or undefined. */
  update(share: number, tS: number): number | undefined {
    if (!this.start || !this.last || share < this.last.share || tS < this.last.t) {
      this.start = this.last = { share, t: tS };
      this.rate = undefined;
      return undefined;
    }
    const dt = tS - this.last.t;
    if (dt > 0) {
      const elapsed = tS - this.start.t;
      if (this.rate === undefined) {
        if (elapsed >= ETA_MIN_ELAPSED_S && share - this.start.share > 0) this.rate = (share - this.start.share) / elapsed;
      } else {
        const w = 1 - Math.pow(2, -dt / this.halfLifeS);
        this.rate = (1 - w) * this.rate + w * ((share - this.last.share) / dt);
      }
      this.last = { share, t: tS };
    }
    return this.estimate();
  }

  /** The current estimate without a new report (undefined while too little is measured). */
  estimate(): number | undefined {
    if (this.rate === undefined || this.rate <= 0 || !this.last || this.last.share < ETA_MIN_SHARE) return undefined;
    return Math.max(0, 1 - this.last.share) / this.rate;
  }
}
