/**
 * Players' reference strokes as the renderer sees them (main/library/reference-strokes.ts): one
 * per player (a session and its stroke), the stroke "Compare with reference" opens the Compare screen against (the
 * reference first, as the leading stroke). Loaded once, reloaded on every library change
 * (a deleted session takes its reference with it).
 */
import type { ReferenceStroke } from '../../../../preload/contract.js';
import { call } from '../api.js';
import { eventBus } from '../event-bus.js';
import type { Route } from './route.js';

/** The reference strokes store. */
export class ReferenceStrokes {
  list = $state<ReferenceStroke[]>([]);
  #loaded: Promise<void> | null = null;

  constructor() {
    // Once loaded, follow every library change (a deleted session takes its reference with it).
    eventBus.on('library.changed', () => {
      if (this.#loaded) void this.reload().catch(() => undefined);
    });
  }

  /** Loads the list once; library changes reload it from then on. @throws ApiError */
  ensureLoaded(): Promise<void> {
    return (this.#loaded ??= this.reload());
  }

  /** Reloads the list from main. @throws ApiError */
  async reload(): Promise<void> {
    this.list = await call('library.listReferenceStrokes');
  }

  /** The reference stroke of player `playerId`, or null. */
  of(playerId: number): ReferenceStroke | null {
    return this.list.find((r) => r.playerId === playerId) ?? null;
  }

  /**
   * Whether stroke `strokeIndex` of session `sessionId` (null = its analysed stroke; pass
   * canonicalStrokeIndex's value, main/library/stroke-view.ts) is player `playerId`'s reference.
   */
  isReference(playerId: number, sessionId: number, strokeIndex: number | null = null): boolean {
    const ref = this.of(playerId);
    return ref?.sessionId === sessionId && ref.strokeIndex === strokeIndex;
  }

  /** Makes stroke `strokeIndex` of session `sessionId` player `playerId`'s reference (session null removes it). @throws ApiError */
  async set(playerId: number, sessionId: number | null, strokeIndex: number | null = null): Promise<void> {
    const ref = await call('library.setReferenceStroke', { playerId, sessionId, strokeIndex: sessionId === null ? null : strokeIndex });
    this.list = [...this.list.filter((r) => r.playerId !== playerId), ...(ref ? [ref] : [])];
  }

  /**
   * The Compare route of stroke `strokeIndex` of session `sessionId` (null = its analysed stroke)
   * of player `playerId` against the player's reference stroke (reference first, at its stored
   * stroke), or null when the player has none or this stroke is it.
   */
  compareRoute(playerId: number, sessionId: number, strokeIndex: number | null = null): Route | null {
    const ref = this.of(playerId);
    if (!ref || (ref.sessionId === sessionId && ref.strokeIndex === strokeIndex)) return null;
    return { screen: 'compare', a: ref.sessionId, strokeA: ref.strokeIndex, b: sessionId, strokeB: strokeIndex };
  }
}

/** The app's reference strokes. */
export const references = new ReferenceStrokes();
