/**
 * What the harness needs to know about each labelled clip beyond strokes.json: the sport, the
 * group of the players where the labels carry none (professional or amateur, from SOURCES.md),
 * the analysed player's height and which labelled player the engine tracks (it follows one
 * player per clip).
 */
import { DEFAULT_PLAYER_HEIGHT_MM } from '../../main/pipeline/technique-pipeline.js';
import type { Sport } from '../../main/contract/technique-schema.js';
import type { StrokeLabel } from './labels.js';

/** Who plays a stroke: labels/README.md's `group` (pro, amateur, unknown). */
export type PlayerGroup = NonNullable<StrokeLabel['group']>;

/** Harness settings of one clip. */
export interface ClipSetup {
  sport: Sport;
  /**
   * Who plays, for the strokes whose label carries no `group` (the first batch): SOURCES.md
   * (tour broadcast or a named professional) vs recreational footage. The second batch's labels
   * carry their own.
   */
  group?: 'pro' | 'amateur';
  /** Player height given to the engine, mm (published heights; the default where unknown). */
  playerHeightMm: number;
  /**
   * Text that the `player` field of the labels of the player the engine tracks contains
   * (case-insensitive). Which player the engine follows was checked by drawing its box on the
   * labelled contact frames (2026-11-23): the near woman in black in pickleball_rec_1 (frames
   * 112, 202, 250), the near-left man in olive in pickleball_broadcast_1 (frames 43, 107, 183:
   * not the woman in grey who plays 43 and 107), the near player in tennis_broadcast_1.
   * Absent: every labelled stroke of the clip is the one labelled player's (the second batch).
   */
  analysedPlayer?: string;
}

/**
 * Per clip. Heights: Djokovic 1.88 m, Federer 1.85 m, Shelton 1.93 m (ATP Tour player profiles);
 * the pickleball players and the second batch's unknown: the service's default
 * {@link DEFAULT_PLAYER_HEIGHT_MM}.
 */
export const CLIP_SETUP: Readonly<Record<string, ClipSetup>> = {
  'tennis_forehand_1.mp4': {
    sport: 'tennis',
    group: 'pro',
    playerHeightMm: 1880,
    analysedPlayer: 'djokovic',
  },
  'tennis_forehand_2.mp4': {
    sport: 'tennis',
    group: 'pro',
    playerHeightMm: 1850,
    analysedPlayer: 'federer',
  },
  'tennis_broadcast_1.mp4': {
    sport: 'tennis',
    group: 'pro',
    playerHeightMm: 1930,
    analysedPlayer: 'shelton',
  },
  'pickleball_rec_1.mp4': {
    sport: 'pickleball',
    group: 'amateur',
    playerHeightMm: DEFAULT_PLAYER_HEIGHT_MM,
    analysedPlayer: 'woman in black',
  },
  'pickleball_broadcast_1.mp4': {
    sport: 'pickleball',
    group: 'pro',
    playerHeightMm: DEFAULT_PLAYER_HEIGHT_MM,
    analysedPlayer: 'man in olive',
  },
  // Second batch (labels/README.md): one labelled player per clip, the group in each label;
  // heights unknown (the WTA player is not named): the service's default.
  'tennis_rally_pro_behind_1.mp4': { sport: 'tennis', playerHeightMm: DEFAULT_PLAYER_HEIGHT_MM },
  'tennis_serve_amateur_1.mp4': { sport: 'tennis', playerHeightMm: DEFAULT_PLAYER_HEIGHT_MM },
  'tennis_serve_coach_behind_1.mp4': { sport: 'tennis', playerHeightMm: DEFAULT_PLAYER_HEIGHT_MM },
  'tennis_serve_stock_slowmo_1.mp4': { sport: 'tennis', playerHeightMm: DEFAULT_PLAYER_HEIGHT_MM },
  'tennis_groundstrokes_stock_slowmo_1.mp4': { sport: 'tennis', playerHeightMm: DEFAULT_PLAYER_HEIGHT_MM },
  'tennis_serve_overhead_drone_1.mp4': { sport: 'tennis', playerHeightMm: DEFAULT_PLAYER_HEIGHT_MM },
  'pickleball_rally_behind_1.mp4': { sport: 'pickleball', playerHeightMm: DEFAULT_PLAYER_HEIGHT_MM },
  'pickleball_rec_outdoor_1.mp4': { sport: 'pickleball', playerHeightMm: DEFAULT_PLAYER_HEIGHT_MM },
};

/**
 * The setup of a labelled clip.
 * @throws Error when the clip has no entry (a new labelled clip needs one here).
 */
export function clipSetup(clip: string): ClipSetup {
  const s = CLIP_SETUP[clip] ?? ADDED_SETUP.get(clip);
  if (!s) throw new Error(`no harness setup for labelled clip ${clip}: add it to test/eval/clips.ts`);
  return s;
}

/** The group of a labelled stroke: its label's `group`, else its clip's (first batch), else unknown. */
export function strokeGroup(label: StrokeLabel, setup: ClipSetup): PlayerGroup {
  return label.group ?? setup.group ?? 'unknown';
}

const ADDED_SETUP = new Map<string, ClipSetup>();

/** Adds the setup of a clip from a labels file given with `--labels` (run.ts; e.g. a library's `export --format labels`). */
export function addClipSetup(clip: string, setup: ClipSetup): void {
  ADDED_SETUP.set(clip, setup);
}
