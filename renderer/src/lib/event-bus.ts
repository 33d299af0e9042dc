/**
 * A small typed event bus (Immich style): `on()` returns its own unsubscribe. Used for app-wide
 * renderer events (e.g. "a session was deleted") so stores need not know about each other.
 */

/** Event name → payload type. */
export type EventMap = Record<string, unknown>;

/** A typed event bus over the events of `E`. */
export class EventBus<E extends EventMap> {
  readonly #listeners = new Map<keyof E, Set<(payload: never) => void>>();

  /** Subscribes `listener` to `event`; the returned function unsubscribes it. */
  on<K extends keyof E>(event: K, listener: (payload: E[K]) => void): () => void {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Calls every listener of `event` with `payload`, in subscription order. A throwing listener does not stop the others. */
  emit<K extends keyof E>(event: K, payload: E[K]): void {
    for (const l of [...(this.#listeners.get(event) ?? [])]) {
      try {
        (l as (p: E[K]) => void)(payload);
      } catch (err) {
        console.error(`listener of ${String(event)} failed`, err);
      }
    }
  }
}

/** The renderer's app events. */
export interface AppEvents extends EventMap {
  /** A session was removed from the library (id). */
  'session.deleted': number;
  /** The library changed (after any write by anyone): refresh lists. */
  'library.changed': { kind: 'session' | 'player'; id: number; change: 'created' | 'updated' | 'deleted' };
  /** The user asked to open a session (id). */
  'session.open': number;
}

/** The renderer's one app event bus. */
export const eventBus = new EventBus<AppEvents>();
