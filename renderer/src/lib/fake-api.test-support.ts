/**
 * A scripted stand-in for main (SwingStudioApi) for the stores' unit tests: each channel
 * answers from a handler; calls are recorded; events can be pushed.
 */
import type { ApiFailure, Channel, EventName, EventPayload, SwingStudioApi } from '../../../preload/contract.js';
import { setApi } from './api.js';

/** Thrown by a handler to make the call fail with this typed failure. */
export class Failure extends Error {
  readonly failure: ApiFailure;
  constructor(failure: ApiFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

/** A channel handler: returns the value, or throws a {@link Failure} to fail. */
type Handler = (input: unknown) => unknown;

/** The fake and what it saw. */
export interface FakeApi {
  calls: { channel: Channel; input: unknown }[];
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
}

/** Installs a fake API answering from `handlers` (missing channels fail with kind 'internal'). */
export function installFakeApi(handlers: Partial<Record<Channel, Handler>>): FakeApi {
  const calls: FakeApi['calls'] = [];
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const api: SwingStudioApi = {
    mode: 'browser',
    invoke(channel, ...args) {
      calls.push({ channel, input: args[0] });
      const h = handlers[channel];
      if (!h) return Promise.resolve({ ok: false, error: { kind: 'internal', message: `no handler for ${channel}` } });
      try {
        return Promise.resolve({ ok: true, value: h(args[0]) as never });
      } catch (err) {
        if (err instanceof Failure) return Promise.resolve({ ok: false, error: err.failure });
        throw err;
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (p: unknown) => void);
      return () => set.delete(listener as (p: unknown) => void);
    },
  };
  setApi(api);
  return {
    calls,
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
  };
}
