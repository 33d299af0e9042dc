/**
 * The part of the desktop app's PDF report path that is not Electron (report-pdf.ts is the
 * glue): what the report window's private `app://` scheme answers, and the wait for the page's
 * charts. The page is served at a fresh unguessable URL (`app://report/<uuid>.html`) with the
 * report Content-Security-Policy both as its header and as the first `<meta>` of `<head>`
 * (main/export/report/report-csp.ts); every other request of that session (another path, host
 * or scheme form, a query, a POST) gets 404 or 405 and no bytes, so the page can reach no file
 * and nothing else. Plain Node, tested in test/app/report-page.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { reportCsp, withReportCsp } from '../export/report/report-csp.js';
import { CHARTS_READY_TIMEOUT_MS } from '../export/report/charts-ready.js';
import { APP_SCHEME } from './app-files.js';

/** What the report session's protocol handler returns for one request. */
export interface ReportAnswer {
  status: 200 | 404 | 405;
  headers: Record<string, string>;
  /** The page (status 200, GET), else null. */
  body: string | null;
}

/** The one page of a report window. */
export interface ReportPage {
  /** `app://report/<uuid>.html`: the address the window loads. */
  readonly url: string;
  /**
   * Answers a request of the report window's session.
   * @param method HTTP method of the request.
   * @param url the full request URL, as the protocol handler gets it.
   */
  answer(method: string, url: string): ReportAnswer;
}

/**
 * The report page for `html` (a report template's output: has a `<head>`).
 * @param id the page's unguessable name (a fresh UUID unless a test gives one).
 * @throws Error when `html` has no `<head>` (withReportCsp).
 */
export function reportPage(html: string, id: string = randomUUID()): ReportPage {
  const url = `${APP_SCHEME}://report/${id}.html`;
  const page = withReportCsp(html);
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': reportCsp(html),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  return {
    url,
    answer(method, requestUrl): ReportAnswer {
      if (requestUrl !== url) return { status: 404, headers: { 'cache-control': 'no-store' }, body: null };
      if (method !== 'GET' && method !== 'HEAD') return { status: 405, headers: { allow: 'GET, HEAD', 'cache-control': 'no-store' }, body: null };
      return { status: 200, headers: { ...headers }, body: method === 'GET' ? page : null };
    },
  };
}

/**
 * Polls `isReady` (the report window's `CHARTS_READY_SCRIPT`) until it answers true.
 * @param opts.timeoutMs how long to wait (default {@link CHARTS_READY_TIMEOUT_MS});
 *   opts.intervalMs between polls (default 50 ms); opts.sleep and opts.now for tests.
 * @throws Error when the page has not signalled its charts within the timeout, or what
 *   `isReady` throws.
 */
export async function waitForChartsReady(
  isReady: () => Promise<unknown>,
  opts: { timeoutMs?: number; intervalMs?: number; now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<void> {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = now() + (opts.timeoutMs ?? CHARTS_READY_TIMEOUT_MS);
  while ((await isReady()) !== true) {
    if (now() > deadline) throw new Error('the report page did not finish drawing its charts');
    await sleep(opts.intervalMs ?? 50);
  }
}
