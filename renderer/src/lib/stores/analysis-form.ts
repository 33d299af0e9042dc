/**
 * The new-analysis form and its validation (the rules of API.md's request metadata and of the
 * contract's AnalysisJobInput: sport, swing type, dominant hand, height in mm > 0 within human
 * bounds, optional ball time ≥ 0 and inside the clip, optional capture frame rate for slow
 * motion), turned into job inputs per video.
 */
import type { ApiRequest, Player } from '../../../../preload/contract.js';
import type { Hand, Sport, SwingType } from '../../../../main/contract/technique-schema.js';
import { SWING_TYPE_LABELS, SWING_TYPE_SPORTS, SWING_TYPES } from '../../../../main/contract/technique-names.js';
import { MAX_CAPTURE_FPS } from '../../../../main/contract/capture-rate.js';
import type { PlayerPoint } from '../../../../main/contract/player-point.js';
import { heightInputToMm, type UnitSystem } from '../units.js';

/** One job input of `jobs.enqueueAnalysis`. */
export type AnalysisJobInput = ApiRequest<'jobs.enqueueAnalysis'>[number];

/** Video extensions the picker accepts (API.md endpoint 1 content types). */
export const VIDEO_EXTENSIONS = ['.mp4', '.mov', '.avi', '.webm', '.mkv'] as const;

/** Height bounds, millimetres (the contract's HeightMm: every recorded human, catches unit mistakes). */
export const HEIGHT_MM = { min: 500, max: 2800 } as const;

/** Capture frame rates offered in one click, frames/s (phones film slow motion at 120 and 240). */
export const SLOW_MOTION_CHOICES = ['120', '240'] as const;

/** The "Slow motion" control: real time, a common capture rate, or another rate typed in `captureFps`. */
export type SlowMotionChoice = 'real' | (typeof SLOW_MOTION_CHOICES)[number] | 'other';

/** The form as the inputs hold it. */
export interface AnalysisForm {
  playerMode: 'existing' | 'new';
  playerId: number | null;
  name: string;
  dominantHand: Hand;
  /** Height typed in the display unit: centimetres (metric) or inches (imperial); '' = empty. */
  height: string;
  sport: Sport;
  swingType: SwingType;
  /** Ball contact time, seconds; '' = detect automatically. */
  ballTime: string;
  backend: 'local' | 'remote';
  /** Slow motion: 'real' = the clip plays in real time (default). */
  slowMotion: SlowMotionChoice;
  /** Capture frame rate typed when slowMotion is 'other', frames/s; '' = empty. */
  captureFps: string;
  title: string;
  /** YYYY-MM-DD or ''. */
  recordedAt: string;
}

/** A fresh form. */
export function emptyForm(backend: 'local' | 'remote' = 'local'): AnalysisForm {
  return {
    playerMode: 'new',
    playerId: null,
    name: '',
    dominantHand: 'right',
    height: '',
    sport: 'tennis',
    swingType: 'forehand_drive',
    ballTime: '',
    backend,
    slowMotion: 'real',
    captureFps: '',
    title: '',
    recordedAt: '',
  };
}

/** Field name → what is wrong with it, in plain words. Empty when the form is valid. */
export type FormErrors = Partial<Record<keyof AnalysisForm | 'videos', string>>;

/** A video chosen for analysis, with its check result when known. */
export interface ChosenVideo {
  path: string;
  /** Clip duration, seconds (null when unknown). */
  durationS: number | null;
  /** False when the check found a blocking problem. */
  ok: boolean;
  /** The person the coach clicked on the preview (source pixels, seconds); the engine's own choice when absent. */
  playerPoint?: PlayerPoint;
}

/**
 * The job input's `playerPoint` field for a clicked person (source pixels x, y; t seconds on the
 * clip, clamped to ≥ 0 as the contract asks), or no field when nobody was clicked. Shared by the
 * New-analysis form and the session page's "Analyse another person" (another-person.ts).
 */
export function playerPointField(point: PlayerPoint | undefined): Pick<AnalysisJobInput, 'playerPoint'> {
  if (!point) return {};
  return { playerPoint: { x: point.x, y: point.y, ...(point.t !== undefined ? { t: Math.max(0, point.t) } : {}) } };
}

/**
 * Checks the form against the chosen videos and returns the errors, or the job inputs (one
 * per video) when there are none.
 */
