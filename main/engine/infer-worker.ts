/**
 * Entry of one inference worker thread (started by infer-pool.ts): its own TF.js wasm backend
 * (one thread, see tf-runtime.ts) with the crop model and, when asked, multipose. Frames arrive
 * as Uint8Arrays over SharedArrayBuffers written by the decode relay (no copy); the crop is
 * resampled here (crop-input.ts), so the main thread only picks crops and keeps the track.
 *
 * Protocol (see {@link InferRequest} / {@link InferReply}): one reply per request, same id,
 * in order. First message from the worker: `{ type: 'ready' }` or `{ type: 'failed', error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { detectPeople, frameTensor, loadMoveNet, poseInCrop, type CropModel } from './movenet.js';
import type { InferReply, InferRequest, InferWorkerData } from './infer-protocol.js';

const port = parentPort;
if (!port) throw new Error('infer-worker.ts must run in a worker thread');
const { cropModel, multipose } = workerData as InferWorkerData;

async function handle(net: Awaited<ReturnType<typeof loadMoveNet>>, m: InferRequest): Promise<InferReply> {
  const frame = frameTensor(net, m.rgb, m.width, m.height);
  try {
    if (m.type === 'pose') return { id: m.id, type: 'pose', pose: await poseInCrop(net, frame, m.crop) };
    return { id: m.id, type: 'detect', people: await detectPeople(net, frame) };
  } finally {
    frame.dispose();
  }
}

try {
  const net = await loadMoveNet(cropModel as CropModel, { multipose, warmUp: !multipose }); // worker 0's first requests (detect, crop) warm it anyway
  let chain = Promise.resolve();
  port.on('message', (m: InferRequest) => {
    chain = chain.then(async () => {
      try {
        port.postMessage(await handle(net, m));
      } catch (e) {
        port.postMessage({ id: m.id, type: 'error', error: e instanceof Error ? e.message : String(e) } satisfies InferReply);
      }
    });
  });
  port.postMessage({ type: 'ready' });
} catch (e) {
  port.postMessage({ type: 'failed', error: e instanceof Error ? e.message : String(e) });
}
