/**
 * The technique `/process` stream above the NDJSON reader: `processing` lines become progress
 * events, warnings are reported as they first appear, and the stream ends in the validated
 * `done` object or a typed error (API.md "States and transitions": read until done).
 */
import { z } from 'zod';
import {
  DoneLine,
  ErrorLine,
  FailedLine,
  ProcessingLine,
  TECHNIQUE_STATUSES,
} from '../contract/technique-schema.js';
import type { PoseLimits } from '../contract/clip-limits.js';
import { checkedPoseFromJson, posePairProblem } from '../pose/pose-checks.js';
import { zodIssueText } from '../contract/zod-issues.js';
import { ApiError, TechniqueError } from './errors.js';
import { DEFAULT_MAX_LINE_BYTES, NdjsonError, readNdjson, type NdjsonOptions } from './ndjson.js';
import { DoneLinePieces, handPiecesPose, piecesPoseOf } from './done-line-pieces.js';

/** A progress event: `progress` is the share of frames done 0..1 when the server sends it. */
export interface TechniqueProgress {
  /** 1-based count of processing lines seen so far. */
  lines: number;
  progress?: number;
  /** The raw processing line (unknown extra fields kept). */
  line: z.infer<typeof ProcessingLine>;
}

/** Callbacks and limits of {@link readTechniqueStream}. */
export interface TechniqueStreamOptions extends NdjsonOptions {
  onProgress?: (p: TechniqueProgress) => void;
  /** Called once per distinct warning string, in order of first appearance. */
  onWarning?: (warning: string) => void;
  /** What the caller knows of the clip (its frame count), for the done line's pose checks. */
  pose?: PoseLimits;
  /**
   * Lines longer than this, bytes, are read in pieces (default: `maxLineBytes`, so every line
   * within the cap is read whole); at most `maxLineBytes`. The done object then has empty
   * `annotation_data` and its pose in piecesPoseOf(done).
   */
  piecesAboveBytes?: number;
}

const STATUSES: ReadonlySet<string> = new Set(TECHNIQUE_STATUSES);

/**
 * Reads technique lines until a terminal one. A line above `maxLineBytes` is read in pieces
 * (./done-line-pieces.ts) unless `longLine` says otherwise.
 * @returns the `done` line, validated by {@link DoneLine} (defaults filled, extras kept) and its
 *   pose by the pose checks (main/pose/pose-checks.ts). When it was read in pieces, its pose is
 *   the typed tracks of `piecesPoseOf(done)` and its entries' `annotation_data` are empty.
 * @throws TechniqueError for an `error` line; ApiError kind 'server' (code `technique-failed`)
 *   for a `failed` line; ApiError kind 'contract' (code `technique-invalid-line`) for a line
 *   whose known status has the wrong shape, or a done line whose pose fails the pose checks; NdjsonError `ndjson-unknown-status` for an object
 *   without a known status, `ndjson-no-terminal` when the stream ends first, and the reader's
 *   own errors.
 */
export async function readTechniqueStream(
  source: AsyncIterable<Uint8Array | string>,
  opts: TechniqueStreamOptions = {},
): Promise<DoneLine> {
  const seen = new Set<string>();
  const warn = (list: readonly string[] | undefined): void => {
    for (const w of list ?? []) {
      if (seen.has(w)) continue;
      seen.add(w);
      opts.onWarning?.(w);
    }
  };
  let lineNo = 0;
  let processing = 0;
  // Decided: a line above the cap (a long clip's done line) is read in pieces, its pose straight
  // into typed tracks (./done-line-pieces.ts); the caller finds them with piecesPoseOf(done), the
  // JSON entries then have an empty annotation_data. Lines within the cap are read whole, as before.
  const max = opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const longLine = opts.longLine ?? ((n: number) => new DoneLinePieces(n, max, opts.pose));
  const maxLineBytes = Math.min(max, opts.piecesAboveBytes ?? max);
  for await (const value of readNdjson(source, { ...opts, maxLineBytes, longLine })) {
    lineNo++;
    const status = statusOf(value);
    if (status === undefined || !STATUSES.has(status)) {
      throw new NdjsonError(
        'ndjson-unknown-status',
        `technique line ${lineNo} has no known status (got ${JSON.stringify(status ?? null)}; expected one of ${TECHNIQUE_STATUSES.join(', ')})`,
        lineNo,
      );
    }
    if (status === 'processing') {
      const line = check(ProcessingLine, value, lineNo);
      processing++;
      warn(line.warnings);
      opts.onProgress?.({
        lines: processing,
        line,
        ...(line.progress !== undefined ? { progress: line.progress } : {}),
      });
    } else if (status === 'done') {
      const done = check(DoneLine, value, lineNo);
      handPiecesPose(value as object, done);
      checkDonePose(done, lineNo, opts.pose);
      warn(done.warnings);
      return done;
    } else if (status === 'error') {
      const line = check(ErrorLine, value, lineNo);
      const errors = [...(line.error !== undefined ? [line.error] : []), ...(line.errors ?? [])];
      warn(line.warnings);
      throw new TechniqueError({
        message: `technique analysis error: ${errors.join('; ') || '(no message)'}`,
        errors,
        warnings: line.warnings ?? [],
        ...(line.uid !== undefined ? { uid: line.uid } : {}),
      });
    } else {
      const line = check(FailedLine, value, lineNo);
      warn(line.warnings);
      throw new ApiError({
        kind: 'server',
        code: 'technique-failed',
        message: `technique server failed: ${line.errors.join('; ') || '(no message)'}`,
        serverMessage: line.errors.join('; '),
      });
    }
  }
  throw new NdjsonError(
    'ndjson-no-terminal',
    `technique stream ended after ${lineNo} lines without done, error or failed`,
  );
}

function statusOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const s = (value as { status?: unknown }).status;
  return typeof s === 'string' ? s : undefined;
}

/**
 * The done line's two pose entries by the one pose check (frame count against the decode cap or
 * the clip, H36M-17, finite values, frame numbers, equal 2D and 3D frames); the tracks built for
 * the check are bounded by it (frames and joints are checked before they are allocated). The
 * typed tracks of a line read in pieces passed the same checks while it was read; only the pair is checked here.
 * @throws ApiError kind 'contract' (code `technique-invalid-line`) naming the entry and the cause.
 */
function checkDonePose(done: DoneLine, lineNo: number, limits: PoseLimits = {}): void {
  const fail = (problem: string): ApiError =>
    new ApiError({
      kind: 'contract',
      code: 'technique-invalid-line',
      message: `technique line ${lineNo} does not match the contract: ${problem}`,
    });
  const typed = piecesPoseOf(done);
  const track = (key: 'video_entry_2D_json' | 'video_entry_3D_json', dims: 2 | 3) => {
    const given = typed?.[dims === 2 ? 'pose2d' : 'pose3d'];
    if (given) return given; // checked frame by frame as it was read (./pose-track-builder.ts)
    try {
      return checkedPoseFromJson(done[key], dims, limits);
    } catch (err) {
      throw fail(`${key}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const pair = posePairProblem(track('video_entry_2D_json', 2), track('video_entry_3D_json', 3));
  if (pair) throw fail(pair);
}

/** Validates one line; a mismatch is a contract error naming the first issues. */
function check<T extends z.ZodType>(schema: T, value: unknown, lineNo: number): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw new ApiError({
    kind: 'contract',
    code: 'technique-invalid-line',
    message: `technique line ${lineNo} does not match the contract: ${zodIssueText(r.error, 3)}`,
  });
}

