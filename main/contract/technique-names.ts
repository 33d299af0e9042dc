/**
 * The names API.md gives the technique request's choices (sports, swing types, hands), in a
 * module of their own so that both the request schema (technique-schema.ts) and the shared input
 * fields (fields.ts, which technique-schema.ts uses for the player height and ball time) can import
 * them without an import cycle. technique-schema.ts re-exports them.
 */

/** Sports named by API.md. */
export const SPORTS = ['pickleball', 'tennis', 'none'] as const;
/** One of {@link SPORTS}. */
export type Sport = (typeof SPORTS)[number];

/** Swing types named by API.md. */
export const SWING_TYPES = ['forehand_drive', 'backhand_drive'] as const;
/** One of {@link SWING_TYPES}. */
export type SwingType = (typeof SWING_TYPES)[number];

/** Dominant hand. */
export const HANDS = ['left', 'right'] as const;
/** One of {@link HANDS}. */
export type Hand = (typeof HANDS)[number];
