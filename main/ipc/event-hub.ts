/**
 * Fan-out of main's events to every renderer (the Electron window, every bridge client):
 * `emit` calls each subscriber; one that throws does not stop the others (its error goes to
 * `onError`).
 */
import type { EventName } from '../../preload/contract.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Emit } from './handler-types.js';

/** A subscriber gets every event with its name. */
export type EventSink = (event: EventName, payload: unknown) => void;

/** The hub: `emit` for the handlers, `subscribe` for the transports. */
export interface EventHub {
  emit: Emit;
  /** Adds a sink; returns its unsubscribe. */
  subscribe(sink: EventSink): () => void;
}

/** Creates a hub. @param onError gets a sink's exception (default: ignored). */
export function createEventHub(onError: (err: unknown) => void = () => undefined): EventHub {
  const sinks = new Set<EventSink>();
  return {
    emit(event, payload) {
      for (const sink of sinks) {
        try {
          sink(event, payload);
        } catch (err) {
          onError(err);
        }
      }
    },
    subscribe(sink) {
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
  };
}

/**
 * Forwards the queue's job updates as `jobs.changed`, and a finished analysis (state done with
 * a session) as `library.changed` {session, created}. @returns the unsubscribe.
 */
export function forwardJobEvents(jobs: JobQueue, emit: Emit): () => void {
  return jobs.on('job', (job) => {
    emit('jobs.changed', job);
    if (job.state === 'done' && job.sessionId !== undefined && job.kind === 'analysis') {
      emit('library.changed', { kind: 'session', id: job.sessionId, change: 'created' });
    }
  });
}
