/**
 * The direct local backend across a message port: the Electron main process asks its analysis
 * utility process (main/electron/service-entry.ts) for technique analyses without HTTP. Plain
 * Node, so it runs and is tested with node:worker_threads' MessageChannel (same postMessage /
 * transfer semantics); the Electron glue only adapts MessagePortMain to {@link AnalysisPort}
 * (main/electron/analysis-port.ts).
 *
 * Messages (one analysis per `id`; several may be in flight, the serving side's engine slot
 * runs them one at a time):
 *   client → server  {type: 'analyse', id, videoPath, meta}  |  {type: 'cancel', id}
 *   server → client  {type: 'progress', id, share}  |  {type: 'warning', id, warning (contract/warning.ts Warning)}
 *                    {type: 'done', id, done, video, pose2d, pose3d}  |  {type: 'failed', id, error}
 * The pose travels as the PoseTrack's own typed arrays, their buffers in the transfer list: moved,
 * not copied, between threads; between Electron processes structured clone copies the bytes once
 * (MessagePortMain transfers only ports, electron/electron#34905). No JSON, no rounding.
 */
import { z } from 'zod';
import type { Warning } from '../contract/warning.js';
import { TechniqueRequestMetadata } from '../contract/technique-schema.js';
import { zodIssueText } from '../contract/zod-issues.js';
import { ApiError, TechniqueError } from '../api/errors.js';
import type { PoseTrack } from '../pose/pose-track.js';
import type { DirectAnalysis, DirectHooks, LocalAnalyser } from './direct.js';

/** A message port as both runtimes offer it (worker_threads MessagePort; Electron's through an adapter). */
export interface AnalysisPort {
  /** Sends `message`; the buffers in `transfer` are moved where the runtime can (else copied). */
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
  on(event: 'message', listener: (data: unknown) => void): unknown;
  /** The other side went away (its process exited or it closed the port). */
  on(event: 'close', listener: () => void): unknown;
  close(): void;
}

/** An error as it crosses the port: enough to rebuild the error the in-process analyser throws. */
interface WireError {
  name: string;
  message: string;
  /** TechniqueError's fields (an `error` outcome: no person, too little pose). */
  technique?: { errors: string[]; warnings: string[]; uid?: string };
  /** ApiError's kind (metadata refused). */
  apiKind?: 'input';
}

const ToServer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('analyse'), id: z.number().int(), videoPath: z.string().min(1), meta: TechniqueRequestMetadata, checkpointDir: z.string().min(1).optional() }),
  z.object({ type: z.literal('cancel'), id: z.number().int() }),
]);
type ToServer = z.infer<typeof ToServer>;

type ToClient =
  | { type: 'progress'; id: number; share: number }
  | { type: 'warning'; id: number; warning: Warning }
  | ({ type: 'done'; id: number } & DirectAnalysis)
  | { type: 'failed'; id: number; error: WireError };

/** The buffers of a track's arrays (each once; shared memory is never listed: it cannot be transferred). */
function trackBuffers(t: PoseTrack, into: Set<ArrayBuffer>): void {
  for (const a of [t.frameNr, t.timestamps, t.keypoints, t.confidences, t.bbox, t.boxConfidence, t.present]) {
    if (a.buffer instanceof ArrayBuffer) into.add(a.buffer);
  }
}

function toWire(err: unknown): WireError {
  if (err instanceof TechniqueError) {
    return { name: err.name, message: err.message, technique: { errors: err.errors, warnings: err.warnings, ...(err.uid !== undefined ? { uid: err.uid } : {}) } };
  }
  if (err instanceof ApiError && err.kind === 'input') return { name: err.name, message: err.message, apiKind: 'input' };
  if (err instanceof Error) return { name: err.name, message: err.message };
  return { name: 'Error', message: String(err) };
}

function fromWire(w: WireError): Error {
  if (w.technique) return new TechniqueError({ message: w.message, ...w.technique });
  if (w.apiKind) return new ApiError({ kind: w.apiKind, message: w.message });
  const e = new Error(w.message);
  e.name = w.name;
  return e;
}

/**
 * Serves `analyser` on `port` (the utility process side). Malformed messages are answered with
 * `failed` when they carry an id, and ignored otherwise. Returns a function that stops serving
 * (running analyses are aborted).
 */
