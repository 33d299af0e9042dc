/**
 * The Library screen: session cards, filters, rename/tag/delete.
 */
import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.js';
import type { BrowserGlobals, ElementLike } from './browser-types.js';

/** Page object of the Library screen. */
export class LibraryPage extends AppPage {
  /** Opens the screen and waits for it. */
  async open(): Promise<void> {
    await this.nav('library');
    await this.page.getByTestId('library-screen').waitFor();
  }

  cards(): Locator {
    return this.page.getByTestId('session-card');
  }

  card(sessionId: number): Locator {
    return this.page.locator(`[data-testid="session-card"][data-session-id="${sessionId}"]`);
  }

  /** Waits until exactly `n` cards are shown. */
  async expectCardCount(n: number, timeout = 10_000): Promise<void> {
    await this.page.waitForFunction(
      (want) => (globalThis as unknown as BrowserGlobals).document.querySelectorAll('[data-testid="session-card"]').length === want,
      n,
      { timeout },
    );
  }

  /** Ids of the sessions shown, in order. */
  async sessionIds(): Promise<number[]> {
    return this.cards().evaluateAll((els) => (els as unknown as ElementLike[]).map((e) => Number(e.getAttribute('data-session-id'))));
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('filter-text').fill(text);
  }

  async filterSwingType(value: '' | 'forehand_drive' | 'backhand_drive' | 'serve' | 'dink'): Promise<void> {
    await this.page.getByTestId('filter-swing').selectOption(value);
  }

  async clearFilters(): Promise<void> {
    await this.page.getByTestId('filter-clear').click();
  }

  async rename(sessionId: number, title: string): Promise<void> {
    const card = this.card(sessionId);
    await card.getByTestId('session-rename').click();
    await card.getByTestId('title-input').fill(title);
    await card.getByTestId('title-save').click();
    await card.getByTestId('session-title').filter({ hasText: title }).waitFor();
  }

  async setTags(sessionId: number, tags: string): Promise<void> {
    const card = this.card(sessionId);
    await card.getByTestId('session-tag').click();
    await card.getByTestId('tags-input').fill(tags);
    await card.getByTestId('tags-save').click();
  }

  /** Clicks Delete on a card; the confirmation dialog opens. */
  async askDelete(sessionId: number): Promise<void> {
    await this.card(sessionId).getByTestId('session-delete').click();
    await this.page.getByTestId('confirm-dialog').waitFor({ state: 'visible' });
  }

  async confirmDialog(ok: boolean): Promise<void> {
    await this.page.getByTestId(ok ? 'confirm-ok' : 'confirm-cancel').click();
    await this.page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
  }

  async openSession(sessionId: number): Promise<void> {
    await this.card(sessionId).getByTestId('session-open').click();
  }
}
