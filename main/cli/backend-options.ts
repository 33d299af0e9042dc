/**
 * The options every command that talks to a backend shares (--backend, --base-url,
 * --technique-url), and the resolver built from them. The local service logs nothing on the
 * terminal unless SWING_STUDIO_DEBUG is set.
 */
import type { Command } from 'commander';
import { swingStudioHome } from '../config/home.js';
import { createBackendResolver, type BackendResolver } from '../backends/index.js';
import type { BackendKind } from '../contract/job.js';
import { nodeSecretBox } from '../settings/api-key.js';
import { loadSettings } from '../settings/settings.js';
import { BackendInput, HttpUrlInput } from '../contract/fields.js';
import { optionFrom } from './options.js';

/** Parsed backend options. */
export interface BackendOptions {
  backend?: BackendKind;
  baseUrl?: string;
  techniqueUrl?: string;
}

/** Adds --backend, --base-url and --technique-url to a command. */
export function addBackendOptions(cmd: Command): Command {
  return cmd
    .option('--backend <kind>', 'local (in-process service, default) or remote (settings.remote + API key)', optionFrom(BackendInput))
    .option('--base-url <url>', 'remote /api base URL (overrides the settings)', optionFrom(HttpUrlInput))
    .option('--technique-url <url>', 'remote technique server URL (overrides the settings)', optionFrom(HttpUrlInput));
}

/** Home folder, backend kind (option > settings > local) and the resolver for a command run. */
export function backendsFor(opts: BackendOptions, env: NodeJS.ProcessEnv = process.env): { home: string; kind: BackendKind; backends: BackendResolver } {
  const home = swingStudioHome(env);
  const kind = opts.backend ?? (opts.baseUrl || opts.techniqueUrl ? 'remote' : loadSettings(home).backend);
  const debug = Boolean(env.SWING_STUDIO_DEBUG);
  const backends = createBackendResolver({
    home,
    secretBox: nodeSecretBox(home),
    env,
    remote: { ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}), ...(opts.techniqueUrl ? { techniqueUrl: opts.techniqueUrl } : {}) },
    localService: { log: debug ? (m: string) => process.stderr.write(`[service] ${m}\n`) : () => undefined },
  });
  return { home, kind, backends };
}