export function serveAnalyserOnPort(port: AnalysisPort, analyser: LocalAnalyser): () => void {
  const running = new Map<number, AbortController>();
  const send = (m: ToClient, transfer?: ArrayBuffer[]): void => {
    try {
      port.postMessage(m, transfer);
    } catch (err) {
      // A done object that cannot be cloned still gets an answer; any other failure means the
      // client's side is gone (its process exited) and nobody waits for the answer.
      if (m.type === 'done') send({ type: 'failed', id: m.id, error: toWire(err) });
    }
  };
  const run = async (m: Extract<ToServer, { type: 'analyse' }>) => {
    const ac = new AbortController();
    running.set(m.id, ac);
    try {
      const a = await analyser.analyse(m.videoPath, m.meta, {
        signal: ac.signal,
        ...(m.checkpointDir ? { checkpointDir: m.checkpointDir } : {}),
        onProgress: (share) => send({ type: 'progress', id: m.id, share }),
        onWarning: (warning) => send({ type: 'warning', id: m.id, warning }),
      });
      const buffers = new Set<ArrayBuffer>();
      trackBuffers(a.pose2d, buffers);
      trackBuffers(a.pose3d, buffers);
      send({ type: 'done', id: m.id, ...a }, [...buffers]);
    } catch (err) {
      if (!ac.signal.aborted) send({ type: 'failed', id: m.id, error: toWire(err) });
    } finally {
      running.delete(m.id);
    }
  };
  port.on('message', (data) => {
    const m = ToServer.safeParse(data);
    if (!m.success) {
      const id = (data as { id?: unknown } | null)?.id;
      if (typeof id === 'number') send({ type: 'failed', id, error: { name: 'ApiError', message: `bad analysis request: ${zodIssueText(m.error)}`, apiKind: 'input' } });
      return;
    }
    if (m.data.type === 'cancel') running.get(m.data.id)?.abort(new Error('cancelled'));
    else void run(m.data);
  });
  const stop = () => {
    for (const ac of running.values()) ac.abort(new Error('the analysis port closed'));
  };
  port.on('close', stop);
  return stop;
}

interface Pending {
  hooks: DirectHooks;
  resolve: (a: DirectAnalysis) => void;
  reject: (e: unknown) => void;
}

/**
 * The client side: a {@link LocalAnalyser} whose analyses run at the other end of `port`.
 * Aborting `hooks.signal` rejects at once with the signal's reason and tells the server to
 * abort its run. When the port closes (the utility process exited), every pending analysis
 * rejects with an Error saying so.
 */
export function analyserOverPort(port: AnalysisPort): LocalAnalyser & { close(): void } {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;
  const end = (id: number) => pending.delete(id);
  port.on('message', (data) => {
    const m = data as ToClient;
    const p = pending.get(m.id);
    if (!p) return; // answered after a cancel
    if (m.type === 'progress') p.hooks.onProgress?.(m.share);
    else if (m.type === 'warning') p.hooks.onWarning?.(m.warning);
    else if (m.type === 'done') {
      end(m.id);
      const { type: _t, id: _i, ...analysis } = m;
      p.resolve(analysis);
    } else if (m.type === 'failed') {
      end(m.id);
      p.reject(fromWire(m.error));
    }
  });
  const failAll = (why: string) => {
    closed = true;
    for (const [id, p] of pending) {
      end(id);
      p.reject(new Error(why));
    }
  };
  port.on('close', () => failAll('the local analysis process closed its port (it stopped or crashed)'));
  return {
    analyse(videoPath, meta, hooks) {
      if (closed) return Promise.reject(new Error('the local analysis port is closed'));
      if (hooks.signal.aborted) return Promise.reject(hooks.signal.reason as Error);
      const id = nextId++;
      return new Promise<DirectAnalysis>((resolve, reject) => {
        pending.set(id, { hooks, resolve, reject });
        hooks.signal.addEventListener(
          'abort',
          () => {
            if (!pending.has(id)) return;
            end(id);
            port.postMessage({ type: 'cancel', id } satisfies ToServer);
            reject(hooks.signal.reason as Error);
          },
          { once: true },
        );
        port.postMessage({ type: 'analyse', id, videoPath, meta, ...(hooks.checkpointDir ? { checkpointDir: hooks.checkpointDir } : {}) } satisfies ToServer);
      });
    },
    close() {
      failAll('the local analysis port was closed');
      port.close();
    },
  };
}
