/**
 * App settings as the renderer sees them (never the API key itself, only whether one is
 * stored), the unit system and the theme derived from them.
 */
import type { ConnectionReport, SettingsView } from '../../../../preload/contract.js';
import { call } from '../api.js';
import type { UnitSystem } from '../units.js';

/** What `settings.update` may change. */
export type SettingsPatch = Partial<Pick<SettingsView, 'backend' | 'remote' | 'units' | 'theme'>>;

/** The settings store. */
export class SettingsManager {
  view = $state<SettingsView | null>(null);
  /** Unit system for display (metric until settings are loaded). */
  units = $derived<UnitSystem>(this.view?.units ?? 'metric');
  /** Theme preference: 'system' follows prefers-color-scheme. */
  theme = $derived<SettingsView['theme']>(this.view?.theme ?? 'system');

  /** Loads the settings from main. @throws ApiError */
  async load(): Promise<void> {
    this.view = await call('settings.get');
  }

  /** Saves a patch and keeps main's answer. @throws ApiError (kind 'input' for bad URLs) */
  async update(patch: SettingsPatch): Promise<void> {
    this.view = await call('settings.update', patch);
  }

  /** Stores the remote API key (null removes it); the key is not kept in the renderer. @throws ApiError */
  async setApiKey(key: string | null): Promise<void> {
    this.view = await call('settings.setApiKey', { key });
  }

  /**
   * Electron: lets the user choose the library folder in the native dialog; main keeps it for
   * the next start (`view.libraryDirAfterRestart`).
   * @throws ApiError (kind 'input' in the browser bridge, with a tip)
   */
  async chooseLibraryFolder(): Promise<void> {
    this.view = await call('settings.chooseLibraryFolder');
  }

  /** Probes a backend. @throws ApiError when it cannot be reached or refuses the key. */
  async testConnection(backend: 'local' | 'remote'): Promise<ConnectionReport> {
    return call('settings.testConnection', { backend });
  }
}

/** The app's settings. */
export const settings = new SettingsManager();
