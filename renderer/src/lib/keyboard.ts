/**
 * The session screen's keyboard shortcuts (listed by the `?` help overlay) and the mapping
 * from a key event to a command. Keys typed into form fields are never taken.
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

/** The shortcuts, in help-overlay order. */
export const SHORTCUTS: readonly { keys: string; command: KeyCommand; text: string }[] = [
  { keys: 'Space', command: 'togglePlay', text: 'Play / pause' },
  { keys: '←', command: 'stepBack', text: 'One frame back' },
  { keys: '→', command: 'stepForward', text: 'One frame forward' },
  { keys: 'J', command: 'slowerOrBack', text: 'Slower (while playing) / one frame back (paused)' },
  { keys: 'K', command: 'pause', text: 'Pause' },
  { keys: 'L', command: 'playOrFaster', text: 'Play / faster' },
  { keys: '[', command: 'rateDown', text: 'Slower playback rate' },
  { keys: ']', command: 'rateUp', text: 'Faster playback rate' },
  { keys: '?', command: 'help', text: 'Show or hide this help' },
];

/** What a key event means, or null. Ignores events with Ctrl/Alt/Meta and events in text fields. */
export function commandFor(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'target'>): KeyCommand | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const t = e.target as { tagName?: string; isContentEditable?: boolean } | null;
  const tag = t?.tagName?.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || t?.isContentEditable) return null;
  switch (e.key) {
    case ' ':
      return 'togglePlay';
    case 'ArrowLeft':
      return 'stepBack';
    case 'ArrowRight':
      return 'stepForward';
    case 'j':
    case 'J':
      return 'slowerOrBack';
    case 'k':
    case 'K':
      return 'pause';
    case 'l':
    case 'L':
      return 'playOrFaster';
    case '[':
      return 'rateDown';
    case ']':
      return 'rateUp';
    case '?':
      return 'help';
    case 'Escape':
      return 'closeHelp';
    default:
      return null;
  }
}
