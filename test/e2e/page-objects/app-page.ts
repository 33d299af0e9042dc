/**
 * Base of the page objects: navigation through the top bar, screenshots into test-artifacts/,
 * and the toasts. Each screen's page object extends it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../support/media.js';

/** Folder of the screenshots and traces of end-to-end runs (gitignored). */
export const ARTIFACTS_DIR = join(REPO_ROOT, 'test-artifacts', 'e2e');

/** Common actions on any screen of the app. */
export class AppPage {
  constructor(readonly page: Page) {}

  /** Saves a full-page screenshot `test-artifacts/e2e/<name>.png` and returns its path. */
  async screenshot(name: string): Promise<string> {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const path = join(ARTIFACTS_DIR, `${name}.png`);
    await this.page.screenshot({ path, fullPage: true });
    return path;
  }

  /** Texts of the toasts on screen. */
  async toasts(): Promise<string[]> {
    return this.page.getByTestId('toast').allInnerTexts();
  }

  /** Closes every toast on screen. */
  async dismissToasts(): Promise<void> {
    const close = this.page.getByTestId('toast').getByRole('button', { name: 'Dismiss' });
    while ((await close.count()) > 0) await close.first().click();
  }

  /** Clicks a top-bar item. */
  async nav(to: 'library' | 'new' | 'settings'): Promise<void> {
    await this.page.getByTestId(`nav-${to}`).click();
  }
}
