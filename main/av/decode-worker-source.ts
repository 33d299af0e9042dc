/**
 * Source of the decode relay worker (plain CommonJS, run with `new Worker(src, { eval: true })`
 * so it needs no build step). Why a worker: tfjs inference blocks the main thread's event loop
 * for ~20-70 ms per frame; a pipe holds only 64 KiB, so ffmpeg would stall while the model runs.
 * The worker drains ffmpeg's stdout on its own event loop, cuts it into frames and posts them
 * (in SharedArrayBuffers, so the main thread and the inference workers read the same bytes
 * without a copy) with a credit window so at most `credit` frames wait in memory.
 *
 * Messages to the main thread: {type:'pid', pid} | {type:'frame', buf} | {type:'stderr', text}
 * | {type:'exit', code, error}. From the main thread: {type:'credit', n} | {type:'kill'}.
 */
export const DECODE_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const { bin, args, frameBytes, credit: initialCredit } = workerData;
let credit = initialCredit;
const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
parentPort.postMessage({ type: 'pid', pid: proc.pid });
const newFrame = () => new Uint8Array(new SharedArrayBuffer(frameBytes));
let frame = newFrame();
let filled = 0;
proc.stdout.on('data', (chunk) => {
  let off = 0;
  while (off < chunk.length) {
    const n = Math.min(frameBytes - filled, chunk.length - off);
    frame.set(chunk.subarray(off, off + n), filled);
    filled += n;
    off += n;
    if (filled === frameBytes) {
      parentPort.postMessage({ type: 'frame', buf: frame });
      frame = newFrame();
      filled = 0;
      credit--;
    }
  }
  if (credit <= 0) proc.stdout.pause();
});
proc.stderr.setEncoding('utf8');
proc.stderr.on('data', (text) => parentPort.postMessage({ type: 'stderr', text }));
proc.on('error', (e) => parentPort.postMessage({ type: 'exit', code: -1, error: String(e && e.message) }));
proc.on('close', (code) => { parentPort.postMessage({ type: 'exit', code }); parentPort.close(); });
parentPort.on('message', (m) => {
  if (m.type === 'credit') { credit += m.n; if (credit > 0) proc.stdout.resume(); }
  else if (m.type === 'kill') { proc.kill('SIGKILL'); parentPort.close(); }
});
`;
