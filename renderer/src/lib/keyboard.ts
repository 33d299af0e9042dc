/**
 * The session screen's keyboard shortcuts and the mapping from a key event to a command. The
 * table below is the only definition: the `?` help overlay lists it row by row and
 * {@link commandFor} reads it, so a shortcut cannot exist without being listed. Keys typed into
 * form fields are never taken. The drawing tools' letters avoid the playback keys (J K L) and
 * name the tool where they can (A angle, C circle, T text, P pencil for free hand, N for liNe,
 * W for arroW).
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
  | 'previousStroke'
  | 'nextStroke'
  | 'help'
  | 'closeHelp'
  | 'toolLine'
  | 'toolArrow'
  | 'toolAngle'
  | 'toolCircle'
  | 'toolPencil'
  | 'toolText'
  | 'deleteDrawing'
  | 'undo'
  | 'redo';

/**
 * One shortcut: `keys` is what the help shows, `eventKeys` the `KeyboardEvent.key` values that
 * trigger it (both cases for letters), `text` what it does. `ctrl`: needs Ctrl (or ⌘ on macOS);
 * `shift`: needs Shift (true) or no Shift (false); unset = Shift either way.
 */
export interface Shortcut {
  keys: string;
  eventKeys: readonly string[];
  command: KeyCommand;
  text: string;
  ctrl?: boolean;
  shift?: boolean;
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
  { keys: ',', eventKeys: [',', '<'], command: 'previousStroke', text: 'Previous stroke (seeks to its ball contact)' },
  { keys: '.', eventKeys: ['.', '>'], command: 'nextStroke', text: 'Next stroke' },
  { keys: '?', eventKeys: ['?'], command: 'help', text: 'Show or hide this help' },
  { keys: 'Esc', eventKeys: ['Escape'], command: 'closeHelp', text: 'Close this help or a menu; cancel the drawing being made, then the tool' },
  { keys: 'N', eventKeys: ['n', 'N'], command: 'toolLine', text: 'Line tool (click two points; near a joint it follows the skeleton)' },
  { keys: 'W', eventKeys: ['w', 'W'], command: 'toolArrow', text: 'Arrow tool' },
  { keys: 'A', eventKeys: ['a', 'A'], command: 'toolAngle', text: 'Angle tool (click an end, the vertex, the other end; degrees shown live)' },
  { keys: 'C', eventKeys: ['c', 'C'], command: 'toolCircle', text: 'Circle tool (click the centre, then the rim)' },
  { keys: 'P', eventKeys: ['p', 'P'], command: 'toolPencil', text: 'Free-hand tool (drag)' },
  { keys: 'T', eventKeys: ['t', 'T'], command: 'toolText', text: 'Text tool (click where the label goes)' },
  { keys: 'Delete', eventKeys: ['Delete', 'Backspace'], command: 'deleteDrawing', text: 'Delete the selected drawing' },
  { keys: 'Ctrl+Z', eventKeys: ['z', 'Z'], command: 'undo', text: 'Undo the last drawing change or stroke correction', ctrl: true, shift: false },
  { keys: 'Ctrl+Shift+Z', eventKeys: ['z', 'Z'], command: 'redo', text: 'Redo (also Ctrl+Y)', ctrl: true, shift: true },
];

/** Shortcuts not listed on their own row (a second key for a listed command). */
const ALIASES: readonly Shortcut[] = [{ keys: 'Ctrl+Y', eventKeys: ['y', 'Y'], command: 'redo', text: '', ctrl: true }];

/** The parts of a KeyboardEvent {@link commandFor} reads (structural, so Node-side tests can import the table). */
export interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey?: boolean;
  target: unknown;
}

/**
 * What a key event means, or null. Ctrl (or ⌘) must match the shortcut's `ctrl`; Alt is never
 * taken; events in text fields are ignored.
 */
export function commandFor(e: KeyEventLike): KeyCommand | null {
  if (e.altKey) return null;
  const t = e.target as { tagName?: string; isContentEditable?: boolean } | null;
  const tag = t?.tagName?.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || t?.isContentEditable) return null;
  const ctrl = e.ctrlKey || e.metaKey;
  const hit = [...SHORTCUTS, ...ALIASES].find(
    (s) => s.eventKeys.includes(e.key) && (s.ctrl ?? false) === ctrl && (s.shift === undefined || s.shift === (e.shiftKey ?? false)),
  );
  return hit?.command ?? null;
}

/**
 * A keydown listener that runs the action of the event's command, when the screen has one, and
 * then prevents the browser's default (page scroll on Space and arrows…); other keys pass.
 */
export function shortcutHandler(actions: Partial<Record<KeyCommand, () => void>>): (e: KeyEventLike & { preventDefault(): void }) => void {
  return (e) => {
    const cmd = commandFor(e);
    const act = cmd ? actions[cmd] : undefined;
    if (!act) return;
    e.preventDefault();
    act();
  };
}
