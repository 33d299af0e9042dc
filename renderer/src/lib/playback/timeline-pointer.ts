/**
 * The timeline's pointer arithmetic (renderer/src/screens/session/Timeline.svelte): the time
 * under the pointer, and when a press on the chosen stroke's contact mark counts as a drag.
 */

/**
 * Seconds of video under pointer x `clientX` (CSS px) on a bar from `left` to `left + width`
 * (CSS px) for a clip of `duration` seconds, clamped to 0 … duration; null for a bar without width.
 */
export function timeAtPointer(clientX: number, left: number, width: number, duration: number): number | null {
  if (!(width > 0)) return null;
  return Math.min(duration, Math.max(0, ((clientX - left) / width) * duration));
}

/**
 * CSS px the pointer must move from where it went down on the contact mark for its release to set
 * the contact. Decided: a press on the mark without moving (a click) sets nothing, so a slightly
 * missed click cannot move a contact one frame.
 */
export const CONTACT_DRAG_MIN_PX = 3;

/** True when a press at `downX` released (or now) at `x` (CSS px) is a drag of the contact mark. */
export function isContactDrag(downX: number, x: number): boolean {
  return Math.abs(x - downX) >= CONTACT_DRAG_MIN_PX;
}
