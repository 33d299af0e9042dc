/**
 * The desktop app's report page (main/electron/report-page.ts), the part of the Electron PDF
 * path that runs without Electron: the private app:// scheme answers exactly one URL with the
 * page and its CSP (header and first <meta>), everything else with no bytes; the wait for the
 * charts polls until the page says so and gives up at its deadline.
 */
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../../main/electron/app-files.js';
import { reportPage, waitForChartsReady } from '../../main/electron/report-page.js';
import { reportCsp } from '../../main/export/report/report-csp.js';

const ID = '3f1c9a52-7d4e-4b8a-9c61-2e5f0a7b8d90';
const HTML = '<!doctype html><html><head><title>r</title></head><body><script>document.body.dataset.chartsReady = "1";</script></body></html>';

describe('report page protocol answers', () => {
  const page = reportPage(HTML, ID);

  it('serves the page at its one URL with the report CSP as header and first <meta>', () => {
    expect(page.url).toBe(`app://report/${ID}.html`);
    const a = page.answer('GET', page.url);
    expect(a.status).toBe(200);
    expect(a.headers).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': reportCsp(HTML),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(a.headers['content-security-policy']).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]{44}'; /);
    expect(a.body?.startsWith(`<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${reportCsp(HTML)}"><title>`)).toBe(true);
    expect(page.answer('HEAD', page.url)).toMatchObject({ status: 200, body: null });
  });

  it.each([
    ['another page of the scheme', `app://report/${ID.replace('3f', '4f')}.html`],
    ['the app host', `${APP_ORIGIN}/index.html`],
    ['a query', `app://report/${ID}.html?x=1`],
    ['a folder above', 'app://report/../etc/passwd'],
    ['a file URL', 'file:///etc/passwd'],
    ['an http URL', `http://report/${ID}.html`],
    ['a longer path', `app://report/${ID}.html/x`],
  ])('refuses %s with 404 and no bytes', (_what, url) => {
    expect(page.answer('GET', url)).toEqual({ status: 404, headers: { 'cache-control': 'no-store' }, body: null });
  });

  it('refuses other methods on the page URL with 405', () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect(page.answer(method, page.url)).toMatchObject({ status: 405, body: null, headers: { allow: 'GET, HEAD' } });
    }
  });

  it('gives every page a fresh unguessable URL', () => {
    const urls = new Set(Array.from({ length: 20 }, () => reportPage(HTML).url));
    expect(urls.size).toBe(20);
    for (const u of urls) expect(u).toMatch(/^app:\/\/report\/[0-9a-f-]{36}\.html$/);
  });

  it('refuses a page without <head>', () => {
    expect(() => reportPage('<html><body>x</body></html>')).toThrow(/no <head>/);
  });
});

describe('waiting for the charts', () => {
  /** A virtual clock: sleep moves it on, nothing really waits. */
  function clock() {
    let t = 0;
    return { now: () => t, sleep: (ms: number) => ((t += ms), Promise.resolve()) };
  }

  it('polls until the page answers true (a truthy non-true answer does not count)', async () => {
    const answers: unknown[] = [false, undefined, '1', 1, true];
    let polls = 0;
    const c = clock();
    await waitForChartsReady(() => Promise.resolve(answers[polls++]), { ...c, intervalMs: 50 });
    expect(polls).toBe(5);
    expect(c.now()).toBe(200);
  });

  it('gives up at the deadline with a clear error', async () => {
    const c = clock();
    let polls = 0;
    await expect(
      waitForChartsReady(() => (polls++, Promise.resolve(false)), { ...c, timeoutMs: 1000, intervalMs: 100 }),
    ).rejects.toThrow('the report page did not finish drawing its charts');
    expect(polls).toBe(12); // t = 0..1000 every 100 ms, then the poll at 1100 finds it late
  });

  it('passes on what the page evaluation throws', async () => {
    await expect(waitForChartsReady(() => Promise.reject(new Error('page crashed')), clock())).rejects.toThrow('page crashed');
  });
});
