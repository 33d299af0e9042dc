/**
 * The engine slot of the local service: one analysis at a time (2-core target machine), with two
 * waiting lines. A waiting `/process` request (a coach waiting at the screen) always starts
 * before a waiting tennis task, so queued tasks cannot starve `/process`; a running task is
 * bounded by its deadline (task-worker.ts TASK_DEADLINE_MS), so the longest wait of a `/process`
 * request behind tasks is one task deadline.
 */

/** Who asks for the engine. */
export type EngineUser = 'process' | 'task';

/** Runs `job` when the engine is free (waiting `process` jobs first); resolves or rejects with it. */
export type EngineSlot = <T>(job: () => Promise<T>, user: EngineUser) => Promise<T>;

/** The slot plus how many jobs wait in each line (for the queue caps). */
export interface EngineSlotState {
  run: EngineSlot;
  waiting: (user: EngineUser) => number;
}

/** A fresh slot with nothing running. */
export function createEngineSlot(): EngineSlotState {
  const lines: Record<EngineUser, Array<() => void>> = { process: [], task: [] };
  let busy = false;
  const next = (): void => {
    const start = lines.process.shift() ?? lines.task.shift();
    if (start) start();
    else busy = false;
  };
  const run: EngineSlot = <T>(job: () => Promise<T>, user: EngineUser): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        busy = true;
        Promise.resolve().then(job).then(resolve, reject).finally(next);
      };
      if (busy) lines[user].push(start);
      else start();
    });
  return { run, waiting: (user) => lines[user].length };
}
