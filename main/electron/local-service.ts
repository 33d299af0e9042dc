/**
 * Runs the local analysis service in an Electron utility process (service-entry.ts), so pose
 * estimation and video decoding never block the UI process. Started on first use by the
 * backends (main/ipc/services.ts `localService`; `localAnalyser` for analysis jobs and
 * `localTasks` for video checks and tennis tasks: MessagePorts to the same process,
 * main/backends/direct-port.ts and task-port.ts).
 */
import { MessageChannelMain, utilityProcess, type UtilityProcess } from 'electron';
import { analyserOverPort } from '../backends/direct-port.js';
import type { LocalAnalyser } from '../backends/direct.js';
import type { TaskClient } from '../backends/direct-tasks.js';
import { tasksOverPort } from '../backends/task-port.js';
import { electronAnalysisPort } from './analysis-port.js';
import type { LocalServiceAddress } from '../ipc/services.js';
import type { ServiceMessage } from './service-entry.js';

/** Longest wait for the service to report its address, ms (model files load lazily, so start is quick). */
export const SERVICE_START_TIMEOUT_MS = 60_000;
/** Grace period for a clean stop before the process is killed, ms. */
const STOP_GRACE_MS = 5_000;

/** The service process handle. */
export interface ServiceProcess {
  /** Starts the process on the first call; resolves with its address. */
  address(): Promise<LocalServiceAddress>;
  /** The direct analyser over a MessagePort to the process (started like address()); a new port after a restart. */
  analyser(): Promise<LocalAnalyser>;
  /** Video checks and tennis tasks over a MessagePort to the process (started like address()); a new port after a restart. */
  tasks(): Promise<TaskClient>;
  /** Asks the service to stop, kills it after a grace period. */
  stop(): Promise<void>;
}

/** A lazily started service process with `SWING_STUDIO_HOME=home`. */
export function serviceProcess(home: string, entryPath: string): ServiceProcess {
  let child: UtilityProcess | undefined;
  let ready: Promise<LocalServiceAddress> | undefined;
  let direct: { proc: UtilityProcess; analyser: LocalAnalyser } | undefined;
  let tasks: { proc: UtilityProcess; client: TaskClient } | undefined;
  const start = (): Promise<LocalServiceAddress> =>
    new Promise((resolve, reject) => {
      const proc = utilityProcess.fork(entryPath, [], {
        serviceName: 'Swing Studio analysis service',
        env: { ...process.env, SWING_STUDIO_HOME: home },
        stdio: 'inherit',
      });
      child = proc;
      const timer = setTimeout(
        () => reject(new Error('the local analysis service did not start in time')),
        SERVICE_START_TIMEOUT_MS,
      );
      proc.on('message', (m: ServiceMessage) => {
        if (m.type === 'ready') {
          clearTimeout(timer);
          resolve({ baseUrl: m.baseUrl, techniqueUrl: m.techniqueUrl, token: m.token });
        } else if (m.type === 'failed') {
          clearTimeout(timer);
          reject(new Error(`the local analysis service failed to start: ${m.message}`));
        }
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        child = undefined;
        ready = undefined;
        reject(new Error(`the local analysis service exited (code ${code})`));
      });
    });
  const address = (): Promise<LocalServiceAddress> => {
    ready ??= start().catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
    return ready;
  };
  /** The running process (started like address()) and a maker of a new `type` port to it, used when the cached client belongs to an earlier process. */
  const portTo = async (type: 'analysis-port' | 'tasks-port') => {
    await address();
    const proc = child;
    if (!proc) throw new Error('the local analysis service exited');
    const fresh = () => {
      const { port1, port2 } = new MessageChannelMain();
      proc.postMessage({ type } satisfies ServiceMessage, [port2]);
      return electronAnalysisPort(port1);
    };
    return { proc, fresh };
  };
  return {
    address,
    async analyser() {
      const { proc, fresh } = await portTo('analysis-port');
      if (direct?.proc !== proc) direct = { proc, analyser: analyserOverPort(fresh()) };
      return direct.analyser;
    },
    async tasks() {
      const { proc, fresh } = await portTo('tasks-port');
      if (tasks?.proc !== proc) tasks = { proc, client: tasksOverPort(fresh()) };
      return tasks.client;
    },
    async stop() {
      const proc = child;
      if (!proc) return;
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.postMessage({ type: 'stop' } satisfies ServiceMessage);
      const timer = setTimeout(() => proc.kill(), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
