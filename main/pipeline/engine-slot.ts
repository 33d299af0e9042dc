/**
 * The engine slot of the local service: one analysis at a time (2-core target machine), with two
 * waiting lines. A waiting `/process` request (a coach waiting at the screen) always starts
 * before a waiting tennis task, so queued tasks cannot starve `/process`. A running task is not
 * interrupted: since tennis tasks on long rally videos may run for hours (their budget follows the
 * video, main/service/task-budget.ts), a waiting job can bound its own wait (`maxWaitMs`, then
 * {@link EngineBusyError}) and leaves the line at once when its `signal` aborts (a client that
 * went away no longer holds a place in the line). `/process` uses both (main/service/process-route.ts).
 */

/** Who asks for the engine. */
export type EngineUser = 'process' | 'task';

/** How a job waits for the engine. */
export interface EngineWaitOptions {
  /** Aborting it while the job waits removes the job from its line; run() rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Longest wait for the engine, ms; past it the job leaves its line and run() rejects with EngineBusyError. Default: no limit. */
  maxWaitMs?: number | undefined;
}

/**
 * Runs `job` when the engine is free (waiting `process` jobs first); resolves or rejects with it.
 * @throws EngineBusyError when `o.maxWaitMs` passed before the job could start; the signal's reason when `o.signal` aborted first.
 */
export type EngineSlot = <T>(job: () => Promise<T>, user: EngineUser, o?: EngineWaitOptions) => Promise<T>;

/** The job holding the engine: who, and since when (ms since the Unix epoch, Date.now()). */
export interface EngineHolder {
  user: EngineUser;
  sinceMs: number;
}

/** The slot plus how many jobs wait in each line (for the queue caps) and who holds the engine. */
export interface EngineSlotState {
  run: EngineSlot;
  waiting: (user: EngineUser) => number;
  /** The running job, or undefined when the engine is free. */
  holder: () => EngineHolder | undefined;
}

/** A job waited its longest allowed wait, `waitedMs`, for the engine without starting; `holder` is who held it then. */
export class EngineBusyError extends Error {
  constructor(
    readonly waitedMs: number,
    readonly holder: EngineHolder | undefined,
  ) {
    super(`the engine stayed busy (${holder?.user ?? 'unknown'} job) for the ${Math.round(waitedMs / 1000)} s this job could wait`);
    this.name = 'EngineBusyError';
  }
}

/** The signal's reason as an Error (an AbortError when it is not one). */
function abortReason(signal: AbortSignal | undefined): Error {
  const r: unknown = signal?.reason;
  return r instanceof Error ? r : new DOMException('This operation was aborted', 'AbortError');
}

/** A fresh slot with nothing running. */
export function createEngineSlot(): EngineSlotState {
  const lines: Record<EngineUser, Array<() => void>> = { process: [], task: [] };
  let holder: EngineHolder | undefined;
  const next = (): void => {
    holder = undefined;
    const start = lines.process.shift() ?? lines.task.shift();
    start?.();
  };
  const run: EngineSlot = <T>(job: () => Promise<T>, user: EngineUser, o: EngineWaitOptions = {}): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        holder = { user, sinceMs: Date.now() };
        Promise.resolve().then(job).then(resolve, reject).finally(next);
      };
      if (!holder) return start();
      const line = lines[user];
      let timer: NodeJS.Timeout | undefined;
      const leave = (why: Error): void => {
        const i = line.indexOf(entry);
        if (i < 0) return;
        line.splice(i, 1);
        cleanup();
        reject(why);
      };
      const onAbort = (): void => leave(abortReason(o.signal));
      const cleanup = (): void => {
        if (timer) clearTimeout(timer);
        o.signal?.removeEventListener('abort', onAbort);
      };
      const entry = (): void => {
        cleanup();
        start();
      };
      if (o.signal?.aborted) return reject(abortReason(o.signal));
      line.push(entry);
      o.signal?.addEventListener('abort', onAbort, { once: true });
      // The wait named is the longest allowed: the timer may fire a millisecond before Date.now()
      // says it has passed (1,499 ms of a 1,500 ms wait would read "1 s"), or late on a loaded machine.
      const wait = o.maxWaitMs;
      if (wait !== undefined) timer = setTimeout(() => leave(new EngineBusyError(wait, holder)), wait);
    });
  return { run, waiting: (user) => lines[user].length, holder: () => holder };
}
