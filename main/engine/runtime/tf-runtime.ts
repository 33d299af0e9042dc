/**
 * TensorFlow.js runtime for the pose engine: the WebAssembly backend (XNNPACK kernels, SIMD,
 * threads when the runtime allows them), with its .wasm binaries loaded from
 * node_modules/@tensorflow/tfjs-backend-wasm/dist/ (there is no network at run time).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cpus } from 'node:os';
import * as tf from '@tensorflow/tfjs';
import { setThreadsCount, setWasmPaths, getThreadsCount } from '@tensorflow/tfjs-backend-wasm';

const require = createRequire(import.meta.url);

let ready: Promise<typeof tf> | undefined;

/** Folder holding tfjs-backend-wasm*.wasm, with a trailing separator (setWasmPaths wants a prefix). */
export function wasmDir(): string {
  const pkgMain = require.resolve('@tensorflow/tfjs-backend-wasm');
  // main resolves to dist/tf-backend-wasm.node.js; the wasm files sit next to it.
  return join(dirname(pkgMain), '/').replace('app.asar', 'app.asar.unpacked');
}

/**
 * Initialises tfjs with the wasm backend once per process and returns the tf namespace.
 * Threads: one per core (tfjs falls back to the single-threaded SIMD build when the
 * runtime has no SharedArrayBuffer/worker support, which is the case in plain Node).
 * @throws Error when the wasm backend cannot be initialised.
 */
export function tfReady(): Promise<typeof tf> {
  ready ??= (async () => {
    setWasmPaths(wasmDir());
    setThreadsCount(Math.max(1, cpus().length));
    const ok = await tf.setBackend('wasm');
    if (!ok) throw new Error('could not initialise the TensorFlow.js wasm backend');
    await tf.ready();
    tf.enableProdMode();
    return tf;
  })();
  return ready;
}

/** Description of the active backend for logs and benchmarks, e.g. "wasm simd=true threads=1". */
export function backendInfo(): string {
  return `${tf.getBackend()} simd=${String(tf.env().getBool('WASM_HAS_SIMD_SUPPORT'))} threads=${getThreadsCount()}`;
}
