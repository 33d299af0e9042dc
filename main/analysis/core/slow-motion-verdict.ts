/**
 * The slow-motion verdict of one stroke (issue 26 item 5): the ball's free flight when its arcs
 * agree on a capture rate, else the pose's cues of slow-motion.ts (`guessSlowMotion`) kept only
 * when their evidence holds, else an abstention the coach reads ('slow-motion-unknown'): an
 * abstention is better than a wrong factor. Measured: README.md "Slow motion".
 */
import { warning, type Warning } from '../../contract/warning.js';
import { guessSlowMotion, snapCaptureFps, type BallClockCue, type HandPeakRun, type SlowMotionGuess } from './slow-motion.js';

/**
 * Fewest video frames the hand's speed peak must last ({@link handPeakRun}'s width × fps) for a
 * guess: a narrower peak is a one-interval rise and fall, what a single frame's jump of the wrist
 * makes, not a swing, so its low height says nothing of the clock. Decided: set by the sampling
 * (a jump moves the speed on the one interval around it), not fitted: the same in every
 * leave-one-clip-out fold. Checked on 13 clips (4 slowed, 29 labelled strokes, README.md "Slow
 * motion"): the one peak it stops (tennis_groundstrokes_stock_slowmo_1's coach run, 1 frame,
 * guessed 8.1× for a 2.0× clip) is the one wrong whole-clip guess; the right guesses last 4.4
 * (tennis_forehand_2) and 19 frames (tennis_forehand_1 at 472).
 */
export const MIN_PEAK_FRAMES = 2;

/**
 * What the clip's clock looks like: a {@link SlowMotionGuess}, or `cannotTell` (a cue fired on
 * evidence too thin to size it), or neither (the clip reads real time).
 */
export interface SlowMotionVerdict {
  guess: SlowMotionGuess | null;
  /** The warning (code 'slow-motion-unknown') when a cue fired but the evidence cannot tell; null otherwise. */
  cannotTell: Warning | null;
}

/**
 * With `ball` (the ball's free flight, strokes/ball-clock.ts; any sport) whose arcs agree
 * ({@link ballArcsAgree}) the ball decides: a guess at the capture rate its factor snaps to, or
 * none when that is real time (the pose's cues are not asked: physics over heuristics). Arcs that
 * disagree decide nothing: the pose's cues below, else 'slow-motion-unknown'. Otherwise {@link guessSlowMotion}, kept only when its evidence holds: with the hand's speed peak `peak`
 * (video clock) lasting fewer than {@link MIN_PEAK_FRAMES} frames at `fps`, no guess and the
 * 'slow-motion-unknown' warning instead (an abstention is better than a wrong factor). Without
 * `peak` the guess is as guessSlowMotion's.
 */
export function judgeSlowMotion(s: Parameters<typeof guessSlowMotion>[0] & { peak?: HandPeakRun; ball?: BallClockCue | null | undefined }): SlowMotionVerdict {
  if (s.ball && s.fps > 0) {
    if (ballArcsAgree(s.ball, s.fps)) return { guess: ballGuess(s.ball, s), cannotTell: null };
    const pose = judgeByPose(s);
    return pose.guess || pose.cannotTell ? pose : { guess: null, cannotTell: ballDisagreesWarning(s.ball, s.fps) };
  }
  return judgeByPose(s);
}

/**
 * True when more than half of the ball's arcs snap ({@link snapCaptureFps}) to the capture rate its
 * median snaps to. Decided: arcs that disagree on the camera's rate do not make a verdict (two
 * arcs 2.26× and 1.33× in a 2.8 s cut of a real-time rally filmed from behind, the ball flying
 * along the camera axis, gave a median of 60 fps); the pose's cues are asked instead, and when
 * they say nothing the coach reads that the clip's speed could not be told. Not a fitted
 * constant: a majority over the arcs, with the camera rates' own bounds.
 */
export function ballArcsAgree(ball: BallClockCue, fps: number): boolean {
  const rate = snapCaptureFps(fps, ball.factor);
  const agree = ball.arcs.filter((a) => a > 0 && snapCaptureFps(fps, a) === rate).length;
  return agree * 2 > ball.arcs.length;
}

/** The warning (code 'slow-motion-unknown', notice) when the ball's arcs disagree ({@link ballArcsAgree}) and the pose gives no cue. */
function ballDisagreesWarning(ball: BallClockCue, fps: number): Warning {
  const rates = ball.arcs.map((a) => `${a.toFixed(1)}× (${Math.round(snapCaptureFps(fps, a))} fps)`).join(', ');
  return warning('slow-motion-unknown', 'notice', 'Could not tell whether this clip is slowed down; give the capture frame rate if it is.', {
    tip: 'If the clip is slow motion, give its capture frame rate to measure speeds and timings in real time.',
    detail: `the ball's flights disagree on the clip's speed (${rates}: no capture rate is read by most of them) and the player's motion gives no sign of slow motion; speeds and timings are measured on the video's clock`,
  });
}

/** {@link judgeSlowMotion} on the pose's cues alone (no ball, or a ball whose arcs disagree). */
function judgeByPose(s: Parameters<typeof guessSlowMotion>[0] & { peak?: HandPeakRun }): SlowMotionVerdict {
  const guess = guessSlowMotion(s);
  if (!guess || !s.peak) return { guess, cannotTell: null };
  const frames = s.peak.widthS * s.fps;
  if (frames >= MIN_PEAK_FRAMES - 1e-6) return { guess, cannotTell: null };
  return { guess: null, cannotTell: cannotTellWarning(guess, frames) };
}

/** The ball's verdict (any sport): its factor snapped to a capture rate ({@link snapCaptureFps}); null when that is the video's own (real time). */
function ballGuess(ball: BallClockCue, s: { fps: number; peakHandMps: number; leadVideoS: number }): SlowMotionGuess | null {
  const capture = snapCaptureFps(s.fps, ball.factor);
  if (capture === s.fps) return null;
  return { factor: capture / s.fps, calibrated: false, basis: 'ball_flight', suggestedCaptureFps: capture, peakHandMps: s.peakHandMps, leadVideoS: s.leadVideoS, ballArcs: ball.arcs.length, ballFactor: ball.factor };
}

/** The warning (code 'slow-motion-unknown', notice) for a guess withheld by {@link judgeSlowMotion}. */
export function cannotTellWarning(g: SlowMotionGuess, peakFrames: number): Warning {
  return warning('slow-motion-unknown', 'notice', 'Could not tell whether this clip is slowed down; give the capture frame rate if it is.', {
    tip: 'If the clip is slow motion, give its capture frame rate to measure speeds and timings in real time.',
    detail:
      `the hand moved slowly on the video's clock (peak ${g.peakHandMps.toFixed(1)} m/s, which would mean about ${g.factor.toFixed(1)}× slow motion), ` +
      `but its speed peak lasted ${peakFrames.toFixed(1)} frame${Math.abs(peakFrames - 1) < 0.05 ? '' : 's'} (fewer than ${MIN_PEAK_FRAMES}): a jump of the pose, not a swing, so the clip's speed is not guessed; speeds and timings are measured on the video's clock`,
  });
}
