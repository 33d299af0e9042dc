/**
 * A slowed clip measured in real time. A 2.5 s cut of tennis_broadcast_1.mp4 (25 fps, real time:
 * labels/strokes.json) around Shelton's forehand (ball contact at frame 127 ±1 of the source,
 * labelled by eye) is re-timed at test time with the system ffmpeg to play 4× slower
 * (`setpts=4*PTS`, every frame kept: 6.25 fps). Both files are encoded losslessly (x264 -qp 0),
 * so the engine sees the same images. The slowed clip analysed with its capture frame rate
 * (capture_fps = 25) must give the original's real-time speeds (peak wrist speed, pelvis and
 * trunk rotation speeds) within 5 %, at the same frames, with its timestamps 4× the original's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TechniqueRequestMetadata, TechniqueResult } from '../../main/contract/technique-schema.js';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';
import { testFfmpeg, testFfprobe } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';

/** Slowing factor of the re-timed clip (video seconds per real second). */
const SLOW = 4;
/** Ball contact of the forehand, frame of the 25 fps source (labels/strokes.json) and the cut's start, s. */
const CONTACT_FRAME = 127;
const CUT_START_S = 3.88;
const CUT_S = 2.5;
/** Ben Shelton: left-handed, 1.93 m (ATP profile). */
const META: TechniqueRequestMetadata = { uid: 'slowed', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'left', player_height_mm: 1930 };
/** Rotation speeds (the hand's peak is read from the wrist_speed series: the feature is left out when the wrist is unmeasured at contact). */
const SPEED_FEATURES = ['pelvis_rotation_speed', 'trunk_rotation_speed'];

const dir = mkdtempSync(join(tmpdir(), 'slowed-clip-'));
let original: { result: TechniqueResult; frames: number };
let slowed: { result: TechniqueResult; frames: number };

function ffmpeg(args: string[]): void {
  execFileSync(testFfmpeg(), ['-v', 'error', '-y', ...args]);
}

async function analyse(path: string, meta: TechniqueRequestMetadata): Promise<{ result: TechniqueResult; frames: number }> {
  const out = await techniquePipeline.analyseTechnique(path, meta, { signal: new AbortController().signal });
  if (out.kind !== 'done') throw new Error(`${path} could not be analysed: ${out.message}`);
  return { result: out.result, frames: out.pose2d.frames };
}

beforeAll(async () => {
  const cut = join(dir, 'cut.mp4');
  const slow = join(dir, 'slow.mp4');
  ffmpeg(['-ss', String(CUT_START_S), '-i', mediaPath('tennis_broadcast_1.mp4'), '-t', String(CUT_S), '-an', '-c:v', 'libx264', '-qp', '0', '-preset', 'veryfast', cut]);
  ffmpeg(['-i', cut, '-vf', `setpts=${SLOW}*PTS`, '-fps_mode', 'passthrough', '-an', '-c:v', 'libx264', '-qp', '0', '-preset', 'veryfast', slow]);
  original = await analyse(cut, META);
  slowed = await analyse(slow, { ...META, capture_fps: 25 });
}, 900_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(`a real clip slowed ${SLOW}× with its capture frame rate given`, () => {
  it('plays at 6.25 fps with every frame of the cut', () => {
    const rate = execFileSync(testFfprobe(), ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=r_frame_rate', '-of', 'csv=p=0', join(dir, 'slow.mp4')], { encoding: 'utf8' }).trim();
    expect(rate).toBe('25/4');
    expect(slowed.frames).toBe(original.frames);
    expect(original.frames).toBeGreaterThanOrEqual(62);
    expect(slowed.result.capture_fps).toBe(25);
    expect(slowed.result.slow_motion_guess).toBeUndefined();
  });

  it('finds the same stroke: the same events, at 4× the video time', () => {
    const byName = new Map(slowed.result.features.map((f) => [f.feature_name, f]));
    const contact = original.result.features.find((f) => f.event.name === 'ball_contact')!;
    expect(Math.abs(contact.event.frame_nr - (CONTACT_FRAME - Math.round(CUT_START_S * 25)))).toBeLessThanOrEqual(2);
    for (const f of original.result.features) {
      const s = byName.get(f.feature_name);
      expect(s, f.feature_name).toBeDefined();
      expect(s!.event.frame_nr, f.feature_name).toBe(f.event.frame_nr);
      expect(s!.event.timestamp, f.feature_name).toBeCloseTo(SLOW * f.event.timestamp, 2);
    }
  });

  it('gives the same real-time speeds within 5 % (peak hand speed, pelvis and trunk rotation speeds)', () => {
    // Filmed from behind (broadcast), the rotation speeds are not scored (camera-view.ts) but still
    // measured: their series' peaks are compared; a scored speed feature is compared as well.
    for (const seg of ['hip', 'shoulder'] as const) {
      const [o, s] = [original.result.kinetic_chain!.speed_dict[seg].peak_speed, slowed.result.kinetic_chain!.speed_dict[seg].peak_speed];
      expect(o, seg).toBeGreaterThan(0);
      expect(Math.abs(s - o) / Math.abs(o), seg).toBeLessThanOrEqual(0.05);
    }
    for (const name of SPEED_FEATURES) {
      const o = original.result.features.find((f) => f.feature_name === name);
      const s = slowed.result.features.find((f) => f.feature_name === name);
      expect(s === undefined, name).toBe(o === undefined);
      if (o) expect(Math.abs(s!.value - o.value) / Math.abs(o.value), name).toBeLessThanOrEqual(0.05);
    }
    const [o, s] = [original.result.wrist_speed!, slowed.result.wrist_speed!];
    expect(o.peak_speed!).toBeGreaterThan(3); // a full drive in real time, m/s
    expect(Math.abs(s.peak_speed! - o.peak_speed!) / o.peak_speed!).toBeLessThanOrEqual(0.05);
    expect(s.peak_index).toBe(o.peak_index);
  });
});