export function validateForm(
  form: AnalysisForm,
  videos: readonly ChosenVideo[],
  players: readonly Player[],
  units: UnitSystem,
): { errors: FormErrors; inputs: AnalysisJobInput[] } {
  const errors: FormErrors = {};
  if (videos.length === 0) errors.videos = 'Choose at least one video.';
  else if (videos.some((v) => !v.ok)) errors.videos = 'Remove the videos that cannot be analysed.';

  let player: AnalysisJobInput['player'] | null = null;
  if (form.playerMode === 'existing') {
    const p = players.find((x) => x.id === form.playerId);
    if (!p) errors.playerId = 'Choose a player.';
    else player = { id: p.id, name: p.name, dominantHand: p.dominantHand, heightMm: p.heightMm };
  } else {
    const name = form.name.trim();
    if (!name) errors.name = 'Enter the player’s name.';
    else if (name.length > 200) errors.name = 'The name is at most 200 characters.';
    const h = Number(form.height);
    const heightMm = Math.round(heightInputToMm(h, units));
    if (form.height.trim() === '' || !Number.isFinite(h)) errors.height = 'Enter the player’s height.';
    else if (!(heightMm > 0)) errors.height = 'The height must be more than 0.';
    else if (heightMm < HEIGHT_MM.min || heightMm > HEIGHT_MM.max)
      errors.height =
        units === 'metric'
          ? `The height must be between ${HEIGHT_MM.min / 10} and ${HEIGHT_MM.max / 10} cm.`
          : `The height must be between ${Math.ceil(HEIGHT_MM.min / 25.4)} and ${Math.floor(HEIGHT_MM.max / 25.4)} inches.`;
    if (!errors.name && !errors.height) player = { name, dominantHand: form.dominantHand, heightMm };
  }

  // Decided: a swing type outside its sports is refused here, as the service's metadata schema refuses it.
  if (!SWING_TYPE_SPORTS[form.swingType].includes(form.sport)) errors.swingType = `${SWING_TYPE_LABELS[form.swingType]} is not a stroke of this sport.`;

  let ballTimestampS: number | undefined;
  if (form.ballTime.trim() !== '') {
    const t = Number(form.ballTime);
    const shortest = Math.min(...videos.map((v) => v.durationS ?? Infinity));
    if (!Number.isFinite(t) || t < 0) errors.ballTime = 'The ball time is a number of seconds, 0 or more.';
    else if (t > shortest) errors.ballTime = `The ball time is after the end of the clip (${shortest.toFixed(2)} s).`;
    else ballTimestampS = t;
  }
  let captureFps: number | undefined;
  if (form.slowMotion === 'other') {
    const c = Number(form.captureFps);
    if (form.captureFps.trim() === '' || !Number.isFinite(c) || c <= 0 || c > MAX_CAPTURE_FPS)
      errors.captureFps = `Enter the frame rate the camera recorded at (frames per second, up to ${MAX_CAPTURE_FPS}).`;
    else captureFps = c;
  } else if (form.slowMotion !== 'real') captureFps = Number(form.slowMotion);
  if (form.recordedAt && !/^\d{4}-\d{2}-\d{2}$/.test(form.recordedAt)) errors.recordedAt = 'Use a date like 2026-11-20.';
  if (form.title.length > 200) errors.title = 'The title is at most 200 characters.';

  if (Object.keys(errors).length > 0 || !player) return { errors, inputs: [] };
  const inputs = videos.map((v): AnalysisJobInput => ({
    videoPath: v.path,
    player: { ...player },
    sport: form.sport,
    swingType: form.swingType,
    backend: form.backend,
    ...(ballTimestampS !== undefined ? { ballTimestampS } : {}),
    ...(captureFps !== undefined ? { captureFps } : {}),
    ...playerPointField(v.playerPoint),
    ...(form.title.trim() ? { title: form.title.trim() } : {}),
    ...(form.recordedAt ? { recordedAt: form.recordedAt } : {}),
  }));
  return { errors, inputs };
}

/** The swing types offered for `sport` (contract SWING_TYPE_SPORTS): the drives everywhere, the serve in tennis and pickleball, the dink in pickleball. */
export function swingTypesFor(sport: Sport): SwingType[] {
  return SWING_TYPES.filter((t) => SWING_TYPE_SPORTS[t].includes(sport));
}

/** Whether a file name has one of the accepted video extensions. */
export function isVideoName(name: string): boolean {
  const lower = name.toLowerCase();
  return VIDEO_EXTENSIONS.some((e) => lower.endsWith(e));
}
