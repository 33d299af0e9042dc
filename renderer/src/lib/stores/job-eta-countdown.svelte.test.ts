/**
 * The job list's ETA countdown, renderer side: which job events are new progress reports (the
 * countdown starts afresh from them), the report times the jobs store keeps, and the one shared
 * second clock (fake timers: no real waiting).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobView } from '../../../../preload/contract.js';
import { installFakeApi } from '../fake-api.test-support.js';
import { isNewReport } from './job-text.js';
import { JobsManager } from './jobs.svelte.js';
import { TickClock } from './second-clock.svelte.js';

function job(id: number, share: number, etaS?: number): JobView {
  return { id, kind: 'analysis', state: 'analysing', share, ...(etaS !== undefined ? { etaS } : {}), warnings: [], input: { backend: 'local' }, attempts: 0, createdAt: '', updatedAt: '' };
}

afterEach(() => vi.useRealTimers());

describe('the ETA countdown in the renderer', () => {
  it('a new share, ETA or state is a new report; a repeated one (e.g. a warning) is not', () => {
    const a = job(1, 0.3, 40);
    expect(isNewReport(undefined, a)).toBe(true);
    expect(isNewReport(a, { ...a, warnings: [{ code: 'x', severity: 'info', message: 'm' }] })).toBe(false);
    expect(isNewReport(a, job(1, 0.31, 40))).toBe(true);
    expect(isNewReport(a, job(1, 0.3, 39))).toBe(true);
    expect(isNewReport(a, { ...a, state: 'storing' })).toBe(true);
  });

  it('the jobs store keeps when each job last reported', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const fake = installFakeApi({ 'jobs.list': () => [job(1, 0.2, 80)] });
    const m = new JobsManager();
    await m.load();
    expect(m.reportedAt).toEqual({ 1: 1_000_000 });
    m.subscribe();
    vi.setSystemTime(1_004_000);
    fake.emit('jobs.changed', { ...job(1, 0.2, 80), warnings: [{ code: 'x', severity: 'info', message: 'm' }] });
    expect(m.reportedAt[1]).toBe(1_000_000);
    vi.setSystemTime(1_009_000);
    fake.emit('jobs.changed', job(1, 0.3, 70));
    expect(m.reportedAt[1]).toBe(1_009_000);
  });

  it('one timer ticks while the clock has users, and stops with the last', () => {
    vi.useFakeTimers({ now: 5_000 });
    const clock = new TickClock(1000);
    const stopA = clock.use();
    const stopB = clock.use();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(3000);
    expect(clock.now).toBe(8_000);
    stopA();
    stopA(); // twice is once
    vi.advanceTimersByTime(1000);
    expect(clock.now).toBe(9_000);
    stopB();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(clock.now).toBe(9_000);
  });
});
