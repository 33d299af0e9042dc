/**
 * The queue's view of the library's `jobs` table (main/library/jobs.ts, migration v3): the
 * library's query functions plus the decoding of `input` and `safePoint` the queue chose
 * (the shapes: main/contract/job.ts).
 * A cancelled job is stored as `cancelled` with the reason {@link CANCELLED_REASON} (library
 * migration v4).
 */
import type { WritableDb } from '../library/db.js';
import {
  claimNext,
  enqueue,
  getJob,
  listUnfinished,
  markInterruptedOnStart,
  setState,
} from '../library/jobs.js';
import { rowToJob, type JobRow } from '../library/rows.js';
import type { Job, JobInput, JobKind, JobRecord, JobState, SafePoint } from '../contract/job.js';
import { readStoredWarning } from '../contract/warning-schema.js';

/** Stored reason of a job the coach cancelled. */
export const CANCELLED_REASON = 'cancelled by the user';

/** Fields {@link JobStore.update} may change (undefined = keep). */
export interface JobPatch {
  state?: JobState;
  reason?: string;
  sessionId?: number | null;
  safePoint?: SafePoint;
}

/** Table access of the queue. */
export class JobStore {
  constructor(private readonly db: WritableDb) {}

  /** Adds a queued job. @returns its id. */
  insert(kind: JobKind, input: JobInput): number {
    return enqueue(this.db, {
      kind,
      input,
      sessionId: 'sessionId' in input ? (input.sessionId ?? null) : null,
    }).id;
  }

  /** The job with this id, or undefined. */
  get(id: number): JobRecord | undefined {
    const j = getJob(this.db, id);
    return j ? decode(j) : undefined;
  }

  /** All jobs, newest first (at most `limit`, default 500). */
  list(limit = 500): JobRecord[] {
    const rows = this.db.prepare('SELECT * FROM jobs ORDER BY id DESC LIMIT ?').all(limit) as JobRow[];
    return rows.map((r) => decode(rowToJob(r)));
  }

  /** Jobs not in a final state, oldest first. */
  listUnfinished(): JobRecord[] {
    return listUnfinished(this.db).map(decode);
  }

  /** Moves the oldest queued job of `kind` to `uploading`, counting the attempt, atomically. */
  claimNext(kind: JobKind): JobRecord | undefined {
    const j = claimNext(this.db, { kind });
    return j ? decode(j) : undefined;
  }

  /**
   * Jobs left in uploading/analysing/storing by a process that stopped: back to queued
   * ("interrupted while <state>"), or failed after `maxAttempts` starts. @returns those changed.
   */
  recoverInterrupted(maxAttempts: number): JobRecord[] {
    return markInterruptedOnStart(this.db, { maxAttempts }).map(decode);
  }

  /**
   * Applies a patch (state, reason, session, safe point) in one UPDATE.
   * @returns the updated job. @throws LibraryError when the job is missing or already final.
   */
  update(id: number, patch: JobPatch): JobRecord {
    const cur = getJob(this.db, id);
    if (!cur) throw new Error(`no job with id ${id}`);
    const state: JobState = patch.state ?? cur.state;
    const reason = patch.state === 'cancelled' ? CANCELLED_REASON : (patch.reason ?? cur.reason);
    return decode(
      setState(this.db, id, state, {
        reason,
        ...(patch.safePoint !== undefined ? { safePoint: patch.safePoint } : {}),
        ...(patch.sessionId !== undefined ? { sessionId: patch.sessionId } : {}),
      }),
    );
  }
}

/**
 * The stored row as the queue reads it ({@link JobRecord}): a safe point that is not an object
 * reads as {}; its warnings stored as strings (before typed warnings) read as code 'legacy'.
 */
function decode(j: Job): JobRecord {
  const sp = j.safePoint;
  return {
    id: j.id,
    kind: j.kind,
    state: j.state,
    reason: j.reason,
    input: j.input as JobInput,
    sessionId: j.sessionId,
    attempts: j.attempts,
    safePoint: typeof sp === 'object' && sp !== null && !Array.isArray(sp) ? withReadWarnings(sp) : {},
    createdAt: j.createdAt,
    updatedAt: j.updatedAt,
  };
}

/** `sp` with each stored warning read by contract/warning.ts readStoredWarning (a string → 'legacy'). */
function withReadWarnings(sp: SafePoint): SafePoint {
  return Array.isArray(sp.warnings) ? { ...sp, warnings: sp.warnings.map(readStoredWarning) } : sp;
}
