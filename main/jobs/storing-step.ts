/**
 * The `storing` step of an analysis job: takes the typed analysis (main/pipeline
 * TechniqueAnalysis: the direct backend's as the pipeline made it, or a remote done line parsed at
 * the HTTP client's edge), stages the archive (downloaded from the done line's archive URL when the
 * server gave one; kept as received), probe the clip for the session facts (unless the
 * direct local backend handed over the engine's probe), keep the upright copy of a picture the
 * engine analysed turned upright (VideoInfo.turned, main/av writeUprightCopy) as the clip, make a playable
 * H.264 copy when the app cannot play the clip (main/library/playback-proxy.ts, progress as the
 * `playback-copy` step), and hand everything to the library's ingestAnalysis (files first, then
 * one transaction: see main/library/ingest.ts); then the proxy is stored with the clip
 * (main/library/proxies.ts) and the session's contact-frame thumbnail made (main/library/thumbnail.ts).
 */
import { DEFAULT_ARCHIVE_LIMITS } from '../archive/errors.js';
import { statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { ApiClient } from '../api/client.js';
import type { TechniqueAnalysis } from '../pipeline/index.js';
import type { TechniqueRequestMetadata } from '../contract/technique-schema.js';
import { probeVideo, writeUprightCopy } from '../av/index.js';
import { LibraryError } from '../library/errors.js';
import { clipFacts, ingestTechniqueAnalysis } from '../library/ingest.js';
import { setCaptureFps } from '../library/recompute.js';
import { playbackProxyFor } from '../library/playback-proxy.js';
import { storePlaybackProxy } from '../library/proxies.js';
import { hashClip, storedClipFile } from '../library/linked-clips.js';
import { makeSessionThumbnail } from '../library/thumbnail.js';
import type { JobContext } from './job-context.js';
import type { AnalysisJobInput } from '../contract/job.js';
import { warning } from '../contract/warning.js';

/** What {@link storeAnalysis} needs. */
export interface StoreAnalysisInput {
  ctx: JobContext;
  /** The backend's client, to download `archiveUrl`; absent on the direct local backend (no URL). */
  client?: ApiClient;
  input: AnalysisJobInput;
  /** The typed analysis; its `video` (the engine's probe, direct backend) spares the probe here. */
  analysis: TechniqueAnalysis;
  /** The done line's `archive_url` (HTTP backends), downloaded and kept as received. */
  archiveUrl?: string | undefined;
  /** Folder for the downloaded archive (removed by the queue when the job ends). */
  stagingDir: string;
  /** Seconds spent uploading and analysing (null when not measured). */
  timings: { uploadS: number | null; analysisS: number | null };
  /** The technique metadata sent (kept with the analysis for a recompute from the stored pose). */
  request?: TechniqueRequestMetadata;
}

/**
 * Stores the analysis as a new session.
 * @returns the session id (the existing one if this uid was stored before).
 * @throws ApiError (archive download), VideoProbeError (clip unreadable), LibraryError, fs errors.
 */
export async function storeAnalysis(s: StoreAnalysisInput): Promise<number> {
  const { ctx, client, input, analysis, archiveUrl } = s;
  const started = Date.now();
  let archivePath: string | undefined;
  if (client && archiveUrl) {
    archivePath = join(s.stagingDir, 'archive.zip');
    await client.download(archiveUrl, archivePath, {
      signal: ctx.signal,
      maxBytes: DEFAULT_ARCHIVE_LIMITS.maxTotalBytes, // the most readArchive accepts (512 MiB)
      onProgress: (bytes, total) => ctx.progress({ share: total ? 0.5 * (bytes / total) : 0, bytes, ...(total ? { totalBytes: total } : {}) }),
    });
  }
  // The clip's one probe of this analysis (main/av/README.md "One probe"): the engine's (direct backend) or this one.
  const probed = analysis.video ?? (await probeVideo(input.videoPath, ctx.signal));
  // A picture the engine analysed turned upright (VideoInfo.turned) is stored as its upright copy:
  // the session plays, overlays, exports and thumbnails the picture the pose was measured on.
  const turned = probed.turned;
  const clipPath = turned ? join(s.stagingDir, 'upright.mp4') : input.videoPath;
  if (turned) await writeUprightCopy(input.videoPath, clipPath, turned, { signal: ctx.signal, onFrame: (n) => ctx.progress({ share: Math.min(0.99, n / Math.max(1, probed.frameCount)), step: 'playback-copy' }) });
  const { turned: _turned, ...video } = turned ? { ...probed, rotation: 0 } : probed;
  // A clip the app's Chromium cannot decode gets a playable H.264 copy, made before anything is stored.
  const proxy = await playbackProxyFor(clipPath, s.stagingDir, {
    video,
    signal: ctx.signal,
    onProgress: (share) => ctx.progress({ share, step: 'playback-copy' }),
  });
  // Kept in place: hashed here, asynchronously, so the synchronous ingest does not block on a multi-GB file.
  const clipHash = input.clipStorage === 'linked' && !turned ? await hashClip(clipPath) : undefined;
  ctx.signal.throwIfAborted();
  if (input.clipStorage === 'linked' && turned) ctx.warn(warning('clip-copied-upright', 'info', 'The video was copied into the library instead of kept in place, because it is stored turned upright.'));
  const p = input.player;
  const sessionId = ingestTechniqueAnalysis(ctx.db, {
    player: p.id ?? { name: p.name, dominantHand: p.dominantHand, heightMm: p.heightMm },
    session: {
      sourceClipPath: clipPath,
      // Kept in place when asked; a clip stored as its upright copy is that copy, in the library.
      ...(clipHash ? { clipStorage: 'linked' as const, clipHash } : {}),
      recordedAt: input.recordedAt ?? statSync(input.videoPath).mtime.toISOString(),
      sport: input.sport,
      swingType: input.swingType,
      ...clipFacts(video),
      ...(input.captureFps !== undefined ? { captureFps: input.captureFps } : {}),
      title: input.title ?? basename(input.videoPath, extname(input.videoPath)),
    },
    analysis,
    ...(archivePath ? { archivePath } : {}),
    backend: input.backend,
    timings: { ...s.timings, storeS: (Date.now() - started) / 1000 },
    ...(s.request ? { request: s.request } : {}),
  });
  // A service that did not apply the capture rate (the remote one is not sent it): measure in
  // real time here, from the stored pose (main/library/recompute.ts).
  // A pose the local analysis cannot measure keeps the service's result (the session keeps the rate).
  if (input.captureFps !== undefined && analysis.result.capture_fps !== input.captureFps) {
    try {
      setCaptureFps(ctx.db, sessionId, input.captureFps);
    } catch (err) {
      if (!(err instanceof LibraryError && err.code === 'invalid-input')) throw err;
      ctx.warn(warning('capture-rate-not-applied', 'warning', "The capture frame rate could not be applied, so speeds are on the video's clock.", { detail: `speeds stay on the video's clock: ${err.message}` }));
    }
  }
  if (proxy) {
    // Keyed by the stored clip's name (`<sha256>.<ext>`), also for a linked clip whose own name differs.
    const clipFile = storedClipFile(ctx.db, sessionId);
    if (clipFile !== null) storePlaybackProxy(ctx.db, clipFile, proxy.path, proxy.reason);
  }
  // The library card's picture; a clip whose contact frame cannot be decoded keeps the card's fallback.
  await makeSessionThumbnail(ctx.db, sessionId, ctx.signal).catch((err: unknown) => {
    if (!ctx.signal.aborted) ctx.warn(warning('no-thumbnail', 'info', 'No picture was made for the library card.', { detail: `no thumbnail was made: ${err instanceof Error ? err.message : String(err)}` }));
  });
  return sessionId;
}
