/**
 * The New analysis screen: upload a clip, click the person on its preview, fill the form, send,
 * follow the job.
 */
import { AppPage } from './app-page.js';
import type { BrowserGlobals, ElementLike, VideoLike } from './browser-types.js';

/** Page object of the New analysis screen. */
export class NewAnalysisPage extends AppPage {
  async open(): Promise<void> {
    await this.nav('new');
    await this.page.getByTestId('new-analysis-screen').waitFor();
  }

  /** Uploads files through the browser's file input (the bridge's stand-in for the dialog). */
  async upload(paths: string[]): Promise<void> {
    await this.page.getByTestId('upload-input').setInputFiles(paths);
    await this.page.getByTestId('video-check').first().waitFor({ timeout: 60_000 });
  }

  /** The video check rows: name, duration, fps, resolution, estimate, check text, ok flag. */
  async checks(): Promise<{ cells: string[]; ok: boolean }[]> {
    return this.page.getByTestId('video-check').evaluateAll((rows) =>
      (rows as unknown as ElementLike[]).map((r) => ({
        cells: [...r.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? ''),
        ok: r.getAttribute('data-ok') === 'true',
      })),
    );
  }

  /** Types a path into the path field and adds it. */
  async addPath(path: string): Promise<void> {
    await this.page.getByTestId('video-path').fill(path);
    await this.page.getByTestId('add-path').click();
  }

  /** Fills a new player. `height` is in the display unit (cm when metric). */
  async newPlayer(name: string, hand: 'left' | 'right', height: string): Promise<void> {
    await this.page.getByTestId('player-new').check();
    await this.page.getByTestId('player-name').fill(name);
    await this.page.getByTestId('player-hand').selectOption(hand);
    await this.page.getByTestId('player-height').fill(height);
  }

  async swing(sport: 'tennis' | 'pickleball' | 'none', swingType: 'forehand_drive' | 'backhand_drive' | 'serve' | 'dink', title = ''): Promise<void> {
    await this.page.getByTestId('sport').selectOption(sport);
    await this.page.getByTestId('swing-type').selectOption(swingType);
    await this.page.getByTestId('title').fill(title);
  }

  /** The swing types the form offers for `sport` (their shown names, in order). */
  async swingChoices(sport: 'tennis' | 'pickleball' | 'none'): Promise<string[]> {
    await this.page.getByTestId('sport').selectOption(sport);
    return this.page.getByTestId('swing-type').locator('option').allTextContents();
  }

  /** Moves the preview to `t` seconds with its slider and waits until the picture shows that moment (±0.05 s). */
  async previewSeek(t: number): Promise<void> {
    const frame = this.page.getByTestId('preview-video-frame');
    await this.page.waitForFunction(
      (el) => (el as unknown as VideoLike).readyState >= 2 && (el as unknown as VideoLike).duration > 0,
      await frame.elementHandle(),
      { timeout: 30_000, polling: 100 },
    );
    await this.page.getByTestId('preview-time').fill(String(t));
    await this.page.waitForFunction(
      ([el, want]) => {
        const v = el as unknown as VideoLike & { seeking: boolean };
        return !v.seeking && v.readyState >= 2 && Math.abs(v.currentTime - (want as number)) <= 0.05;
      },
      [await frame.elementHandle(), t] as const,
      { timeout: 30_000, polling: 100 },
    );
  }

  /** Clicks the preview picture at source pixel (x, y) (object-fit: contain, letterbox included). */
  async clickPerson(x: number, y: number): Promise<void> {
    const frame = this.page.getByTestId('preview-video-frame');
    const box = await frame.boundingBox();
    const size = await frame.evaluate((el) => {
      const v = el as unknown as VideoLike & { clientWidth: number; clientHeight: number };
      return [v.clientWidth, v.clientHeight, v.videoWidth, v.videoHeight] as const;
    });
    const [cw, ch, vw, vh] = size;
    if (!box || !(vw > 0 && vh > 0)) throw new Error('the preview is not laid out');
    // object-fit: contain — the largest scale at which the whole picture fits, centred.
    const k = Math.min(cw / vw, ch / vh);
    await this.page.mouse.click(box.x + (cw - vw * k) / 2 + x * k, box.y + (ch - vh * k) / 2 + y * k);
  }

  /** The line naming the clicked person ('' when none is chosen). */
  async playerPointLine(): Promise<string> {
    const el = this.page.getByTestId('player-point-line');
    return (await el.count()) > 0 ? (await el.innerText()).trim() : '';
  }

  async clearPlayerPoint(): Promise<void> {
    await this.page.getByTestId('player-point-clear').click();
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('analyse').click();
  }

  /** Text of the height validation message ('' when none). */
  async heightError(): Promise<string> {
    const el = this.page.getByTestId('height-error');
    return (await el.count()) > 0 ? el.innerText() : '';
  }

  /** Waits for the newest job to reach a final state; returns its state and state text. */
  async waitForJobEnd(timeout: number): Promise<{ state: string; text: string }> {
    const job = this.page.getByTestId('job').first();
    await this.page.waitForFunction(
      () =>
        ['done', 'failed', 'cancelled'].includes(
          (globalThis as unknown as BrowserGlobals).document.querySelector('[data-testid="job"]')?.getAttribute('data-state') ?? '',
        ),
      undefined,
      { timeout, polling: 250 },
    );
    return { state: (await job.getAttribute('data-state')) ?? '', text: await job.getByTestId('job-state').innerText() };
  }

  /** States the newest job went through, as seen by a MutationObserver installed by {@link watchJobStates}. */
  async seenJobStates(): Promise<string[]> {
    return this.page.evaluate(() => (globalThis as unknown as BrowserGlobals).__jobStates ?? []);
  }

  /** Records every state the job list shows from now on (window.__jobStates). */
  async watchJobStates(): Promise<void> {
    await this.page.evaluate(() => {
      const g = globalThis as unknown as BrowserGlobals;
      const seen: string[] = [];
      g.__jobStates = seen;
      const note = () => {
        const s = g.document.querySelector('[data-testid="job"]')?.getAttribute('data-state');
        if (s && seen.at(-1) !== s) seen.push(s);
      };
      new g.MutationObserver(note).observe(g.document.body, { subtree: true, attributes: true, childList: true });
    });
  }

  /** Records every distinct text the newest job's state line shows from now on (window.__jobTexts). */
  async watchJobTexts(): Promise<void> {
    await this.page.evaluate(() => {
      const g = globalThis as unknown as BrowserGlobals;
      const seen: string[] = [];
      g.__jobTexts = seen;
      const note = () => {
        const s = g.document.querySelector('[data-testid="job"] [data-testid="job-state"]')?.textContent?.trim();
        if (s && seen.at(-1) !== s) seen.push(s);
      };
      new g.MutationObserver(note).observe(g.document.body, { subtree: true, attributes: true, childList: true, characterData: true });
    });
  }

  /** Texts recorded since {@link watchJobTexts}. */
  async seenJobTexts(): Promise<string[]> {
    return this.page.evaluate(() => (globalThis as unknown as BrowserGlobals).__jobTexts ?? []);
  }

  async openFinishedSession(): Promise<void> {
    await this.page.getByTestId('job-open').first().click();
  }
}
