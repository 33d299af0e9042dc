/**
 * The HTTP client's edge for technique analyses: the vendor's `done` line (API.md endpoint 5),
 * validated by processVideo, parsed once into the typed analysis storing takes
 * (main/pipeline TechniqueAnalysis), with the archive's URL when the service gave one.
 */
import { analysisFromDone, type TechniqueAnalysis } from '../pipeline/index.js';
import { archiveUrlOf } from './archive-location.js';
import { processVideo, type ProcessOptions } from './process-video.js';
import type { Transport } from './transport.js';

/** A technique analysis answered over HTTP: typed, plus the `archive_url` to download (absent when none was given). */
export interface RemoteAnalysis {
  analysis: TechniqueAnalysis;
  archiveUrl?: string | undefined;
}

/**
 * `POST /process` (processVideo), its done line parsed into a TechniqueAnalysis (JSON pose →
 * PoseTrack, `ball_candidates` → BallCandidates; no `video`: the caller probes the clip).
 * @throws as processVideo.
 */
export async function analyseVideo(t: Transport, file: string, metadata: unknown, opts?: ProcessOptions): Promise<RemoteAnalysis> {
  const done = await processVideo(t, file, metadata, opts);
  return { analysis: analysisFromDone(done), archiveUrl: archiveUrlOf(done) };
}
