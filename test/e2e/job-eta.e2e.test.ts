/**
 * The job list's time left in real Chromium against the real main-process code (browser bridge,
 * job queue, ETA estimator): a remote analysis whose technique server is a 127.0.0.1 stand-in
 * that streams NDJSON progress at the test's pace (paced-process-server.ts; upload routes from
 * the fault server). No ETA at the first report; one once the estimator has measured enough;
 * then, with no report for a while, the shown seconds go down and "finishing…" comes when they
 * run out; a new report starts the countdown afresh; the ETA is gone when the job ends.
 * Only texts and their order are asserted, never how fast anything went. Screenshot:
 * test-artifacts/e2e/job-eta-countdown.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ETA_RAN_OUT_TEXT } from '../../main/contract/job-eta.js';
import { doneLine, processingLine } from '../support/fault-fixtures.js';
import { startFaultServer, type FaultServer } from '../support/fault-server.js';
import { mediaPath } from '../support/media.js';
import { useBuiltApp } from './built-app.js';
import { startPacedProcessServer, type PacedProcessServer } from './paced-process-server.js';
import { NewAnalysisPage } from './page-objects/index.js';
import type { BrowserGlobals } from './page-objects/browser-types.js';

/** Generous waits for a loaded 2-core machine, ms. */
const WAIT_MS = 90_000;
/** Gap between two progress reports while the estimator measures, ms. */
const REPORT_GAP_MS = 500;

type EtaGlobals = BrowserGlobals & { __eta?: string[] };

const fx = useBuiltApp('swing-eta-');
let faults: FaultServer;
let paced: PacedProcessServer;
beforeAll(async () => {
  faults = await startFaultServer();
  paced = await startPacedProcessServer();
});
afterAll(async () => {
  await paced?.close();
  await faults?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The newest job's ETA line: its text and the seconds left it carries; null when none is shown. */
async function readEta(page: Page): Promise<{ text: string; leftS: number } | null> {
  return page.evaluate(() => {
    const el = (globalThis as unknown as BrowserGlobals).document.querySelector('[data-testid="job"] [data-testid="job-eta"]');
    return el ? { text: el.textContent?.trim() ?? '', leftS: Number(el.getAttribute('data-left-s')) } : null;
  });
}

/** Records every distinct "<seconds left>|<text>" of the newest job's ETA line (window.__eta; '' while none). */
async function watchEta(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as EtaGlobals;
    const seen: string[] = [];
    g.__eta = seen;
    const note = () => {
      const el = g.document.querySelector('[data-testid="job"] [data-testid="job-eta"]');
      const now = el ? `${el.getAttribute('data-left-s')}|${el.textContent?.trim() ?? ''}` : '';
      if (seen.at(-1) !== now) seen.push(now);
    };
    new g.MutationObserver(note).observe(g.document.body, { subtree: true, attributes: true, childList: true, characterData: true });
  });
}

