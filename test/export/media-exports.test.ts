/**
 * Media exports of a real analysed session: the PDF report (text, pages, key-frame images) and
 * the overlay video (same frames, duration, size and rate as the source; skeleton pixels changed,
 * the rest unchanged). Pages and images are saved under test-artifacts/export/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameRgb, probeWritten as probe } from '../support/ffmpeg-cli.js';
import { overlayRegion } from '../../main/export/overlay-video.js';
import { exportSession } from '../../main/export/session-export.js';
import { kpIndex } from '../../main/pose/pose-track.js';
import { REPO_ROOT } from '../support/media.js';
import { sessionFixture, type SessionFixture } from './session-fixture.js';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'export');
let fx: SessionFixture;
beforeAll(async () => {
  fx = await sessionFixture();
  mkdirSync(fx.out, { recursive: true });
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(() => fx?.close());

describe('session media exports', () => {
  it('pdf: every feature name and score in the text; pages and a non-blank contact frame', async () => {
    const pdf = join(fx.out, 'report.pdf');
    await exportSession(fx.db, fx.sessionId, 'pdf', pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Roger Test');
    expect(text).toContain('Capture rate: real time. Speeds and durations in seconds of the clip (29.97 fps), taken as real time');
    for (const f of fx.detail.features) {
      expect(text).toContain(f.feature_human_readable_name);
      expect(text).toContain(`${f.feature_human_readable_name} ${Math.round(f.score)}`);
    }
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf, join(ARTIFACTS, 'session-report')]);
    expect(readdirSync(ARTIFACTS).filter((n) => n.startsWith('session-report')).length).toBeGreaterThan(0);
    execFileSync('pdfimages', ['-png', pdf, join(fx.out, 'img')]);
    const images = readdirSync(fx.out).filter((n) => n.startsWith('img'));
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const name of images) {
      const img = await loadImage(readFileSync(join(fx.out, name)));
      if (img.width < 200) continue; // chart canvases and icons
      const c = createCanvas(img.width, img.height);
      const ctx = c.getContext('2d');
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, img.width, img.height).data;
      let sum = 0;
      let sq = 0;
      for (let i = 0; i < px.length; i += 4) {
        const v = (px[i]! + px[i + 1]! + px[i + 2]!) / 3;
        sum += v;
        sq += v * v;
      }
      const n = px.length / 4;
      expect(Math.sqrt(sq / n - (sum / n) ** 2)).toBeGreaterThan(10); // a photo, not a flat page
    }
  });

  it('mp4: same frames, duration, size and rate; skeleton drawn only where the skeleton is', async () => {
    const mp4 = join(fx.out, 'overlay.mp4');
    const shares: number[] = [];
    await exportSession(fx.db, fx.sessionId, 'mp4', mp4, { onProgress: (s) => shares.push(s) });
    expect(shares.at(-1)).toBe(1);
    const src = probe(fx.clipPath);
    const out = probe(mp4);
    expect(out.width).toBe(src.width);
    expect(out.height).toBe(src.height);
    expect(out.r_frame_rate).toBe(src.r_frame_rate);
    expect(out.nb_read_frames).toBe(src.nb_read_frames);
    expect(Math.abs(out.duration - src.duration)).toBeLessThan(0.05);

    const pose = fx.detail.pose2d!;
    const f = fx.detail.contact?.frameNr ?? Math.floor(pose.frames / 2);
    expect(pose.present[f]).toBe(1);
    const a = frameRgb(fx.clipPath, f);
    const b = frameRgb(mp4, f);
    const w = src.width;
    const diffAt = (x: number, y: number) => {
      const i = (Math.round(y) * w + Math.round(x)) * 3;
      return (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!)) / 3;
    };
    const drawn = [0, 8, 11, 14, 1, 4].filter((j) => (pose.confidences[f * 17 + j] ?? 0) >= 0.2);
    expect(drawn.length).toBeGreaterThan(3);
    const jointDiffs = drawn.map((j) => diffAt(pose.keypoints[kpIndex(pose, f, j)]!, pose.keypoints[kpIndex(pose, f, j) + 1]!));
    expect(Math.min(...jointDiffs)).toBeGreaterThan(40);
    const r = overlayRegion(pose, src.width, src.height);
    let total = 0;
    let count = 0;
    for (let y = 0; y < src.height; y += 7) {
      for (let x = 0; x < src.width; x += 7) {
        if (x >= r.x - 4 && x < r.x + r.w + 4 && y >= r.y - 4 && y < r.y + r.h + 4) continue;
        total += diffAt(x, y);
        count++;
      }
    }
    expect(count).toBeGreaterThan(1000);
    expect(total / count).toBeLessThan(3); // re-encoding noise only
  });
});
