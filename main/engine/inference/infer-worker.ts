/**
 * Entry of one inference worker thread (started by infer-pool.ts): the crop model and, when
 * asked, multipose, on this thread's runtime (runtime-select.ts: ONNX Runtime with
 * `threads` intra-op threads, or the TF.js WASM fallback). Frames arrive as Uint8Arrays over
 * SharedArrayBuffers written by the decode relay (no copy); the crop is resampled here
 * (crop-input.ts), so the main thread only picks crops and keeps the track.
 *
 * Protocol (see {@link InferRequest} / {@link InferReply}): one reply per request, same id,
 * in order. First message from the worker: {@link InferReady} or `{ type: 'failed', error }`.
 * `{ type: 'close' }` ends the thread once the model load and the run in progress are done:
 * ONNX Runtime aborts the whole process when a thread is terminated while one of its native
 * calls is in flight (seen as "terminate called after throwing an instance of 'Napi::Error'").
 */
import { parentPort, workerData } from 'node:worker_threads';
import { landmarksInCrop } from './landmark-models.js';
import { detectPeople, loadMoveNet, poseInCrop, type CropModel, type MoveNet } from './movenet.js';
import type { InferClose, InferProviderFallback, InferReady, InferReply, InferRequest, InferWorkerData } from './infer-protocol.js';
import { onProviderFallback } from '../runtime/index.js';

const port = parentPort;
if (!port) throw new Error('infer-worker.ts must run in a worker thread');
const { cropModel, multipose, threads } = workerData as InferWorkerData;

async function handle(net: MoveNet, m: InferRequest): Promise<InferReply> {
  if (m.type === 'landmarks') return { id: m.id, type: 'landmarks', result: await landmarksInCrop(m.model, threads, m.source, m.crop, m.flip) };
  if (m.type === 'pose') return { id: m.id, type: 'pose', pose: await poseInCrop(net, m, m.crop) };
  return { id: m.id, type: 'detect', people: await detectPeople(net, m) };
}

onProviderFallback((reason) => port.postMessage({ type: 'provider-fallback', reason } satisfies InferProviderFallback));
const netP = loadMoveNet(cropModel as CropModel, { multipose, warmUp: !multipose, threads }); // worker 0's first requests (detect, crop) warm it anyway
let chain: Promise<unknown> = netP.then(
  (net) => port.postMessage({ type: 'ready', runtime: net.runtime, fallbackWarning: net.fallbackWarning, provider: net.provider } satisfies InferReady),
  (e: unknown) => port.postMessage({ type: 'failed', error: e instanceof Error ? e.message : String(e) }),
);
let closing = false;
port.on('message', (m: InferRequest | InferClose) => {
  if (m.type === 'close') {
    closing = true;
    void chain.finally(() => process.exit(0)); // in a worker thread, ends this thread only
    return;
  }
  chain = chain.then(async () => {
    if (closing) return;
    try {
      port.postMessage(await handle(await netP, m));
    } catch (e) {
      port.postMessage({ id: m.id, type: 'error', error: e instanceof Error ? e.message : String(e) } satisfies InferReply);
    }
  });
});
