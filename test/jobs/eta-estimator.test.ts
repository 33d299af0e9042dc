/**
 * The ETA of a running job state (main/jobs/eta-estimator.ts) on synthetic progress series
 * (share done at given real seconds: no clock is read), its words (main/contract/job-eta.ts),
 * and how it reaches the job's view (LiveProgress, job-view.ts) and the CLI's progress line.
 */
import { describe, expect, it, vi } from 'vitest';
import { EtaEstimator, ETA_MIN_ELAPSED_S, ETA_RATE_HALF_LIFE_S } from '../../main/jobs/eta-estimator.js';
import { ETA_RAN_OUT_TEXT, etaCountdownText, etaLeftS, etaText } from '../../main/contract/job-eta.js';
import { LiveProgress, PROGRESS_EVENT_INTERVAL_MS } from '../../main/jobs/job-view.js';
import { jobContext, type ContextHost } from '../../main/jobs/job-context.js';
import type { JobRecord } from '../../main/contract/job.js';
import { detailOf } from '../../main/cli/progress.js';
import type { JobView } from '../../main/contract/job.js';

describe('EtaEstimator', () => {
  it('a steady 1 % per second gives the share left divided by that rate', () => {
    const e = new EtaEstimator();
    const out = [0, 1, 2, 3, 4, 5, 10, 50].map((t) => e.update(t / 100, t));
    expect(out.slice(0, 5)).toEqual([undefined, undefined, undefined, undefined, undefined]); // < ETA_MIN_ELAPSED_S measured
    expect(ETA_MIN_ELAPSED_S).toBe(5);
    expect(out[5]).toBeCloseTo(95, 9);
    expect(out[6]).toBeCloseTo(90, 9);
    expect(out[7]).toBeCloseTo(50, 9);
  });

  it('follows a change of speed with the half-life of its smoothing', () => {
    const e = new EtaEstimator();
    for (let t = 0; t <= 10; t++) e.update(t / 100, t); // 1 %/s
    // From t = 10 s on, 0.5 %/s, one report per second for one half-life: the rate is halfway between.
    let eta: number | undefined;
    for (let k = 1; k <= ETA_RATE_HALF_LIFE_S; k++) eta = e.update(0.1 + k * 0.005, 10 + k);
    const share = 0.1 + ETA_RATE_HALF_LIFE_S * 0.005;
    expect(eta).toBeCloseTo((1 - share) / 0.0075, 6); // rate (0.01 + 0.005) / 2
    // Sparse reports weigh time the same: one report after the same 20 s gives the same rate.
    const sparse = new EtaEstimator();
    for (let t = 0; t <= 10; t++) sparse.update(t / 100, t);
    expect(sparse.update(share, 10 + ETA_RATE_HALF_LIFE_S)).toBeCloseTo((1 - share) / 0.0075, 6);
  });

  it('starts over when the share goes back (a new state or a restarted pass)', () => {
    const e = new EtaEstimator();
    for (let t = 0; t <= 10; t++) e.update(t / 100, t);
    expect(e.update(0.02, 11)).toBeUndefined();
    expect(e.estimate()).toBeUndefined();
    expect(e.update(0.02 + 0.05 * 5, 16)).toBeCloseTo((1 - 0.27) / 0.05, 9);
  });

  it('gives nothing while nothing moves', () => {
    const e = new EtaEstimator();
    expect([0, 5, 10, 20].map((t) => e.update(0, t))).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('etaText', () => {
  it('says the time left in words', () => {
    expect([0, 3, 41, 59, 60, 61, 170, 3599, 3600, 4800].map(etaText)).toEqual([
      '~10 s left', '~10 s left', '~50 s left', '~1 min left', '~1 min left', '~2 min left', '~3 min left', '~1 h left', '~1 h left', '~1 h 20 min left',
    ]);
    expect([undefined, NaN, -1, Infinity].map(etaText)).toEqual(['', '', '', '']);
  });
});

describe('the countdown between reports (job list)', () => {
  const at = 1_000_000; // ms, the report's arrival
  it('counts the estimate down from the report, floored at 0', () => {
    expect([0, 1000, 30_500, 90_000, 200_000].map((dt) => etaLeftS(90, at, at + dt))).toEqual([90, 89, 59.5, 0, 0]);
    expect(etaLeftS(90, at, at - 5000)).toBe(90); // a clock that went back: no time passed
    expect([undefined, NaN, -1, Infinity].map((e) => etaLeftS(e, at, at + 1000))).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('says the time left, then the floor text once it ran out, and starts over with a new report', () => {
    const texts = [0, 50_000, 89_000, 89_999, 90_000, 600_000].map((dt) => etaCountdownText(170, at, at + 80_000 + dt));
    expect(texts).toEqual(['~2 min left', '~40 s left', '~10 s left', '~10 s left', ETA_RAN_OUT_TEXT, ETA_RAN_OUT_TEXT]);
    expect(ETA_RAN_OUT_TEXT).toBe('finishing…');
    // a new report at +700 s with 45 s left: counted from its own arrival
    expect(etaCountdownText(45, at + 700_000, at + 700_000)).toBe('~50 s left');
    expect(etaCountdownText(45, at + 700_000, at + 720_000)).toBe('~30 s left');
    expect(etaCountdownText(undefined, at, at)).toBe('');
  });
});

describe('the ETA on the job', () => {
  it('LiveProgress carries it on the progress and the CLI line shows it', () => {
    const live = new LiveProgress();
    const t0 = 1_000_000;
    live.reset(1, t0);
    for (let s = 1; s <= 20; s++) live.report(1, { share: s / 100 }, t0 + s * 1000);
    expect(live.get(1)?.etaS).toBeCloseTo(80, 6);
    live.reset(1, t0 + 30_000); // the next state measures afresh
    expect(live.get(1)?.etaS).toBeUndefined();
    const job = { state: 'analysing', share: 0.2, etaS: 170, warnings: [] } as unknown as JobView;
    expect(detailOf(job)).toBe(' ~3 min left');
    expect(detailOf({ ...job, state: 'uploading', bytes: 1e6, totalBytes: 5e6 })).toBe(' 1.0/5.0 MB ~3 min left');
    expect(detailOf({ ...job, state: 'storing' })).toBe('');
  });
});

describe('a report held back by the throttle', () => {
  it('is emitted once the interval has passed, so the last report before a quiet spell is shown', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const live = new LiveProgress();
      const emitted: (number | undefined)[] = [];
      const host = { live, emit: (id: number) => emitted.push(live.get(id)?.share), write: () => undefined } as unknown as ContextHost;
      const ctx = jobContext({ id: 7, safePoint: {} } as unknown as JobRecord, new AbortController().signal, host);
      ctx.setState('analysing'); // the state change itself is announced by write()
      vi.advanceTimersByTime(10);
      ctx.progress({ share: 0.02 }); // within the interval of the state's start: held back
      ctx.progress({ share: 0.03 });
      expect(emitted).toEqual([]);
      vi.advanceTimersByTime(PROGRESS_EVENT_INTERVAL_MS);
      expect(emitted).toEqual([0.03]); // one trailing event with the latest report
      vi.advanceTimersByTime(5 * PROGRESS_EVENT_INTERVAL_MS);
      expect(emitted).toEqual([0.03]);
      ctx.progress({ share: 0.1 }); // due: emitted at once
      expect(emitted).toEqual([0.03, 0.1]);
      ctx.progress({ share: 0.11 }); // held back again
      ctx.setState('storing'); // a state change drops the held report (the new state is announced)
      vi.advanceTimersByTime(5 * PROGRESS_EVENT_INTERVAL_MS);
      expect(emitted).toEqual([0.03, 0.1]);
    } finally {
      vi.useRealTimers();
    }
  });
});
