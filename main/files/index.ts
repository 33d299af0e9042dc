/**
 * The bottom-layer file helpers of main/ (only node: modules below them, so every folder,
 * engine/ included, may use them): crash-safe writes ({@link writeFileAtomic},
 * {@link writeStreamAtomic}, {@link copyFileAtomic}) and the temp naming a sweep recognises ({@link TEMP_PREFIX},
 * {@link tempPathFor}, {@link fsyncDir}). Code outside main/files imports them through this file.
 *
 * Decided: a folder of its own at the bottom of the layering (next to config/) rather than in
 * archive/, so that engine/ (below archive/) writes its pose checkpoints with the same writer.
 */
export {
  TEMP_PREFIX,
  copyFileAtomic,
  fsyncDir,
  tempPathFor,
  writeFileAtomic,
  writeStreamAtomic,
  type AtomicWriteOptions,
} from './atomic-file.js';
