/**
 * How New analysis asks the library to keep each video (issue 29 item 4, main/library/linked-clips.ts):
 * copied into the library, or kept in place (linked: the library stores the path and the content
 * hash, no second copy). Pure, so it is tested without the app.
 */

/** What the library does with one video: the job input's `clipStorage`. */
export type ClipStorage = 'copied' | 'linked';

/** The coach's choice in New analysis: by size ('auto'), or the same for every video. */
export type ClipStorageChoice = 'auto' | ClipStorage;

/**
 * Size from which 'auto' keeps a video in place, bytes (1 GB, decimal as the form writes sizes).
 * Decided: below it a copy costs seconds and makes the library whole on its own (a backup or a
 * moved library folder keeps the video; the coach may delete or move the original), which is
 * what a 3–60 s phone clip (tens to a few hundred MB) wants; from it on a copy doubles the disk
 * use of a multi-GB practice session (an hour of 1080p60 is about 4–8 GB) and takes minutes on a
 * USB or spinning disk, so the video stays where it is and the library links it.
 */
export const KEEP_IN_PLACE_FROM_BYTES = 1e9;

/**
 * The storage of one video: the coach's explicit choice, or for 'auto' linked from
 * {@link KEEP_IN_PLACE_FROM_BYTES} on (copied when the size is unknown).
 */
export function clipStorageFor(choice: ClipStorageChoice, sizeBytes: number | null): ClipStorage {
  if (choice !== 'auto') return choice;
  return sizeBytes !== null && sizeBytes >= KEEP_IN_PLACE_FROM_BYTES ? 'linked' : 'copied';
}

/** "1.6 GB" / "350 MB": a size in bytes as the form shows it (decimal units, as file managers do). */
export function sizeText(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.max(1, Math.round(bytes / 1e6))} MB`;
}
