/**
 * Bounds of a player's standing height, millimetres, the one rule for every entry point (the
 * app's IPC contract, the CLI and the job queue, through main/contract/fields.ts HeightMm), so
 * the CLI and the app accept the same heights. 500..2800 mm covers every recorded human adult and
 * child player (tallest recorded human: 2,720 mm, Guinness World Records) while catching unit
 * mistakes (metres, centimetres, inches).
 */

/** Smallest accepted player height, mm. */
export const MIN_PLAYER_HEIGHT_MM = 500;
/** Largest accepted player height, mm. */
export const MAX_PLAYER_HEIGHT_MM = 2800;

/** True when `mm` is a finite height within the bounds. */
export function isPlayerHeightMm(mm: number): boolean {
  return Number.isFinite(mm) && mm >= MIN_PLAYER_HEIGHT_MM && mm <= MAX_PLAYER_HEIGHT_MM;
}
