/**
 * The coach's stroke corrections from the session screen (issue 27), in one place for the
 * corrections row and the timeline's contact drag: a correction goes to main
 * (library.correctStroke: recomputed from the stored pose), the open session shows the updated
 * detail, the correction is recorded in the drawings' undo history (undo / redo put the stored
 * result before / after back), and while it runs `busy` is set; a refused one leaves its message
 * in `error` (one line under the row).
 */
import type { StrokeCorrection } from '../../../../main/library/stroke-corrections.js';
import type { TechniqueResult } from '../../../../main/contract/technique-schema.js';
import { frameAtTime } from '../../../../main/pose/frame-time.js';
import { call } from '../api.js';
import { handleError } from '../handle-error.js';
import { defaultStroke } from '../strokes/stroke-choice.js';
import { drawings } from './drawings.svelte.js';
import { playback } from './playback.svelte.js';

/** A stroke correction as the library.correctStroke channel takes it. */
export type StrokeCorrectionInput = StrokeCorrection;

/**
 * The video frame number (PoseTrack.frameNr) of the pose frame shown at `t` seconds of video
 * (frameAtTime: the last frame whose timestamp is ≤ t); null for an empty track.
 */
export function frameNrAtTime(track: { timestamps: ArrayLike<number>; frameNr: ArrayLike<number> }, t: number): number | null {
  const i = frameAtTime(track.timestamps, t);
  return i >= 0 ? (track.frameNr[i] ?? null) : null;
}

/** The corrections' shared state and actions. */
export class CoachCorrections {
  /** A correction is on its way to main (the controls are disabled). */
  busy = $state(false);
  /** The last refused correction's message ('' when none). */
  error = $state('');

  /** Applies `c` and records it for undo. @returns false when main refused it (`error` says why). */
  async apply(c: StrokeCorrectionInput): Promise<boolean> {
    this.busy = true;
    this.error = '';
    try {
      const done = await this.#correct(c);
      if (done) drawings.saved.recordStrokes({ kind: 'strokes', ...done, apply: (r) => this.#restore(r) });
      return true;
    } catch (e) {
      this.error = (e as Error).message;
      return false;
    } finally {
      this.busy = false;
    }
  }

  /**
   * Sends correction `c` for the open session and shows the updated detail: the chosen stroke
   * becomes the corrected or added one (the stroke at the correction's frame), stays for a side
   * change or a restore, and is the default stroke after a delete.
   * @returns the stored result before and after; null when no session is open or another was opened meanwhile.
   * @throws ApiError (input: a frame outside the clip, a missing stroke, a side the sport does not have)
   */
  async #correct(c: StrokeCorrectionInput): Promise<{ before: TechniqueResult; after: TechniqueResult } | null> {
    const id = playback.openId;
    if (!id) return null;
    const { detail, before, after } = await call('library.correctStroke', { id, correction: c });
    const at = 'frame' in c ? (detail.strokes ?? []).find((s) => s.contact.frameNr === c.frame)?.index : undefined;
    const shown = playback.showUpdated(id, detail, (strokes, current) =>
      at ?? (typeof current === 'number' && strokes.some((s) => s.index === current) && c.op !== 'delete-stroke' ? current : defaultStroke(strokes)),
    );
    return shown ? { before, after } : null;
  }

  /** Puts back a stored result of the open session (undo / redo of a correction). @returns false when it failed (a toast is shown). */
  async #restore(result: TechniqueResult): Promise<boolean> {
    try {
      await this.#correct({ op: 'restore', result });
      return true;
    } catch (err) {
      handleError(err, 'Could not undo or redo the stroke correction');
      return false;
    }
  }

  /**
   * Sets the chosen stroke's contact to the frame shown at `t` seconds (the end of a drag of its
   * contact mark on the timeline). Nothing when no stroke is chosen, the session has no 2D pose,
   * or the contact is already there.
   */
  async setContactAt(t: number): Promise<void> {
    const s = playback.chosenStroke;
    const track = playback.detail?.pose2d;
    const frame = track ? frameNrAtTime(track, t) : null;
    if (!s || frame === null || frame === s.contact.frameNr) return;
    await this.apply({ op: 'set-contact', strokeIndex: s.index, frame });
  }
}

/** The app's stroke corrections. */
export const coachCorrections = new CoachCorrections();
