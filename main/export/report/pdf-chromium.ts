/**
 * HTML → PDF for the CLI: the same report page the app prints with Electron's printToPDF,
 * rendered by headless Chromium through playwright-core (Chromium's print pipeline, so the
 * print CSS — A4, margins, `break-inside: avoid` — behaves as in the app, which embeds the same
 * engine). The browser is the system's: `SWING_STUDIO_CHROMIUM` or `CHROMIUM_PATH`, else
 * /usr/bin/chromium; nothing is downloaded. The PDF is written atomically. The whole print
 * (launch, page, charts, print) has a deadline ({@link PDF_DEADLINE_MS}); a Chromium that exits
 * at once or hangs fails with one line (chromium-failure.ts), and the browser is closed.
 */
import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHARTS_READY_SCRIPT, CHARTS_READY_TIMEOUT_MS } from './charts-ready.js';
import { launchedPid, launchFailure, PdfPrintError, printFailure } from './chromium-failure.js';
import { withReportCsp } from './report-csp.js';

/** Path of the Chromium executable used for PDFs. @throws Error naming the variables when none is found. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [
    env.SWING_STUDIO_CHROMIUM,
    env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found)
    throw new Error('no Chromium found for PDF export: install chromium or set SWING_STUDIO_CHROMIUM');
  return found;
}

/** Flags for headless Chromium on a machine with no network and no GPU. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Deadline of one PDF from launch to the written file, ms: 120 s. The whole session PDF of the
 * 10 s bench clip takes 4.3 s (charts-ready.ts); the deadline covers a cold start on a slow disk,
 * the charts' own 30 s wait (CHARTS_READY_TIMEOUT_MS) and a long progress report on a loaded
 * machine. `SWING_STUDIO_PDF_DEADLINE_MS` overrides it (a slower machine; tests).
 */
export const PDF_DEADLINE_MS = 120_000;

/** Longest wait for a running Chromium to close, ms, before the print call returns anyway. */
const CLOSE_WAIT_MS = 10_000;

/** The deadline in effect: `SWING_STUDIO_PDF_DEADLINE_MS` when set, else {@link PDF_DEADLINE_MS}. @throws PdfPrintError for a value that is not a positive number of ms. */
export function pdfDeadlineMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SWING_STUDIO_PDF_DEADLINE_MS;
  if (raw === undefined || raw === '') return PDF_DEADLINE_MS;
  const ms = Number(raw);
  if (!Number.isFinite(ms) || ms <= 0)
    throw new PdfPrintError(
      `SWING_STUDIO_PDF_DEADLINE_MS must be a positive number of milliseconds (got ${JSON.stringify(raw)})`,
    );
  return ms;
}

/**
 * Renders `html` to an A4 PDF at `outPath` after the page's charts are drawn, under the report
 * Content-Security-Policy (report-csp.ts: only the page's own scripts, no network).
 * @param o.deadlineMs deadline of the whole print, ms (default {@link pdfDeadlineMs}).
 * @throws PdfPrintError (one line) when Chromium exits at start, does not start or print within
 *   the deadline, or the page fails; nothing is left at `outPath` then.
 */
export async function htmlToPdfChromium(
  html: string,
  outPath: string,
  o: { deadlineMs?: number } = {},
): Promise<void> {
  const exe = chromiumPath();
  const deadlineMs = o.deadlineMs ?? pdfDeadlineMs();
  const end = Date.now() + deadlineMs;
  const browser = await chromium
    .launch({ executablePath: exe, args: CHROMIUM_FLAGS, timeout: deadlineMs })
    .catch((err: unknown) => {
      killLaunched(launchedPid(err));
      throw launchFailure(exe, err, deadlineMs);
    });
  const job = { abandoned: false, tmp: `${outPath}.part-${process.pid}` };
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>(
    (resolve) => (timer = setTimeout(() => resolve('expired'), Math.max(0, end - Date.now()))),
  );
  try {
    const won = await Promise.race([printPage(browser, html, outPath, job), expired]);
    if (won === 'expired') throw printFailure(exe, null, deadlineMs, true);
  } catch (err) {
    job.abandoned = true;
    throw err instanceof PdfPrintError || isSystemError(err)
      ? err
      : printFailure(exe, err, deadlineMs, false);
  } finally {
    clearTimeout(timer);
    await closeBrowser(browser);
    await rm(job.tmp, { force: true });
  }
}

/** Loads the page, waits for its charts and writes the PDF via `job.tmp`; writes nothing once `job.abandoned`. */
async function printPage(
  browser: Browser,
  html: string,
  outPath: string,
  job: { abandoned: boolean; tmp: string },
): Promise<'printed'> {
  const page = await browser.newPage();
  await page.setContent(withReportCsp(html), { waitUntil: 'load' });
  await chartsReady(page);
  const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  if (job.abandoned) return 'printed';
  await writeFile(job.tmp, pdf);
  if (!job.abandoned) await rename(job.tmp, outPath);
  return 'printed';
}

/** Poll interval of the charts-ready check, ms. */
const CHARTS_POLL_MS = 100;

/**
 * Waits until the page's charts are drawn (charts-ready.ts), checking every {@link CHARTS_POLL_MS}.
 * `page.evaluate` runs outside the page's CSP; Playwright's `waitForFunction` with a string polls
 * through `eval` in the page, which the report CSP (no 'unsafe-eval') refuses with an EvalError as
 * soon as the charts are not ready at `load`.
 * @throws PdfPrintError when they are not drawn within CHARTS_READY_TIMEOUT_MS.
 */
async function chartsReady(page: Page): Promise<void> {
  for (let waited = 0; (await page.evaluate(CHARTS_READY_SCRIPT)) !== true; waited += CHARTS_POLL_MS) {
    if (waited >= CHARTS_READY_TIMEOUT_MS)
      throw new PdfPrintError(
        `the report's charts were not drawn within ${CHARTS_READY_TIMEOUT_MS / 1000} s`,
      );
    await new Promise((resolve) => setTimeout(resolve, CHARTS_POLL_MS));
  }
}

/** A Node system error (writing the PDF: ENOSPC, EACCES…), passed on as is for its own one line (main/contract/error-line.ts). */
function isSystemError(err: unknown): boolean {
  return typeof (err as { code?: unknown } | null)?.code === 'string';
}

/** Kills the process group of a browser whose launch failed (Playwright starts it as a group leader), or the process alone. */
function killLaunched(pid: number | null): void {
  if (pid === null) return;
  for (const target of process.platform === 'win32' ? [pid] : [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
      return;
    } catch {
      // already gone, or not a group: try the next form
    }
  }
}

/** Closes the browser, waiting at most {@link CLOSE_WAIT_MS} (a hung browser must not hold the caller). */
async function closeBrowser(browser: Browser): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
  await Promise.race([browser.close().catch(() => undefined), waited]);
  clearTimeout(timer);
}
