/**
 * The app's composition root, shared by the Electron main process and the browser bridge:
 * opens the library, the backends and the job queue, and builds the handlers and the event hub.
 * Plain Node (no Electron import): the Electron-only pieces come in as options.
 */
import { createApiClient, type ApiClient } from '../api/client.js';
import type { LocalAnalyser } from '../backends/direct.js';
import type { TaskClient } from '../backends/direct-tasks.js';
import { createBackendResolver, type BackendResolver } from '../backends/index.js';
import { JobQueue } from '../jobs/queue.js';
import { sweepOrphans } from '../library/sweep.js';
import { openConfiguredLibrary } from '../settings/library-location.js';
import { PickedFiles } from '../media/picked.js';
import type { SecretBox } from '../settings/api-key.js';
import { createEventHub, forwardJobEvents, type EventHub } from './event-hub.js';
import { createHandlers } from './handlers.js';
import type { HandlerDeps, Handlers } from './handler-types.js';

/** Where a local analysis service already runs (Electron: the utility process). */
export interface LocalServiceAddress {
  baseUrl: string;
  techniqueUrl: string;
  token: string;
}

/** Options of {@link openAppServices}. */
export interface AppServicesOptions extends Pick<
  HandlerDeps,
  | 'home'
  | 'secretBox'
  | 'keyProtection'
  | 'mode'
  | 'version'
  | 'mediaUrl'
  | 'pickedMediaUrl'
  | 'pickVideos'
  | 'openExternal'
  | 'saveFile'
  | 'pickHandover'
  | 'pickFolder'
  | 'htmlToPdf'
  | 'exportUrl'
> {
  /**
   * The local service to use. Electron passes the address its utility process posted; when
   * absent the service is started in this process on first use (main/backends).
   */
  localService?: () => Promise<LocalServiceAddress>;
  /**
   * The direct local backend for analysis jobs (main/backends/direct.ts). Electron passes the
   * analyser over its utility process's MessagePort (main/backends/direct-port.ts); when
   * absent, the in-process one is used unless `localService` is given (then analyses go to it
   * over HTTP).
   */
  localAnalyser?: () => Promise<LocalAnalyser>;
  /**
   * Video checks and tennis tasks on `local` (main/backends/direct-tasks.ts TaskClient). Electron
   * passes them over its utility process's MessagePort (main/backends/task-port.ts); when absent,
   * the in-process ones are used unless `localService` is given (then they go to it over HTTP).
   */
  localTasks?: () => Promise<TaskClient>;
  /** Parallel analyses (default: the queue's). */
  concurrency?: number;
  /** Logger of internal errors (default stderr). */
  log?: (message: string) => void;
}

/** The running parts. */
export interface AppServices {
  deps: HandlerDeps;
  handlers: Handlers;
  events: EventHub;
  picked: PickedFiles;
  /** Stops the queue, the backends and closes the library. Idempotent. */
  close(): Promise<void>;
}

/**
 * Backends for the app: local from `localService` (or in-process), analyses on it from
 * `localAnalyser` (or in-process when the service is too), checks and tennis tasks from
 * `localTasks` (or in-process without HTTP unless `localService` is given), remote built afresh
 * on every call so a key or URL changed in Settings is used by the next job at once.
 */
export function appBackends(
  home: string,
  secretBox: SecretBox,
  localService?: () => Promise<LocalServiceAddress>,
  localAnalyser?: () => Promise<LocalAnalyser>,
  localTasks?: () => Promise<TaskClient>,
): BackendResolver {
  const inProcess = createBackendResolver({ home, secretBox });
  let local: Promise<ApiClient> | undefined;
  const inProcessDirect = (): Promise<LocalAnalyser> => inProcess.direct?.() ?? Promise.reject(new Error('no direct local backend'));
  const direct = localAnalyser ?? (localService ? undefined : inProcessDirect);
  const resolver: BackendResolver = {
    ...(direct ? { direct } : {}),
    async client(kind) {
      if (kind === 'remote') return createBackendResolver({ home, secretBox }).client('remote');
      if (!localService) return inProcess.client('local');
      local ??= localService()
        .then((a) =>
          createApiClient({
            baseUrl: a.baseUrl,
            techniqueUrl: a.techniqueUrl,
            apiKey: a.token,
            techniqueToken: a.token,
          }),
        )
        .catch((err: unknown) => {
          local = undefined;
          throw err;
        });
      return local;
    },
    // Checks and tennis tasks on local: `localTasks` (Electron: over its utility process's
    // port), else in this process without HTTP unless a service address is given; remote as
    // client() gives it.
    async tasks(kind) {
      if (kind === 'local' && localTasks) return localTasks();
      if (kind === 'local' && !localService && inProcess.tasks) return inProcess.tasks('local');
      return resolver.client(kind);
    },
    close: () => inProcess.close(),
  };
  return resolver;
}

/**
 * Opens everything the handlers need and starts the job queue (which resumes interrupted jobs).
 * @throws LibraryTooNewError / SqliteError when the library cannot be opened.
 */
export function openAppServices(opts: AppServicesOptions): AppServices {
  const log = opts.log ?? ((m: string) => process.stderr.write(`${m}\n`));
  const db = openConfiguredLibrary(opts.home);
  try {
    // only the app sweeps, under the library lock and within its bound (main/library/sweep.ts)
    const swept = sweepOrphans(db);
    if (swept.warning !== null) log(`library ${swept.warning}`);
  } catch (err) {
    log(`library sweep skipped: ${(err as Error).message}`);
  }
  const backends = appBackends(opts.home, opts.secretBox, opts.localService, opts.localAnalyser, opts.localTasks);
  const jobs = new JobQueue({
    db,
    home: opts.home,
    backends,
    ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
  });
  const events = createEventHub((err) => log(`event sink failed: ${String(err)}`));
  const picked = new PickedFiles();
  const deps: HandlerDeps = { ...opts, db, backends, jobs, picked, emit: events.emit };
  const stopForwarding = forwardJobEvents(jobs, events.emit);
  jobs.start();
  let closing: Promise<void> | undefined;
  return {
    deps,
    handlers: createHandlers(deps),
    events,
    picked,
    close() {
      closing ??= (async () => {
        stopForwarding();
        await jobs.stop();
        await backends.close();
        db.close();
      })();
      return closing;
    },
  };
}
