/**
 * The session's strokes as evaluation labels (issue 27 "Coach in the loop"): the format of
 * ../shared/media/labels/strokes.json (its README.md; test/eval/labels.ts reads it), so an
 * academy's corrected sessions become evaluation data (`npm run eval -- --labels F --clip PATH`).
 *
 * One clip entry, keyed by the clip's file name in the library: `fps`, `frames` (duration × fps),
 * `slow_motion_factor` (real seconds per video second: fps / capture rate, 1 in real time),
 * `slow_motion_method`, and per stroke `contact_frame` (video frame from 0), `uncertainty_frames`,
 * `player`, `hand`, `stroke` ("forehand", "backhand (two-handed)", "serve"), `contact_visible`,
 * `notes` (where the contact came from); our extras `sport` and `player_height_mm` give the
 * harness the clip's setup (test/eval/run.ts `--labels`).
 * Decided: a contact the coach set or gave as a ball time has an uncertainty of 0 frames, the
 * detector's 1 frame (the labels' usual uncertainty); `contact_visible` is true (the library does not know).
 */
import { basename } from 'node:path';
import { strokeSideWord } from '../contract/display-names.js';
import type { SessionDetail, SessionStroke } from '../library/library-types.js';

/** One stroke label (test/eval/labels.ts StrokeLabel). */
export interface StrokeLabelOut {
  contact_frame: number;
  uncertainty_frames: number;
  player: string;
  hand: 'right' | 'left' | 'unknown';
  stroke: string;
  contact_visible: boolean;
  notes: string;
}

/** The labels file: clip file name → its labels (test/eval/labels.ts StrokeLabels). */
export type StrokeLabelsOut = Record<string, { fps: number; frames: number; slow_motion_factor: number; slow_motion_method: string; strokes: StrokeLabelOut[]; notes: string; sport: string; player_height_mm: number }>;

/** The labels file's stroke words (../shared/media/labels/README.md): "serve" ("overhead" in pickleball: contract display-names.ts strokeSideWord), "forehand", "backhand (two-handed)", "dink (forehand)" for a stroke typed dink. */
function strokeText(s: SessionStroke, sport: string): string {
  if (s.swingType === 'dink' && s.side !== 'serve') return `dink (${s.side})`;
  return s.side === 'serve' ? strokeSideWord(s.side, sport) : `${s.side}${s.twoHanded ? ' (two-handed)' : ''}`;
}

/** The labels of session `d` (module doc). */
export function sessionStrokeLabels(d: SessionDetail): StrokeLabelsOut {
  const { session, player } = d;
  const factor = session.captureFps ? Math.min(1, session.fps / session.captureFps) : 1;
  return {
    [basename(session.clipPath)]: {
      fps: session.fps,
      frames: Math.max(1, Math.round(session.durationS * session.fps)),
      slow_motion_factor: factor,
      slow_motion_method: session.captureFps ? `the session's capture frame rate, ${session.captureFps} fps, in the Swing Studio library` : 'real time, as stored in the Swing Studio library',
      strokes: d.strokes.map((s) => ({
        contact_frame: s.contact.frameNr,
        uncertainty_frames: s.contactSource === 'detected' ? 1 : 0,
        player: player.name,
        hand: player.dominantHand === 'left' ? 'left' : 'right',
        stroke: strokeText(s, session.sport),
        contact_visible: true,
        notes: `session ${session.id} stroke ${s.index}: contact ${s.contactSource === 'coach' ? 'set by the coach' : s.contactSource === 'ball' ? 'from the ball time given' : 'detected'}`,
      })),
      sport: session.sport,
      player_height_mm: player.heightMm,
      notes: `exported from the Swing Studio library: session ${session.id}, ${session.sport} ${session.swingType}, ${session.recordedAt.slice(0, 10)}`,
    },
  };
}
