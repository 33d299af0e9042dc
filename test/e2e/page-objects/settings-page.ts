/**
 * The Settings screen: API key (set-only), units, theme, connection test.
 */
import { AppPage } from './app-page.js';
import type { BrowserGlobals } from './browser-types.js';

/** Page object of the Settings screen. */
export class SettingsPage extends AppPage {
  async open(): Promise<void> {
    await this.nav('settings');
    await this.page.getByTestId('settings-screen').waitFor();
    await this.page.getByTestId('units').waitFor();
  }

  async setApiKey(key: string): Promise<void> {
    await this.page.getByTestId('api-key').fill(key);
    await this.page.getByTestId('api-key').press('Enter');
    await this.page.getByTestId('key-status').filter({ hasText: 'An API key is stored' }).waitFor();
  }

  async keyStatus(): Promise<string> {
    return this.page.getByTestId('key-status').innerText();
  }

  /** Type of the key input ('password' = masked). */
  async keyInputType(): Promise<string | null> {
    return this.page.getByTestId('api-key').getAttribute('type');
  }

  async setUnits(units: 'metric' | 'imperial'): Promise<void> {
    await this.page.getByTestId('units').selectOption(units);
    await this.page.waitForFunction(
      (u) => ((globalThis as unknown as BrowserGlobals).document.querySelector('[data-testid="units"]') as { value?: string } | null)?.value === u,
      units,
    );
  }

  async setTheme(theme: 'dark' | 'light' | 'system'): Promise<void> {
    await this.page.getByTestId('theme').selectOption(theme);
  }

  async testLocal(): Promise<string> {
    await this.page.getByTestId('test-local').click();
    await this.page.waitForFunction(
      () => ((globalThis as unknown as BrowserGlobals).document.querySelector('[data-testid="test-result"]')?.textContent ?? '').trim() !== '',
      undefined,
      { timeout: 60_000 },
    );
    return this.page.getByTestId('test-result').innerText();
  }
}
