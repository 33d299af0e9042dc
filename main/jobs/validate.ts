/**
 * Checks of a job's input, once at each edge: before it is queued (CLI, IPC) and when a stored
 * job runs (a file may have gone in between): the fields against the one job input schema (main/contract/job-input.ts, the
 * same the app's IPC contract uses), then the clip on the file system: it exists and is a
 * regular, non-empty file with an extension `/process` accepts.
 */
import { statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { z } from 'zod';
import { zodIssueText } from '../contract/zod-issues.js';
import { contentTypeFor, extensionOf, PROCESS_EXTENSIONS } from '../contract/upload-rules.js';
import { AnalysisJobInputSchema, TennisJobInputSchema, type AnalysisJobInput, type TennisJobInput } from '../contract/job-input.js';

/** The input of a job is invalid; the message says which field and why. */
export class JobInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobInputError';
  }
}

/**
 * Validates a clip path for `/process` (API.md endpoint 5: .mp4, .avi, .mov, .mkv).
 * @returns the absolute path and its content type (upload-rules' VIDEO_TYPES).
 * @throws JobInputError when missing, not a file, empty or of an unsupported extension.
 */
export function checkClipFile(path: string): { path: string; contentType: string; size: number } {
  const abs = resolve(path);
  let size: number;
  try {
    const st = statSync(abs);
    if (!st.isFile()) throw new JobInputError(`${abs} is not a file`);
    size = st.size;
  } catch (err) {
    if (err instanceof JobInputError) throw err;
    throw new JobInputError(`video file not found: ${abs}`);
  }
  const ext = extensionOf(basename(abs));
  if (!(PROCESS_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new JobInputError(
      `unsupported video extension ${JSON.stringify(ext || '(none)')} of ${basename(abs)}; supported: ${PROCESS_EXTENSIONS.join(', ')}`,
    );
  }
  if (size === 0) throw new JobInputError(`video file is empty: ${abs}`);
  const contentType = contentTypeFor(basename(abs));
  if (!contentType) throw new JobInputError(`no content type for ${basename(abs)}`);
  return { path: abs, contentType, size };
}

declare const checkedAnalysis: unique symbol;

/**
 * An analysis input checked once at an edge (the CLI, an IPC call, a stored job read back):
 * fields against the schema and the clip on the file system. Inner layers (the queue's enqueue)
 * take it as it is. Decided: checked once per edge instead of at every layer (the same input was
 * parsed 3 times and its file checked 5 times along `swing-studio analyze`); a job read back
 * from the database is an edge of its own (the clip may have gone since), checked once at run time.
 */
export type CheckedAnalysisInput = AnalysisJobInput & { readonly [checkedAnalysis]: true };

/** The inputs {@link checkAnalysisInput} returned (a brand cannot be seen at run time). */
const checkedInputs = new WeakSet<object>();

/** True when `input` is one {@link checkAnalysisInput} returned (so not checked again). */
export function isCheckedAnalysisInput(input: AnalysisJobInput): input is CheckedAnalysisInput {
  return checkedInputs.has(input);
}

/**
 * Validates an analysis input (any value: a CLI's, a stored job's, the renderer's).
 * @returns the parsed input with the clip path normalised and the player name trimmed.
 * @throws JobInputError with the schema's message for the first bad field
 *   (`player.heightMm: player height must be between 500 and 2800 mm (got 100)`), or the clip
 *   check's.
 */
export function checkAnalysisInput(input: unknown): CheckedAnalysisInput {
  const parsed = parseWith(AnalysisJobInputSchema, input);
  const checked = { ...parsed, videoPath: checkClipFile(parsed.videoPath).path } as CheckedAnalysisInput;
  checkedInputs.add(checked);
  return checked;
}

/**
 * Validates a tennis task input: exactly one of videoPath (checked like a clip) or an
 * http(s) videoUrl.
 * @throws JobInputError.
 */
export function checkTennisInput(input: unknown): TennisJobInput {
  const parsed = parseWith(TennisJobInputSchema, input);
  return parsed.videoPath === undefined ? parsed : { ...parsed, videoPath: checkClipFile(parsed.videoPath).path };
}

/** `schema.parse` with its first issue as a JobInputError. */
function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw new JobInputError(zodIssueText(r.error));
  return r.data;
}
