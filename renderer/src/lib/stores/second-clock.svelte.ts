/**
 * One shared wall clock for what counts down on screen (the job list's ETA): `now` advances once
 * a second while at least one view uses it, so every row reads the same tick and no row keeps a
 * timer of its own.
 */

/** Tick of {@link secondClock}, ms. */
export const SECOND_CLOCK_TICK_MS = 1000;

/** A reactive `now` (ms since the epoch, Date.now()) that ticks while it has users. */
export class TickClock {
  /** The time of the last tick, ms since the epoch. */
  now = $state(Date.now());
  #users = 0;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly tickMs = SECOND_CLOCK_TICK_MS) {}

  /**
   * Starts ticking for one more user (the first starts the one timer; `now` is set at once);
   * returns that user's stop (the last stop clears the timer). Meant for `$effect(() => clock.use())`.
   */
  use(): () => void {
    this.#users += 1;
    if (this.#timer === undefined) {
      this.now = Date.now();
      this.#timer = setInterval(() => (this.now = Date.now()), this.tickMs);
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.#users -= 1;
      if (this.#users === 0 && this.#timer !== undefined) {
        clearInterval(this.#timer);
        this.#timer = undefined;
      }
    };
  }
}

/** The app's one second clock. */
export const secondClock = new TickClock();
