/**
 * The stroke strip's filter while a session is open (issue 29 item 5): the strip's menus set it,
 * the strip lists the strokes it passes, and the stroke keys (the page's , . and the strip's ← → Home End) move among
 * those. Reset when another session opens. Pure logic in strip-filter.ts.
 */
import type { SessionStroke } from '../../../../preload/contract.js';
import { playback } from '../stores/playback.svelte.js';
import { filterStrokes, moveAmong, NO_FILTER, type StripFilter, type StripMove } from './strip-filter.js';

/** The filter of the open session's strip. */
export class StripFilterState {
  filter = $state<StripFilter>({ ...NO_FILTER });
  /** The session the filter was set on (a filter never carries over to another session). */
  #session = 0;

  /** The strokes of the open session the filter lists, in time order. */
  listed(strokes: readonly SessionStroke[]): SessionStroke[] {
    const f = this.filter; // read first: a $derived over this method follows the filter
    return this.#session === playback.openId ? filterStrokes(strokes, f) : [...strokes];
  }

  /** Sets the filter of the open session (fields not given stay). */
  set(f: Partial<StripFilter>): void {
    if (this.#session !== playback.openId) this.filter = { ...NO_FILTER };
    this.#session = playback.openId;
    this.filter = { ...this.filter, ...f };
  }

  /** Lists every stroke again. */
  clear(): void {
    this.filter = { ...NO_FILTER };
  }

  /** Chooses the stroke `move` goes to among the listed strokes (nothing when none is listed). */
  move(move: StripMove): void {
    const next = moveAmong(this.listed(playback.detail?.strokes ?? []), playback.stroke, move);
    if (next !== null) playback.chooseStroke(next);
  }
}

/** The strip filter of the app's one session page. */
export const stripFilter = new StripFilterState();
