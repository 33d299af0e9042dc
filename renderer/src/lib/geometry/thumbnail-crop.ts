/**
 * The part of a video frame a stroke thumbnail shows: the analysed player's box at ball contact
 * (pose track `bbox`, video pixels), padded and widened to the thumbnail's aspect, kept inside
 * the frame. In a broadcast frame the player is a tenth of the picture; a thumbnail of the whole
 * frame would show the court, not the stroke.
 */

/** A source rectangle in video pixels. */
export interface CropRect {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/** Padding around the player's box on each side, as a share of the box height (room for the racket). */
export const CROP_PAD = 0.2;

/**
 * The crop of a `videoW` × `videoH` frame for a thumbnail of `aspect` (width / height) around
 * `box` = [x, y, w, h] (video pixels): the box padded by {@link CROP_PAD} of its height on each
 * side, grown in one direction to `aspect`, centred on the box, shifted (then shrunk) to stay
 * inside the frame. The whole frame (at `aspect`, centred) when the box is missing or empty.
 */
export function thumbnailCrop(box: readonly number[] | null, videoW: number, videoH: number, aspect: number): CropRect {
  const [x, y, w, h] = box ?? [];
  const ok = [x, y, w, h].every((v) => v !== undefined && Number.isFinite(v)) && (w ?? 0) > 0 && (h ?? 0) > 0;
  let cx = videoW / 2;
  let cy = videoH / 2;
  let sw = videoW;
  let sh = videoH;
  if (ok) {
    const pad = (h as number) * CROP_PAD;
    cx = (x as number) + (w as number) / 2;
    cy = (y as number) + (h as number) / 2;
    sw = (w as number) + 2 * pad;
    sh = (h as number) + 2 * pad;
  }
  if (sw / sh < aspect) sw = sh * aspect;
  else sh = sw / aspect;
  const scale = Math.min(1, videoW / sw, videoH / sh);
  sw *= scale;
  sh *= scale;
  const sx = Math.min(Math.max(0, cx - sw / 2), videoW - sw);
  const sy = Math.min(Math.max(0, cy - sh / 2), videoH - sh);
  return { sx, sy, sw, sh };
}
