/**
 * The engine slot's bounded wait (main/pipeline/engine-slot.ts): a waiting job whose signal aborts
 * leaves its line at once (a /process client that went away no longer holds one of the 4 places),
 * a job past its `maxWaitMs` is refused with EngineBusyError naming the holder, and the jobs
 * behind it still run in order.
 */
import { expect, it } from 'vitest';
import { createEngineSlot, EngineBusyError } from '../../main/pipeline/engine-slot.js';

it('an aborted waiting job leaves its line at once; a job past its longest wait gets EngineBusyError; the rest run in order', async () => {
  const slot = createEngineSlot();
  expect(slot.holder()).toBeUndefined();
  let free: (() => void) | undefined;
  const task = slot.run(() => new Promise<string>((r) => (free = () => r('task'))), 'task');
  expect(slot.holder()?.user).toBe('task');

  const ac = new AbortController();
  const gone = slot.run(() => Promise.resolve('never'), 'process', { signal: ac.signal });
  const bounded = slot.run(() => Promise.resolve('never'), 'process', { maxWaitMs: 50 });
  const patient = slot.run(() => Promise.resolve('patient'), 'process');
  expect(slot.waiting('process')).toBe(3);
  ac.abort(new Error('client closed the connection'));
  await expect(gone).rejects.toThrow('client closed the connection');
  expect(slot.waiting('process')).toBe(2);

  const busy = await bounded.catch((e: unknown) => e);
  expect(busy).toBeInstanceOf(EngineBusyError);
  expect((busy as EngineBusyError).holder?.user).toBe('task');
  expect((busy as EngineBusyError).waitedMs).toBeGreaterThanOrEqual(40);
  expect(slot.waiting('process')).toBe(1);

  const pre = new AbortController();
  pre.abort(new Error('already gone'));
  await expect(slot.run(() => Promise.resolve('never'), 'process', { signal: pre.signal })).rejects.toThrow('already gone');
  expect(slot.waiting('process')).toBe(1);

  free!();
  expect(await task).toBe('task');
  expect(await patient).toBe('patient');
  await new Promise((r) => setTimeout(r, 0));
  expect(slot.holder()).toBeUndefined();
});
