/**
 * A session's analysis archive (API.md "Output archive": 2D/3D pose as protobuf +
 * technique_analysis.json) for the archive export and the hand-over.
 *
 * Decided: the pose is stored once, as SQLite BLOBs (ingest.ts: transactional, what the app
 * reads). A stored archive file is returned as it is (one received from a remote service or a
 * hand-over, and every analysis of a library older than this change); an analysis stored without
 * one (a local analysis) gets one derived here from its BLOBs and rows with main/archive/write.ts.
 * Nothing stored is deleted or rewritten.
 */
import { existsSync, readFileSync } from 'node:fs';
import { warningText } from '../contract/warning.js';
import { buildArchive } from '../archive/write.js';
import type { TechniqueResult } from '../contract/technique-schema.js';
import type { ReadableDb } from './db.js';
import type { SessionDetail } from './library-types.js';
import { toContractStroke } from './session-strokes.js';

/**
 * The done object an archive derived from the stored rows carries as technique_analysis.json:
 * status, uid, warnings, errors, metadata and the result (features, categories, speed series,
 * the result's other stored fields, and the strokes when the result had them).
 * @throws Error when the session has no analysis.
 */
export function storedDoneObject(db: ReadableDb, d: SessionDetail): Record<string, unknown> {
  const a = d.analysis;
  if (!a) throw new Error(`session ${d.session.id} has no analysis`);
  const extrasJson = db.prepare('SELECT result_extras_json FROM analyses WHERE id = ?').pluck().get(a.id) as string | undefined;
  const extras = JSON.parse(extrasJson ?? '{}') as Record<string, unknown>;
  // A result without strokes was stored as one stroke (session-strokes.ts): strokes go back only when it had a stroke index or several.
  const hadStrokes = extras.stroke_index !== undefined || d.strokes.length > 1;
  const result = {
    ...extras,
    features: d.features.map(({ id: _id, analysisId: _a, ...f }) => f),
    feature_categories: d.categories,
    ...(d.kineticChain ? { kinetic_chain: { speed_dict: d.kineticChain } } : {}),
    ...(d.wristSpeed ? { wrist_speed: d.wristSpeed } : {}),
    ...(hadStrokes ? { strokes: d.strokes.map(toContractStroke) } : {}),
  } as TechniqueResult;
  return {
    status: 'done',
    uid: a.uid,
    warnings: a.warnings.map(warningText), // API.md strings in technique_analysis.json
    errors: a.errors,
    result,
    metadata: { pipeline_version: a.pipelineVersion, compute_version: a.computeVersion },
  };
}

/**
 * The ZIP bytes of the session's archive: the stored file when the analysis has one (and it is
 * there), else built from the stored pose BLOBs and rows ({@link storedDoneObject}).
 * @throws Error when the session has no analysis or no stored pose; fs errors reading a stored archive.
 */
export function sessionArchiveBytes(db: ReadableDb, d: SessionDetail): Buffer {
  const a = d.analysis;
  if (!a) throw new Error(`session ${d.session.id} has no analysis`);
  if (a.archivePath && existsSync(a.archivePath)) return readFileSync(a.archivePath);
  if (!d.pose2d || !d.pose3d) throw new Error(`session ${d.session.id} has no stored pose to make its archive from`);
  return buildArchive({ pose2d: d.pose2d, pose3d: d.pose3d, analysis: storedDoneObject(db, d) });
}
