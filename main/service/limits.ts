/**
 * Load caps of the local service, answered before any body is read, with `Retry-After` (RFC 9110
 * §10.2.3) so a client backs off instead of piling work up:
 *  - 503 when the engine's waiting lines are full: MAX_QUEUED_TASKS tennis tasks queued, or
 *    MAX_WAITING_PROCESS `/process` requests already waiting for the engine;
 *  - 429 when MAX_UPLOADS_IN_FLIGHT uploads (storage PUTs and `/process` bodies) are being received.
 * Figures: one analysis of a 3-10 s clip takes 30-120 s (API.md "Limits"), so 100 queued tasks
 * are ~1-3 h of work and 4 waiting /process requests up to ~8 min; 4 uploads of up to 2 GiB at
 * once is 8 GiB of temp files at most.
 */
import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-util.js';

/** Queued tennis tasks accepted; more get 503. */
export const MAX_QUEUED_TASKS = 100;
/** /process requests waiting for the engine; more get 503. */
export const MAX_WAITING_PROCESS = 4;
/** Uploads received at the same time; more get 429. */
export const MAX_UPLOADS_IN_FLIGHT = 4;
/** Retry-After of the 503s and 429s, seconds (about one analysis). */
export const RETRY_AFTER_S = 60;

/**
 * Longest wait of a `/process` request for the engine, ms: 15 min, then its stream ends with a
 * `failed` line saying the engine is busy and since when (process-route.ts).
 * Decided: a bounded wait, not an interrupted task. Before issue 29 a running task was itself
 * bounded by 15 min; a task on a long rally video may now hold the engine for hours
 * (task-budget.ts), and interrupting it would cost it the re-decode of the clip up to its last
 * pose checkpoint each time (≈ 0.44 CPU-s per video-s: 13 CPU-min at the 30th minute of a video),
 * so a stream of /process requests could starve it. 15 min keeps what a coach could wait before:
 * the four /process requests ahead (MAX_WAITING_PROCESS × 30-120 s) and a short task.
 */
export const PROCESS_MAX_WAIT_MS = 15 * 60_000;

/**
 * While a `/process` request waits for the engine, a `processing` line (progress 0) every 30 s, ms:
 * the client sees the request is alive, and its idle timeout (the app's is 300 s,
 * main/api/process-video.ts) does not cut the wait off silently.
 */
export const PROCESS_WAIT_HEARTBEAT_MS = 30_000;

/** @throws HttpError 503 with Retry-After when `count` has reached `max`. */
export function requireRoom(count: number, max: number, what: string): void {
  if (count >= max) throw new HttpError(503, `Busy: ${what}; try again later`, { 'Retry-After': String(RETRY_AFTER_S) });
}

/**
 * Idle timeout of an upload body, ms: a client that sends nothing for 60 s is cut off (uploads
 * have no total deadline: 2 GiB over a slow link takes long, but it keeps sending).
 */
export const UPLOAD_IDLE_TIMEOUT_MS = 60_000;

/** Counts uploads in flight and cuts off idle ones; refuses past MAX_UPLOADS_IN_FLIGHT. */
export class UploadGate {
  private n = 0;
  /** Uploads being received now. */
  get inFlight(): number {
    return this.n;
  }
  constructor(
    private readonly max = MAX_UPLOADS_IN_FLIGHT,
    private readonly idleMs = UPLOAD_IDLE_TIMEOUT_MS,
  ) {}

  /**
   * Runs `receive` (which reads `req`'s body) as one upload in flight; the socket is destroyed when
   * no byte arrives for `idleMs` (the read then fails and `receive` rejects).
   * @throws HttpError 429 with Retry-After when `max` uploads are being received already.
   */
  async run<T>(req: IncomingMessage, receive: () => Promise<T>): Promise<T> {
    if (this.n >= this.max) {
      throw new HttpError(429, `Too many uploads at once (at most ${this.max}); try again later`, { 'Retry-After': String(RETRY_AFTER_S) });
    }
    this.n++;
    const socket = req.socket;
    const onIdle = (): void => void socket.destroy(new Error(`upload idle for ${this.idleMs / 1000} s`));
    socket.setTimeout(this.idleMs, onIdle);
    try {
      return await receive();
    } finally {
      this.n--;
      // setTimeout(0) alone keeps the listener: on a kept-alive connection every upload would
      // leave one more (MaxListenersExceededWarning after 11), each destroying the socket later.
      socket.setTimeout(0);
      socket.removeListener('timeout', onIdle);
    }
  }
}
