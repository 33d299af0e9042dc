/**
 * Live progress of a job (main/jobs/job-view.ts): reports are emitted at most every
 * PROGRESS_EVENT_INTERVAL_MS per job, a complete one at once; a final job's view shows no
 * live progress.
 */
import { expect, it } from 'vitest';
import type { Warning } from '../../main/contract/warning.js';

const W: Warning = { code: 'service', severity: 'notice', message: 'w' };
import type { JobRecord } from '../../main/contract/job.js';
import { jobView, LiveProgress, PROGRESS_EVENT_INTERVAL_MS } from '../../main/jobs/job-view.js';

it('emits the first report, then one per interval, and a complete one at once', () => {
  const live = new LiveProgress();
  const t0 = 1_000_000;
  const emitted = [
    0,
    10,
    50,
    PROGRESS_EVENT_INTERVAL_MS - 1,
    PROGRESS_EVENT_INTERVAL_MS,
    PROGRESS_EVENT_INTERVAL_MS + 20,
  ].map((dt, i) => live.report(7, { share: i / 10 }, t0 + dt));
  expect(emitted).toEqual([true, false, false, false, true, false]);
  expect(live.report(7, { share: 1 }, t0 + PROGRESS_EVENT_INTERVAL_MS + 30)).toBe(true);
  expect(live.get(7)).toEqual({ share: 1, at: t0 + PROGRESS_EVENT_INTERVAL_MS + 30 });
  expect(live.report(8, { share: 0.5 }, t0 + 1)).toBe(true); // another job has its own clock
  live.reset(7, t0 + 500);
  expect(live.get(7)).toEqual({ share: 0, at: t0 + 500 });
  live.delete(7);
  expect(live.get(7)).toBeUndefined();
});

it('a view shows live progress while working and none once final', () => {
  const record: JobRecord = {
    id: 3,
    kind: 'analysis',
    state: 'uploading',
    reason: '',
    sessionId: null,
    attempts: 1,
    input: {
      videoPath: '/v/a.mp4',
      player: { name: 'A', dominantHand: 'right', heightMm: 1700 },
      sport: 'tennis',
      swingType: 'forehand_drive',
      backend: 'local',
    },
    safePoint: { warnings: [W] },
    createdAt: 'c',
    updatedAt: 'u',
  };
  const live = { share: 0.25, bytes: 10, totalBytes: 40 };
  expect(jobView(record, live)).toMatchObject({
    state: 'uploading',
    share: 0.25,
    bytes: 10,
    totalBytes: 40,
    warnings: [W],
  });
  expect(jobView({ ...record, state: 'failed', reason: 'gone' }, live)).toEqual(
    expect.objectContaining({ share: 0, reason: 'gone' }),
  );
  expect(jobView({ ...record, state: 'failed' }, live)).not.toHaveProperty('bytes');
  expect(jobView({ ...record, state: 'done', sessionId: 9 }, undefined)).toMatchObject({
    share: 1,
    sessionId: 9,
  });
});
