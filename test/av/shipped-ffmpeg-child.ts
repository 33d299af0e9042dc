/**
 * Runs every media use of the app once with the shipped FFmpeg, in a process whose PATH holds no
 * ffmpeg/ffprobe (shipped-ffmpeg.test.ts starts it that way) and prints what it saw as JSON.
 * Usage: node --import tsx shipped-ffmpeg-child.ts <work dir> <clip>. With FFMPEG_PATH/FFPROBE_PATH set
 * in its environment the same uses run on that system CLI (main/av/cli-input.ts confines it).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { shippedFfmpegVersion } from '../../main/av/runtime.js';
import { decodeFrames, decodeSize } from '../../main/av/frame-source.js';
import { probeVideo } from '../../main/av/probe.js';
import { renderOverlayVideo } from '../../main/export/overlay-video.js';
import { extractFramePng } from '../../main/av/frame-image.js';
import { createPoseTrack } from '../../main/pose/pose-track.js';

const [work, clip] = process.argv.slice(2);
if (!work || !clip) throw new Error('usage: shipped-ffmpeg-child.ts <work dir> <clip>');

const systemFfmpeg = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v ffmpeg ffprobe'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
})();
const info = await probeVideo(clip);
let frames = 0;
let firstSum = 0;
for await (const f of decodeFrames(clip, decodeSize(info.width, info.height, 640))) {
  if (frames++ === 0) firstSum = f.rgb.reduce((a, b) => a + b, 0);
}
const png = await loadImage(await extractFramePng(clip, 10));
const track = createPoseTrack(info.frameCount, 2);
for (let f = 0; f < track.frames; f++) {
  track.present[f] = 1;
  for (let j = 0; j < track.joints; j++) {
    track.keypoints.set(
      [info.width / 2 + (j % 3) * 40, info.height / 4 + j * 40],
      (f * track.joints + j) * 2,
    );
    track.confidences[f * track.joints + j] = 0.9;
  }
}
const overlay = join(work, 'overlay.mp4');
await renderOverlayVideo({
  clipPath: clip,
  outPath: overlay,
  pose2d: track,
  width: info.width,
  height: info.height,
  fps: info.fps,
});
const out = await probeVideo(overlay);
const playlist = join(work, 'swing.mp4');
writeFileSync(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${clip}\n#EXT-X-ENDLIST\n`);
const refused = async (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );
const playlistProbe = await refused(probeVideo(playlist));
const playlistDecode = await refused(
  (async () => {
    for await (const _ of decodeFrames(playlist, { width: 64, height: 64 })) return;
  })(),
);
const playlistFrame = await refused(extractFramePng(playlist, 0));
const playlistOverlay = await refused(
  renderOverlayVideo({ clipPath: playlist, outPath: join(work, 'attack.mp4'), pose2d: track, width: info.width, height: info.height, fps: info.fps }),
);

console.log(
  JSON.stringify({
    systemFfmpeg,
    version: await shippedFfmpegVersion(),
    info,
    frames,
    firstSum,
    png: [png.width, png.height],
    overlay: out,
    playlistProbe,
    playlistDecode,
    playlistFrame,
    playlistOverlay,
  }),
);
