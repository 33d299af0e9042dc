/**
 * HTML → PDF for the CLI: the same report page the app prints with Electron's printToPDF,
 * rendered by headless Chromium through playwright-core (Chromium's print pipeline, so the
 * print CSS — A4, margins, `break-inside: avoid` — behaves as in the app, which embeds the same
 * engine). The browser is the system's: `SWING_STUDIO_CHROMIUM` or `CHROMIUM_PATH`, else
 * /usr/bin/chromium; nothing is downloaded. The PDF is written atomically.
 */
import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { CHARTS_READY_SCRIPT, CHARTS_READY_TIMEOUT_MS } from './charts-ready.js';
import { withReportCsp } from './report-csp.js';

/** Path of the Chromium executable used for PDFs. @throws Error naming the variables when none is found. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [env.SWING_STUDIO_CHROMIUM, env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error('no Chromium found for PDF export: install chromium or set SWING_STUDIO_CHROMIUM');
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
 * Renders `html` to an A4 PDF at `outPath` after the page's charts are drawn, under the report
 * Content-Security-Policy (report-csp.ts: only the page's own scripts, no network).
 * @throws Error when Chromium cannot start or the page never signals `chartsReady` (30 s).
 */
export async function htmlToPdfChromium(html: string, outPath: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  const tmp = `${outPath}.part-${process.pid}`;
  try {
    const page = await browser.newPage();
    await page.setContent(withReportCsp(html), { waitUntil: 'load' });
    await page.waitForFunction(CHARTS_READY_SCRIPT, undefined, { timeout: CHARTS_READY_TIMEOUT_MS });
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    await writeFile(tmp, pdf);
    await rename(tmp, outPath);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  } finally {
    await browser.close();
  }
}
