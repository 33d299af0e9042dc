/**
 * What the analysis utility process does (service-entry.ts is its Electron entry), as plain Node
 * so it runs under test in a node:worker_threads Worker: start the local service, post
 * `{type: 'ready', baseUrl, techniqueUrl, token}` (or `{type: 'failed', message}`) to the parent,
 * serve direct analyses (main/backends/direct-port.ts) on each port the parent sends with
 * `{type: 'analysis-port'}` and video checks and tennis tasks (main/backends/task-port.ts) on
 * each port sent with `{type: 'tasks-port'}`, and stop on `{type: 'stop'}`. The service, the
 * direct analyses and the direct tasks share one engine slot, one pipeline and one service core
 * (main/service/service-core.ts: the persistent task queue).
 */
import { pipelineAnalyser } from '../backends/direct.js';
import { serveAnalyserOnPort, type AnalysisPort } from '../backends/direct-port.js';
import { directTasks } from '../backends/direct-tasks.js';
import { serveTasksOnPort } from '../backends/task-port.js';
import { openServiceCore } from '../service/service-core.js';
import { createEngineSlot, techniquePipelineLoader, type AnalysisPipeline } from '../pipeline/index.js';
import { startLocalService } from '../service/service-server.js';

/** Messages between the main process and the utility process. */
export type ServiceMessage =
  | { type: 'ready'; baseUrl: string; techniqueUrl: string; token: string }
  | { type: 'failed'; message: string }
  | { type: 'stop' }
  /** Sent with one message port: direct analyses are asked for on it. */
  | { type: 'analysis-port' }
  /** Sent with one message port: video checks and tennis tasks are asked for on it. */
  | { type: 'tasks-port' };

/**
 * The parent as the utility process sees it: Electron's `process.parentPort` (messages arrive
 * as `{data, ports}`); a test wraps a Worker's parentPort into the same shape.
 */
export interface ParentLike<P> {
  postMessage(message: ServiceMessage): void;
  on(event: 'message', listener: (e: { data: unknown; ports: P[] }) => void): unknown;
}

/** Options of {@link hostService}. */
export interface HostOptions<P> {
  /** Swing Studio home folder of the service. */
  home: string;
  /** Makes a runtime's port an AnalysisPort (Electron: analysis-port.ts; worker_threads: as is). */
  adaptPort: (port: P) => AnalysisPort;
  /** Ends the process after a stop (code 0) or a failed start (code 1). */
  exit: (code: number) => void;
  /** The analysis glue; default technique-pipeline.js, imported on first use. */
  pipeline?: () => Promise<AnalysisPipeline>;
  /** Service log; default stderr. */
  log?: (message: string) => void;
}

/** Starts the service and answers the parent; resolves once `ready` or `failed` was posted. */
export async function hostService<P>(parent: ParentLike<P>, o: HostOptions<P>): Promise<void> {
  const engineSlot = createEngineSlot();
  const pipeline = o.pipeline ?? techniquePipelineLoader();
  const analyser = pipelineAnalyser(pipeline, engineSlot.run);
  try {
    const core = openServiceCore({ home: o.home, engineSlot, pipeline, ...(o.log ? { log: o.log } : {}) });
    const service = await startLocalService({ core }).catch(async (err: unknown) => {
      await core.close();
      throw err;
    });
    const tasks = directTasks(core);
    parent.postMessage({ type: 'ready', baseUrl: service.baseUrl, techniqueUrl: service.techniqueUrl, token: service.token });
    parent.on('message', (e) => {
      const type = (e.data as ServiceMessage | undefined)?.type;
      if (type === 'stop') void service.close().then(() => core.close()).finally(() => o.exit(0));
      const port = e.ports[0];
      if (type === 'analysis-port' && port) serveAnalyserOnPort(o.adaptPort(port), analyser);
      if (type === 'tasks-port' && port) serveTasksOnPort(o.adaptPort(port), tasks);
    });
  } catch (err) {
    parent.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
    o.exit(1);
  }
}
