/**
 * The coach names the person to analyse (`player_point`, main/engine/README.md "Player choice"):
 * a 1.5 s cut of pickleball_broadcast_1.mp4 (from 1.0 s; doubles, the two near players stand
 * side by side: the man in green at about 573,373 px, the woman in grey at about 811,387 px of
 * the 1280×720 frame), through the real engine (fast pass only) once per point. The chosen
 * track's box contains the point on the first frame, and the other point gives the other
 * person. The cut is written to a temp folder, never into the repo.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimatePose, type PoseEstimate } from '../../main/engine/index.js';
import { playerBoxAt, type PlayerBox } from '../../main/pose/player-box.js';
import { cutRealClip } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';

const MAN = { x: 573, y: 373 };
const WOMAN = { x: 811, y: 387 };

const contains = (b: PlayerBox, p: { x: number; y: number }) => p.x >= b.x && p.x <= b.x + b.w && p.y >= b.y && p.y <= b.y + b.h;

describe('player_point on a two-person clip', () => {
  let dir: string;
  let man: PoseEstimate;
  let woman: PoseEstimate;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'player-point-'));
    const cut = join(dir, 'doubles.mp4');
    cutRealClip(mediaPath('pickleball_broadcast_1.mp4'), 1, 1.5, cut);
    man = await estimatePose(cut, { playerHeightMm: 1800, secondPass: false, playerPoint: MAN });
    woman = await estimatePose(cut, { playerHeightMm: 1700, secondPass: false, playerPoint: { ...WOMAN, t: 0 } });
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("follows the person at the point: the first frame's box contains it, not the other one", () => {
    const a = playerBoxAt(man.pose2d, 0);
    const b = playerBoxAt(woman.pose2d, 0);
    expect(a && contains(a, MAN)).toBe(true);
    expect(a && contains(a, WOMAN)).toBe(false);
    expect(b && contains(b, WOMAN)).toBe(true);
    expect(b && contains(b, MAN)).toBe(false);
  });

  it('keeps following that person: the two tracks stay apart through the cut', () => {
    const centre = (e: PoseEstimate, f: number) => {
      const b = playerBoxAt(e.pose2d, f);
      return b ? b.x + b.w / 2 : NaN;
    };
    const last = man.pose2d.frames - 1;
    expect(centre(man, last)).toBeLessThan(centre(woman, last));
  });
});
