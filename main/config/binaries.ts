/**
 * Which FFmpeg does the media work. By default the one the app ships, in-process (main/av/:
 * node-av's FFmpeg 8.1 libraries from the platform package npm installs), so results never
 * depend on what a user has installed. A system ffmpeg/ffprobe is used only when asked:
 * FFMPEG_PATH (decode, key frames, overlay export) and FFPROBE_PATH (probe) name the binaries,
 * e.g. `FFMPEG_PATH=$(which ffmpeg)`; they must be FFmpeg ≥ 5.1 (`-fps_mode`).
 */

/** The ffmpeg binary the user asked for with FFMPEG_PATH, else undefined (the shipped FFmpeg runs in-process). */
export function ffmpegPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.FFMPEG_PATH || undefined;
}

/** The ffprobe binary the user asked for with FFPROBE_PATH, else undefined (the shipped FFmpeg probes in-process). */
export function ffprobePath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.FFPROBE_PATH || undefined;
}
