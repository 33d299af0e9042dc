/**
 * Handlers of `settings.*` and `app.*`. The API key goes in through settings.setApiKey and is
 * stored encrypted (deps.secretBox); no handler ever returns it, only `hasApiKey`.
 */
import { performance } from 'node:perf_hooks';
import { safeUrl } from '../api/errors.js';
import { createBackendResolver } from '../backends/index.js';
import { inferProviderView } from '../engine/index.js';
import { pathsOf } from '../library/paths.js';
import { hasApiKey, setApiKey } from '../settings/api-key.js';
import { libraryRootOf } from '../settings/library-location.js';
import { loadSettings, saveSettings, type Settings } from '../settings/settings.js';
import type { Channel, SettingsView } from '../../preload/contract.js';
import { HandlerError } from './errors.js';
import type { HandlerDeps, Handlers } from './handler-types.js';

/** The channels of this file. */
export type SettingsChannel = Extract<Channel, `settings.${string}` | `app.${string}`>;

/** Settings as the renderer may see them: no window geometry, no key, only whether one is stored. */
export function settingsView(
  s: Settings,
  deps: Pick<HandlerDeps, 'db' | 'home' | 'keyProtection'>,
): SettingsView {
  return {
    backend: s.backend,
    remote: { baseUrl: s.remote.baseUrl, techniqueUrl: s.remote.techniqueUrl },
    units: s.units,
    theme: s.theme,
    libraryDir: pathsOf(deps.db).root,
    libraryDirAfterRestart: libraryRootOf(deps.home) === pathsOf(deps.db).root ? null : libraryRootOf(deps.home),
    hasApiKey: hasApiKey(deps.home),
    keyProtection: deps.keyProtection,
    inference: inferProviderView(),
  };
}

/** Handlers of the settings and app channels. */
export function settingsHandlers(deps: HandlerDeps): Pick<Handlers, SettingsChannel> {
  const { home } = deps;
  return {
    'app.info': () => ({
      mode: deps.mode,
      version: deps.version,
      platform: process.platform,
      canPickFiles: deps.pickVideos !== undefined,
    }),
    'app.openExternal': async ({ url }) => {
      if (!deps.openExternal)
        throw new HandlerError('input', 'opening links is done by the browser in this mode');
      await deps.openExternal(url);
      return null;
    },
    'settings.get': () => settingsView(loadSettings(home), deps),
    'settings.update': (patch) => settingsView(saveSettings(home, patch), deps),
    'settings.chooseLibraryFolder': async () => {
      if (!deps.pickFolder) {
        throw new HandlerError('input', 'the folder dialog exists only in the desktop app', 'Set libraryDir in settings.json, or use the desktop app.');
      }
      const dir = await deps.pickFolder();
      return settingsView(dir ? saveSettings(home, { libraryDir: dir }) : loadSettings(home), deps);
    },
    'settings.setApiKey': ({ key }) => {
      if (key !== null && !deps.secretBox.isAvailable()) {
        throw new HandlerError(
          'storage',
          'no secure storage for the API key on this system',
          'Set SWING_STUDIO_API_KEY in the environment instead.',
        );
      }
      // Bound to the base URL saved now: a later change of remote.baseUrl needs the key again.
      setApiKey(home, deps.secretBox, key, loadSettings(home).remote.baseUrl);
      return settingsView(loadSettings(home), deps);
    },
    'settings.testConnection': async ({ backend }) => {
      // A fresh resolver for remote so the URLs and key just saved are used; the local one is shared.
      const fresh = backend === 'remote' ? createBackendResolver({ home, secretBox: deps.secretBox }) : null;
      try {
        const client = await (fresh ?? deps.backends).client(backend);
        const t0 = performance.now();
        // Asking for an upload URL reaches /api with the key and changes nothing (API.md endpoint 1).
        await client.getUploadUrl('connection-test.mp4', 'video/mp4');
        const latencyMs = Math.round(performance.now() - t0);
        const detail =
          backend === 'local' ? 'local analysis service' : safeUrl(loadSettings(home).remote.baseUrl);
        return { backend, latencyMs, detail };
      } finally {
        await fresh?.close();
      }
    },
  };
}
