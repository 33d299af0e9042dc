/**
 * Where jobs and CLI commands send their requests. `local` is the analysis service started in
 * this process (lazily, once, on 127.0.0.1 with an OS-chosen port, with its own bearer token):
 * the default, it needs no account and no network. `remote` is the vendor's service at the
 * URLs of settings.remote (or the CLI's overrides) with the API key from SWING_STUDIO_API_KEY
 * or the encrypted store; the client sends that key only to the /api host.
 */
import { createApiClient, type ApiClient } from '../api/client.js';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../service/server.js';
import { resolveApiKey, type SecretBox } from '../settings/api-key.js';
import { loadSettings } from '../settings/settings.js';
import type { BackendKind } from '../jobs/types.js';

/** Gives an API client per backend kind; close() stops what it started. */
export interface BackendResolver {
  /**
   * The client of a backend. The local service is started on first use and reused.
   * @throws BackendConfigError when the remote backend is not configured (no URLs or no key).
   */
  client(kind: BackendKind): Promise<ApiClient>;
  /** Stops the local service if it was started. Idempotent. */
  close(): Promise<void>;
}

/** The remote backend lacks a URL or an API key. The message says what to set; it never contains the key. */
export class BackendConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackendConfigError';
  }
}

/** Options of {@link createBackendResolver}. */
export interface BackendResolverOptions {
  home: string;
  secretBox: SecretBox;
  env?: NodeJS.ProcessEnv;
  /** Replaces settings.remote URLs (CLI --base-url / --technique-url); '' or undefined keeps the setting. */
  remote?: { baseUrl?: string; techniqueUrl?: string };
  /** Extra options of the local service (log sink, tests' clock…); `home` is always opts.home. */
  localService?: Omit<LocalServiceOptions, 'home'>;
}

/** Creates the resolver. Nothing is started until {@link BackendResolver.client} is called. */
export function createBackendResolver(opts: BackendResolverOptions): BackendResolver {
  const env = opts.env ?? process.env;
  let local: Promise<{ service: LocalService; client: ApiClient }> | undefined;
  let remote: ApiClient | undefined;
  let closed = false;

  const startLocal = async (): Promise<{ service: LocalService; client: ApiClient }> => {
    const service = await startLocalService({ home: opts.home, ...opts.localService });
    const client = createApiClient({
      baseUrl: service.baseUrl,
      techniqueUrl: service.techniqueUrl,
      apiKey: service.token,
      techniqueToken: service.token,
    });
    return { service, client };
  };

  return {
    async client(kind: BackendKind): Promise<ApiClient> {
      if (closed) throw new Error('backends are closed');
      if (kind === 'local') {
        local ??= startLocal().catch((err: unknown) => {
          local = undefined;
          throw err;
        });
        return (await local).client;
      }
      remote ??= remoteClient(opts, env);
      return remote;
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      const l = local;
      local = undefined;
      if (l) await (await l.catch(() => undefined))?.service.close();
    },
  };
}

function remoteClient(opts: BackendResolverOptions, env: NodeJS.ProcessEnv): ApiClient {
  const s = loadSettings(opts.home);
  const baseUrl = opts.remote?.baseUrl || env.SWING_STUDIO_BASE_URL || s.remote.baseUrl;
  const techniqueUrl = opts.remote?.techniqueUrl || env.SWING_STUDIO_TECHNIQUE_URL || s.remote.techniqueUrl;
  if (!baseUrl) throw new BackendConfigError('remote backend has no base URL: set it in the settings or pass --base-url');
  if (!techniqueUrl) throw new BackendConfigError('remote backend has no technique URL: set it in the settings or pass --technique-url');
  const apiKey = resolveApiKey(opts.home, opts.secretBox, baseUrl, env);
  if (!apiKey) throw new BackendConfigError('remote backend needs an API key: set SWING_STUDIO_API_KEY or store one in the settings');
  return createApiClient({ baseUrl, techniqueUrl, apiKey });
}
