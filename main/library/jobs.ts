/**
 * The job queue's table (analysis and tennis jobs) as plain query functions; the queue runner
 * (another module) drives them. States: queued → uploading → analysing → storing → done, or
 * failed or cancelled from any of them. `done`, `failed` and `cancelled` are final (the job model:
 * main/contract/job.ts). `safePoint` is the JSON the runner
 * needs to resume (e.g. presigned URLs after the upload), kept across restarts.
 */
import type { ReadableDb, WritableDb } from './db.js';
import { LibraryError } from './errors.js';
import { rowToJob, type JobRow } from './rows.js';
import {
  ACTIVE_JOB_STATES,
  FINAL_JOB_STATES,
  type Job,
  type JobKind,
  type JobState,
} from '../contract/job.js';
import type { RowId } from './library-types.js';

const JOB_STATES: readonly JobState[] = ['queued', ...ACTIVE_JOB_STATES, ...FINAL_JOB_STATES];

const now = (): string => new Date().toISOString();

function jsonOf(v: unknown, what: string): string {
  const s = JSON.stringify(v);
  if (s === undefined) throw new LibraryError('invalid-input', `${what} is not JSON-serialisable`);
  return s;
}

/** The job `id`, or null. */
export function getJob(db: ReadableDb, id: RowId): Job | null {
  const row = db.prepare('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
  return row ? rowToJob(row) : null;
}

/**
 * Adds a queued job. `input` is the runner's JSON (clip path, metadata, ...).
 * @throws LibraryError `invalid-input` (unknown kind, input not JSON).
 */
export function enqueue(
  db: WritableDb,
  job: { kind: JobKind; input: unknown; sessionId?: RowId | null },
): Job {
  if (job.kind !== 'analysis' && job.kind !== 'tennis')
    throw new LibraryError('invalid-input', `unknown job kind "${String(job.kind)}"`);
  const t = now();
  const row = db
    .prepare(
      `INSERT INTO jobs (kind, state, input_json, session_id, created_at, updated_at) VALUES (?, 'queued', ?, ?, ?, ?) RETURNING *`,
    )
    .get(job.kind, jsonOf(job.input, 'job input'), job.sessionId ?? null, t, t) as JobRow;
  return rowToJob(row);
}

/**
 * Atomically takes the oldest queued job (of `kind`, if given), moves it to `state`
 * (default 'uploading') and counts an attempt. Null when nothing is queued.
 */
export function claimNext(db: WritableDb, opts: { kind?: JobKind; state?: JobState } = {}): Job | null {
  const state = opts.state ?? 'uploading';
  if (!ACTIVE_JOB_STATES.includes(state))
    throw new LibraryError(
      'invalid-input',
      `a claimed job must become ${ACTIVE_JOB_STATES.join('|')}, not ${state}`,
    );
  return db
    .transaction((): Job | null => {
      const id = db
        .prepare(
          `SELECT id FROM jobs WHERE state = 'queued' ${opts.kind ? 'AND kind = ?' : ''} ORDER BY id LIMIT 1`,
        )
        .pluck()
        .get(...(opts.kind ? [opts.kind] : [])) as number | undefined;
      if (id === undefined) return null;
      const row = db
        .prepare(
          'UPDATE jobs SET state = ?, attempts = attempts + 1, updated_at = ? WHERE id = ? RETURNING *',
        )
        .get(state, now(), id) as JobRow;
      return rowToJob(row);
    })
    .immediate();
}

/**
 * Moves job `id` to `state`, with an optional reason (why it failed), safe point (JSON to resume
 * from; `undefined` keeps the current one) and session id.
 * @throws LibraryError `not-found`, `invalid-input` (unknown state, or the job is already final).
 */
export function setState(
  db: WritableDb,
  id: RowId,
  state: JobState,
  extra: { reason?: string; safePoint?: unknown; sessionId?: RowId | null } = {},
): Job {
  if (!JOB_STATES.includes(state))
    throw new LibraryError('invalid-input', `unknown job state "${String(state)}"`);
  return db
    .transaction((): Job => {
      const cur = getJob(db, id);
      if (!cur) throw new LibraryError('not-found', `no job with id ${id}`);
      if (FINAL_JOB_STATES.includes(cur.state))
        throw new LibraryError('invalid-input', `job ${id} is already ${cur.state}`);
      const row = db
        .prepare(
          'UPDATE jobs SET state = ?, reason = ?, safe_point_json = ?, session_id = ?, updated_at = ? WHERE id = ? RETURNING *',
        )
        .get(
          state,
          extra.reason ?? (state === 'failed' ? cur.reason : ''),
          extra.safePoint === undefined
            ? cur.safePoint === null
              ? null
              : JSON.stringify(cur.safePoint)
            : jsonOf(extra.safePoint, 'safe point'),
          extra.sessionId === undefined ? cur.sessionId : extra.sessionId,
          now(),
          id,
        ) as JobRow;
      return rowToJob(row);
    })
    .immediate();
}

/** Jobs not yet done, failed or cancelled, oldest first. */
export function listUnfinished(db: ReadableDb): Job[] {
  return (
    db
      .prepare(`SELECT * FROM jobs WHERE state NOT IN ('done', 'failed', 'cancelled') ORDER BY id`)
      .all() as JobRow[]
  ).map(rowToJob);
}

/**
 * At app start, jobs left in an active state were interrupted (the app quit or crashed): each
 * goes back to `queued` with reason "interrupted while <state>", keeping its safe point, or to
 * `failed` when it already had `maxAttempts` attempts (default 3). Returns the jobs changed.
 */
export function markInterruptedOnStart(db: WritableDb, opts: { maxAttempts?: number } = {}): Job[] {
  const max = opts.maxAttempts ?? 3;
  return db
    .transaction((): Job[] => {
      const rows = db
        .prepare(`SELECT * FROM jobs WHERE state IN ('uploading', 'analysing', 'storing') ORDER BY id`)
        .all() as JobRow[];
      const upd = db.prepare(
        'UPDATE jobs SET state = ?, reason = ?, updated_at = ? WHERE id = ? RETURNING *',
      );
      return rows.map((r) => {
        const failed = r.attempts >= max;
        const reason = failed
          ? `interrupted while ${r.state} after ${r.attempts} attempts`
          : `interrupted while ${r.state}`;
        return rowToJob(upd.get(failed ? 'failed' : 'queued', reason, now(), r.id) as JobRow);
      });
    })
    .immediate();
}