/** The seconds an ETA text says: "~1 h 20 min left" → 4800, "~3 min left" → 180, "~40 s left" → 40. @throws Error for other words. */
function secondsOfWords(text: string): number {
  const m = /^~(?:(\d+) h)? ?(?:(\d+) min)? ?(?:(\d+) s)? left$/.exec(text);
  if (!m || text === '~ left') throw new Error(`not an ETA text: ${text}`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

/** Waits until the newest job's state line reads `text`. */
async function waitStateText(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (want) => (globalThis as unknown as BrowserGlobals).document.querySelector('[data-testid="job"] [data-testid="job-state"]')?.textContent?.trim() === want,
    text,
    { timeout: WAIT_MS, polling: 100 },
  );
}

describe('the job list ETA in Chromium', () => {
  it('appears once measured, counts down between reports to "finishing…", restarts with a report, and goes with the job', async () => {
    const { handlers, deps } = fx.app.bridge.services;
    await handlers['settings.update']({ backend: 'remote', remote: { baseUrl: faults.url, techniqueUrl: paced.url } });
    await handlers['settings.setApiKey']({ key: faults.apiKey });
    const page = fx.app.page;
    const na = new NewAnalysisPage(page);
    await na.open();
    await watchEta(page);
    await na.watchJobStates();

    deps.jobs.enqueueAnalysis({
      videoPath: mediaPath('balance_portrait_60fps_1.mp4'),
      player: { name: 'Eta Player', dominantHand: 'right', heightMm: 1750 },
      sport: 'pickleball',
      swingType: 'forehand_drive',
      backend: 'remote',
    });
    await paced.started;
    const uid = 'eta-e2e';

    // The first report: the estimator has measured nothing yet (ETA_MIN_ELAPSED_S), so no ETA.
    let share = 0.02;
    paced.send(processingLine(uid, share));
    await waitStateText(page, 'Analysing — 2 %');
    expect(await readEta(page)).toBeNull();

    // Steady reports until the ETA shows (about 5 s of measured progress).
    while ((await readEta(page)) === null) {
      if (share >= 0.6) throw new Error('no ETA after 30 reports');
      await sleep(REPORT_GAP_MS);
      share = Math.round((share + 0.02) * 100) / 100;
      paced.send(processingLine(uid, share));
    }
    const shownShare = `Analysing — ${Math.round(share * 100)} %`;
    await waitStateText(page, shownShare);
    const first = await readEta(page);
    expect(first?.text).toMatch(/^~\d+ (s|min) left$/);
    expect(first?.leftS).toBeGreaterThan(0);
    await na.screenshot('job-eta-countdown');

    // Quiet: no report. The seconds left go down on the list's clock alone, then run out.
    await page.waitForFunction(
      (was) => Number((globalThis as unknown as BrowserGlobals).document.querySelector('[data-testid="job"] [data-testid="job-eta"]')?.getAttribute('data-left-s') ?? NaN) < was,
      first?.leftS ?? 0,
      { timeout: WAIT_MS, polling: 200 },
    );
    const second = await readEta(page);
    expect(second?.leftS).toBeLessThan(first?.leftS ?? 0);
    await waitStateText(page, shownShare); // still the same report
    await page.waitForFunction(
      (ranOut) => (globalThis as unknown as BrowserGlobals).document.querySelector('[data-testid="job"] [data-testid="job-eta"]')?.textContent?.trim() === ranOut,
      ETA_RAN_OUT_TEXT,
      { timeout: WAIT_MS, polling: 200 },
    );
    const quiet = (await page.evaluate(() => (globalThis as unknown as EtaGlobals).__eta ?? [])).filter((s) => s !== '');
    const fromFirst = quiet.slice(quiet.indexOf(`${first?.leftS}|${first?.text}`));
    expect(fromFirst.length).toBeGreaterThan(2);
    const lefts = fromFirst.map((s) => Number(s.split('|')[0]));
    expect(lefts).toEqual([...lefts].sort((a, b) => b - a)); // only ever down between reports
    expect(fromFirst.at(-1)).toBe(`0|${ETA_RAN_OUT_TEXT}`);
    // The words follow the seconds down ("~30 s left", "~20 s left", …, "~10 s left", "finishing…").
    const words = [...new Set(fromFirst.map((s) => s.split('|')[1] ?? ''))];
    expect(words.length).toBeGreaterThan(1);
    const wordsS = words.slice(0, -1).map(secondsOfWords);
    expect(wordsS).toEqual([...wordsS].sort((a, b) => b - a));

    // A new report starts the countdown afresh from its own estimate.
    share = Math.round((share + 0.1) * 100) / 100;
    paced.send(processingLine(uid, share));
    await waitStateText(page, `Analysing — ${Math.round(share * 100)} %`);
    await page.waitForFunction(
      (ranOut) => {
        const el = (globalThis as unknown as BrowserGlobals).document.querySelector('[data-testid="job"] [data-testid="job-eta"]');
        return el !== null && el.textContent?.trim() !== ranOut;
      },
      ETA_RAN_OUT_TEXT,
      { timeout: WAIT_MS, polling: 100 },
    );
    const again = await readEta(page);
    expect(again?.text).toMatch(/^~\d+ (s|min) left$/);
    expect(again?.leftS).toBeGreaterThan(0);

    // The job ends: no ETA on it any more.
    paced.end(doneLine(uid));
    const end = await na.waitForJobEnd(WAIT_MS);
    expect(end).toEqual({ state: 'done', text: 'Done' });
    expect(await page.getByTestId('job-eta').count()).toBe(0);
    expect(await na.seenJobStates()).toEqual(expect.arrayContaining(['analysing', 'done']));
    expect(fx.app.errors).toEqual([]);
  }, 300_000);
});
