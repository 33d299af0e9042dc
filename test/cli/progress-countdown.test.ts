/**
 * The CLI's progress bar counts the time left down between progress reports (main/cli/progress.ts,
 * job-eta.ts `etaCountdownText`), as the app's job list does: a TTY-like stream, fake timers, no
 * real waiting.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobView } from '../../main/contract/job.js';
import { detailOf, progressView, REDRAW_MS } from '../../main/cli/progress.js';

afterEach(() => vi.useRealTimers());

const job = (share: number, etaS: number | undefined, state = 'analysing') =>
  ({ id: 7, kind: 'analysis', state, share, ...(etaS === undefined ? {} : { etaS }), warnings: [], input: { videoPath: '/clips/a.mp4' } }) as unknown as JobView;

describe('the CLI bar between progress reports', () => {
  it('words the time left counted down from the report, and the floor once it runs out', () => {
    expect(detailOf(job(0.2, 170), 1_000_000, 1_000_000 + 61_000)).toBe(' ~2 min left');
    expect(detailOf(job(0.2, 30), 1_000_000, 1_000_000 + 45_000)).toBe(' finishing…');
    expect(detailOf(job(0.2, undefined), 1_000_000, 1_000_000 + 45_000)).toBe('');
  });

  it('redraws every second, counting down without a new report; a repeated report does not restart it', () => {
    vi.useFakeTimers({ now: 2_000_000 });
    const out = new PassThrough();
    let text = '';
    out.on('data', (d: Buffer) => (text += d.toString()));
    const view = progressView(Object.assign(out, { isTTY: true, columns: 120 }) as unknown as NodeJS.WriteStream);
    view.update(job(0.2, 170));
    vi.advanceTimersByTime(61 * REDRAW_MS);
    expect(text).toContain('~3 min left');
    expect(text).toContain('~2 min left');
    text = '';
    view.update({ ...job(0.2, 170), warnings: [{ code: 'x', severity: 'info', message: 'm' }] }); // same report
    vi.advanceTimersByTime(2 * REDRAW_MS);
    expect(text).not.toContain('~3 min left'); // cli-progress writes only a changed line: a restart would show ~3 min
    view.update(job(0.3, 400)); // a new report starts afresh
    vi.advanceTimersByTime(2 * REDRAW_MS);
    expect(text).toContain('~7 min left');
    view.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
