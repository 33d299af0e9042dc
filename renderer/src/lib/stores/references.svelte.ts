/**
 * Players' reference strokes as the renderer sees them (main/library/reference-strokes.ts): one
 * per player, the stroke "Compare with reference" opens the Compare screen against (the
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

  /** Whether session `sessionId` is player `playerId`'s reference. */
  isReference(playerId: number, sessionId: number): boolean {
    return this.of(playerId)?.sessionId === sessionId;
  }

  /** Makes session `sessionId` player `playerId`'s reference (null removes it). @throws ApiError */
  async set(playerId: number, sessionId: number | null): Promise<void> {
    const ref = await call('library.setReferenceStroke', { playerId, sessionId });
    this.list = [...this.list.filter((r) => r.playerId !== playerId), ...(ref ? [ref] : [])];
  }

  /**
   * The Compare route of session `sessionId` of player `playerId` against the player's reference
   * (reference first), or null when the player has none or this session is it.
   */
  compareRoute(playerId: number, sessionId: number): Route | null {
    const ref = this.of(playerId);
    return ref && ref.sessionId !== sessionId ? { screen: 'compare', a: ref.sessionId, b: sessionId } : null;
  }
}

/** The app's reference strokes. */
export const references = new ReferenceStrokes();
