/**
 * Media I/O of Swing Studio, the one door to main/av/ (main/av/README.md): every other folder
 * imports media functions from here. Five jobs: probe a clip (once per analysis), decode its
 * frames, take one frame as an image, paint and encode a video, and decide whether the app's
 * Chromium plays a clip. FFmpeg is the shipped one, in-process; FFMPEG_PATH / FFPROBE_PATH select
 * a system CLI (main/config/binaries.ts).
 */

// Probe ---------------------------------------------------------------------------------------

/**
 * `probeVideo(pathOrUrl, signal?, { timeoutMs? })` → {@link VideoInfo}: the one probe of a clip
 * (displayed size px, fps, duration s, frame count, codec, rotation deg, container and pixel
 * format for playability). @throws VideoProbeError; MediaRuntimeError; the signal's reason.
 * `videoInfoFromProbe(json)` parses ffprobe's `-show_streams -show_format` JSON ({@link ProbeJson}).
 */
export { probeVideo, videoInfoFromProbe, type ProbeJson, type VideoInfo } from './probe.js';

/**
 * The clip cannot be probed (VideoProbeError, `detail` = reason without the message prefix) or
 * decoded / encoded (VideoDecodeError); the shipped FFmpeg cannot load (MediaRuntimeError).
 */
export { VideoDecodeError, VideoProbeError } from './errors.js';
/** The shipped FFmpeg could not be loaded (missing platform package). */
export { MediaRuntimeError } from './runtime.js';

// Frames --------------------------------------------------------------------------------------

/**
 * `decodeFrames(path, size, signal?)`: the decoded frame source (RGB24 {@link DecodedFrame}s at
 * `decodeSize(width, height, maxSide)` pixels, upright, each with its time in s on the video's
 * own timeline), capped at 3 h / 648,000 frames (ClipTooLongError past it: main/contract/clip-limits.ts).
 * `liveDecodeWorkers()`: CLI relay workers alive (tests).
 */
export { decodeFrames, decodeSize, liveDecodeWorkers } from './frame-source.js';
/**
 * `refuseLongClip(video)`: throws ClipTooLongError (a VideoDecodeError, one line naming the
 * clip's length and the cap) when the probe says the clip is longer than the decode caps; call it
 * before decoding.
 */
export { ClipTooLongError, refuseLongClip } from './decode-limits.js';
/** One decoded frame (index, timestamp s, width × height px, RGB24 bytes). `decodeFramesInProcess`: the in-process decoder alone (no CLI path, no cap). */
export { decodeFramesInProcess, type DecodedFrame } from './decode.js';
/** `readAhead(gen, depth)`: keeps `depth` pulls of a frame generator in flight; `frameReadAhead()`: the engine's depth (SWING_READ_AHEAD, default 4). */
export { frameReadAhead, readAhead } from './read-ahead.js';

// Frame images --------------------------------------------------------------------------------

/**
 * `extractFramePng(path, frameNr, signal?, size?)`: frame `frameNr` (0-based decode order) as PNG
 * at the displayed size (given size: no probe); in-process it seeks to the key frame before it and
 * decodes forward to its pts (about one GOP wherever the frame is). `frameImageData(frame)`: a decoded frame as
 * canvas ImageData (RGBA).
 */
export { extractFramePng, frameImageData } from './frame-image.js';

// Paint and encode ----------------------------------------------------------------------------

/**
 * `paintAndEncode(opts)`: decode → paint on each frame → libx264 MP4, one output frame per source
 * frame (overlay export, playback proxy). `writeUprightCopy(clip, out, turn)`: the upright copy of a
 * picture turned without a tag (VideoInfo.turned). `encodeCanvasFrames(opts)`: a video whose every frame
 * is drawn on a canvas at a given rate (side-by-side comparison).
 */
export { paintAndEncode, writeUprightCopy, type PaintEncodeOptions } from './paint-encode.js';
export { encodeCanvasFrames, type CanvasEncodeOptions } from './frame-encode.js';
/** Arguments and failure text of a system ffmpeg (FFMPEG_PATH): the same input whitelists as the in-process path. */
export { cliClipInput, cliFailureReason } from './cli-input.js';

// Playability ---------------------------------------------------------------------------------

/**
 * `chromiumPlayback(facts)`: whether the app's Chromium plays a clip (or why not);
 * `playbackFacts(videoInfo)`: those facts from the clip's one probe (no second read).
 */
export { chromiumPlayback, playbackFacts, type PlaybackFacts, type PlaybackVerdict } from './chromium-playable.js';
