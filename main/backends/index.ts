/**
 * Where jobs and CLI commands send their requests. `local` is this computer: technique analyses
 * call the pipeline directly (direct.ts), and video checks and tennis tasks call the service's
 * own check and task code on a service core in this process (direct-tasks.ts: the persistent
 * task queue without the HTTP server); no loopback HTTP. `client('local')` still starts the HTTP
 * service (lazily, once, on 127.0.0.1 with an OS-chosen port, with its own bearer token) for
 * what needs an URL (the settings' connection test, `localTransport: 'http'`); it shares the
 * core and the engine slot.
 * It is the default, it needs no account and no network. `remote` is the vendor's service at the
 * URLs of settings.remote (or the CLI's overrides) with the API key from SWING_STUDIO_API_KEY
 * or the encrypted store; the client sends that key only to the /api host.
 */
import { createApiClient, type ApiClient } from '../api/client.js';
import { createEngineSlot, techniquePipelineLoader } from '../pipeline/index.js';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../service/service-server.js';
import { openServiceCore, type ServiceCore } from '../service/service-core.js';
import { resolveApiKey, type SecretBox } from '../settings/api-key.js';
import { loadSettings } from '../settings/settings.js';
import type { BackendKind } from '../contract/job.js';
import { pipelineAnalyser, type LocalAnalyser } from './direct.js';
import { directTasks, type TaskClient } from './direct-tasks.js';

/** Gives an API client per backend kind; close() stops what it started. */
export interface BackendResolver {
  /**
   * The client of a backend. The local service is started on first use and reused.
   * @throws BackendConfigError when the remote backend is not configured (no URLs or no key).
   */
  client(kind: BackendKind): Promise<ApiClient>;
  /**
   * The direct local backend for technique analyses (direct.ts), when this resolver has one:
   * analysis jobs on `local` use it instead of `client('local')`'s `/process`. Absent when the
   * local service is reached only over HTTP (`localTransport: 'http'`).
   * @throws Error when the resolver is closed.
   */
  direct?(): Promise<LocalAnalyser>;
  /**
   * Video checks and tennis tasks of a backend (direct-tasks.ts TaskClient): on `local`, the
   * direct one (the task queue in this process, clips read where they lie), unless
   * `localTransport: 'http'`; otherwise `client(kind)`. Absent: callers use `client(kind)`.
   * @throws BackendConfigError as client() does; Error when the resolver is closed.
   */
  tasks?(kind: BackendKind): Promise<TaskClient>;
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
  /**
   * Extra options of the local service (log sink, tests' clock…); `home` is always opts.home.
   * Its `pipeline` and `engineSlot` serve the direct analyses too; its core options (and
   * `runTasks`) the direct tasks' core.
   */
  localService?: Omit<LocalServiceOptions, 'home'>;
  /**
   * How local analyses, checks and tasks run: `direct` (default: in this process, no HTTP) or
   * `http` (the in-process service's `/process`, `/api/videos/check` and tennis routes, as before
   * the direct backend; tests and the bench compare the two).
   */
  localTransport?: 'direct' | 'http';
}

/** Creates the resolver. Nothing is started until {@link BackendResolver.client} is called. */
export function createBackendResolver(opts: BackendResolverOptions): BackendResolver {
  const env = opts.env ?? process.env;
  let local: Promise<{ service: LocalService; client: ApiClient }> | undefined;
  let core: ServiceCore | undefined;
  let tasks: TaskClient | undefined;
  let remote: ApiClient | undefined;
  let closed = false;
  const slot = opts.localService?.engineSlot ?? createEngineSlot();
  const pipeline = opts.localService?.pipeline ?? techniquePipelineLoader();
  const analyser = pipelineAnalyser(pipeline, slot.run);
  const http = opts.localTransport === 'http';

  /** The one service core of this resolver (its task worker started unless runTasks is false). */
  const openCore = (): ServiceCore => {
    if (core) return core;
    core = openServiceCore({ ...opts.localService, home: opts.home, engineSlot: slot, pipeline });
    if (opts.localService?.runTasks !== false) core.worker.start();
    return core;
  };

  const startLocal = async (): Promise<{ service: LocalService; client: ApiClient }> => {
    const service = await startLocalService({ ...opts.localService, home: opts.home, core: openCore() });
    const client = createApiClient({
      baseUrl: service.baseUrl,
      techniqueUrl: service.techniqueUrl,
      apiKey: service.token,
      techniqueToken: service.token,
    });
    return { service, client };
  };

  const client = async (kind: BackendKind): Promise<ApiClient> => {
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
  };

  const direct = (): Promise<LocalAnalyser> => (closed ? Promise.reject(new Error('backends are closed')) : Promise.resolve(analyser));
  return {
    ...(http ? {} : { direct }),
    client,
    async tasks(kind: BackendKind): Promise<TaskClient> {
      if (closed) throw new Error('backends are closed');
      if (kind !== 'local' || http) return client(kind);
      tasks ??= directTasks(openCore());
      return tasks;
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      const l = local;
      local = undefined;
      if (l) await (await l.catch(() => undefined))?.service.close();
      await core?.close();
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
