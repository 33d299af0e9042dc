/**
 * The harness' pose cache in `cached` mode (`npm run eval -- --engine KEY`): it reads an entry of
 * that engine version or fails naming what is missing, and never runs the checked-out engine
 * (whose pose would be stored under another version's key).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaPath } from '../support/media.js';
import { EVAL_DIR, fileHash, poseOf } from './pose-cache.js';

describe('pose cache, cached mode', () => {
  it('fails at once naming the clip, height, capture rate and engine version when no entry exists', async () => {
    const clip = mediaPath('balance_portrait_60fps_1.mp4');
    await expect(poseOf(clip, 1234, 'cached', 'ffffffffffffffff', 240)).rejects.toThrow(
      `no cached pose of ${clip} (height 1234 mm, capture 240 fps) by engine ffffffffffffffff`,
    );
    // No engine ran: nothing was stored under that version's key.
    expect(existsSync(join(EVAL_DIR, 'cache', `${fileHash(clip)}c240-ffffffffffffffff-1234.json`))).toBe(false);
  });
});
