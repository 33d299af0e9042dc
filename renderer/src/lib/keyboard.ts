/**
 * The session screen's keyboard shortcuts and the mapping from a key event to a command. The
 * table below is the only definition: the `?` help overlay lists it row by row and
 * {@link commandFor} reads it, so a shortcut cannot exist without being listed. Keys typed into
 * form fields are never taken.
 */

/** A command a shortcut triggers. */
export type KeyCommand =
  | 'togglePlay'
  | 'stepBack'
  | 'stepForward'
  | 'slowerOrBack'
  | 'pause'
  | 'playOrFaster'
  | 'rateDown'
  | 'rateUp'
  | 'help'
  | 'closeHelp';

/**
 * One shortcut: `keys` is what the help shows, `eventKeys` the `KeyboardEvent.key` values that
 * trigger it (both cases for letters), `text` what it does.
 */
export interface Shortcut {
  keys: string;
  eventKeys: readonly string[];
  command: KeyCommand;
  text: string;
}

/** The shortcuts, in help-overlay order. */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: 'Space', eventKeys: [' '], command: 'togglePlay', text: 'Play / pause' },
  { keys: '←', eventKeys: ['ArrowLeft'], command: 'stepBack', text: 'One frame back' },
  { keys: '→', eventKeys: ['ArrowRight'], command: 'stepForward', text: 'One frame forward' },
  { keys: 'J', eventKeys: ['j', 'J'], command: 'slowerOrBack', text: 'Slower (while playing) / one frame back (paused)' },
  { keys: 'K', eventKeys: ['k', 'K'], command: 'pause', text: 'Pause' },
  { keys: 'L', eventKeys: ['l', 'L'], command: 'playOrFaster', text: 'Play / faster' },
  { keys: '[', eventKeys: ['['], command: 'rateDown', text: 'Slower playback rate' },
  { keys: ']', eventKeys: [']'], command: 'rateUp', text: 'Faster playback rate' },
  { keys: '?', eventKeys: ['?'], command: 'help', text: 'Show or hide this help' },
  { keys: 'Esc', eventKeys: ['Escape'], command: 'closeHelp', text: 'Close this help (or an open menu)' },
];

const BY_KEY: ReadonlyMap<string, KeyCommand> = new Map(SHORTCUTS.flatMap((s) => s.eventKeys.map((k) => [k, s.command] as const)));

/** The parts of a KeyboardEvent {@link commandFor} reads (structural, so Node-side tests can import the table). */
export interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: unknown;
}

/** What a key event means, or null. Ignores events with Ctrl/Alt/Meta and events in text fields. */
export function commandFor(e: KeyEventLike): KeyCommand | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const t = e.target as { tagName?: string; isContentEditable?: boolean } | null;
  const tag = t?.tagName?.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || t?.isContentEditable) return null;
  return BY_KEY.get(e.key) ?? null;
}
