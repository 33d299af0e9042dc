/**
 * The HTTP client's edge for technique analyses: the vendor's `done` line (API.md endpoint 5),
 * validated by processVideo, parsed once into the typed analysis storing takes
 * (main/pipeline TechniqueAnalysis), with the archive's URL when the service gave one.
 */
import { analysisFromDone, type TechniqueAnalysis } from '../pipeline/index.js';
import { archiveUrlOf } from './archive-location.js';
import { piecesPoseOf } from './done-line-pieces.js';
import { processVideo, type ProcessOptions } from './process-video.js';
import type { Transport } from './transport.js';
import { TechniqueError } from './errors.js';
import { API_SWING_TYPES, isApiSwingType } from '../contract/technique-names.js';

/** A technique analysis answered over HTTP: typed, plus the `archive_url` to download (absent when none was given). */
export interface RemoteAnalysis {
  analysis: TechniqueAnalysis;
  archiveUrl?: string | undefined;
}

/**
 * Done lines above this many bytes are read in pieces by {@link analyseVideo} (16 MiB, ≈ 14,000
 * frames of pose JSON at ~1.1-1.2 KB a frame). Decided: its caller wants the typed analysis, which
 * is the same either way (test/api/done-line-pieces.test.ts), and a line read whole costs ~10×
 * its size in JSON objects (measured: 241 MiB of heap for a 24 MB line, 50 MiB in pieces), so a
 * 1 h clip's ~125 MB line would take ~1.3 GB whole. processVideo alone keeps the plain default.
 */
export const ANALYSE_PIECES_ABOVE_BYTES = 16 * 1024 * 1024;

/**
 * `POST /process` (processVideo), its done line parsed into a TechniqueAnalysis (JSON pose →
 * PoseTrack, `ball_candidates` → BallCandidates; no `video`: the caller probes the clip). A done
 * line read in pieces (above the NDJSON cap) hands over its typed tracks (piecesPoseOf).
 * @throws as processVideo; a refused extended swing type as {@link extendedTypeRefused} says.
 */
export async function analyseVideo(t: Transport, file: string, metadata: unknown, opts?: ProcessOptions): Promise<RemoteAnalysis> {
  let done: Awaited<ReturnType<typeof processVideo>>;
  try {
    done = await processVideo(t, file, metadata, { piecesAboveBytes: ANALYSE_PIECES_ABOVE_BYTES, ...opts });
  } catch (err) {
    throw extendedTypeRefused(err, metadata);
  }
  return { analysis: analysisFromDone(done, piecesPoseOf(done)), archiveUrl: archiveUrlOf(done) };
}

/**
 * A service's refusal (TechniqueError: an invalid-request answer or an `error` line) of a request
 * whose swing type is our extension (contract technique-names.ts: `serve`, `dink`, not in API.md)
 * becomes a TechniqueError that says so and names the local service, which analyses them; its
 * `errors` keep the service's own words. Any other error is returned as it is.
 * Decided: the request is still sent (a vendor may learn these types); only its refusal is explained.
 */
export function extendedTypeRefused(err: unknown, metadata: unknown): unknown {
  const type = (metadata as { swing_type?: unknown } | null)?.swing_type;
  if (!(err instanceof TechniqueError) || typeof type !== 'string' || isApiSwingType(type)) return err;
  return new TechniqueError({
    message: `The analysis service refused the swing type "${type}": API.md names only ${API_SWING_TYPES.join(' and ')}, and "${type}" is Swing Studio's own extension. Analyse it with the local service (Settings → Analysis backend → This computer). The service said: ${err.errors.join('; ') || err.message}`,
    errors: err.errors,
    warnings: err.warnings,
    ...(err.uid !== undefined ? { uid: err.uid } : {}),
    ...(err.status !== undefined ? { status: err.status } : {}),
  });
}
