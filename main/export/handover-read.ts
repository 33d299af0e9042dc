/**
 * Reading a session hand-over (main/export/handover.ts) without touching any library: ZIP limits
 * and paths (the archive reader's), the manifest, every entry's SHA-256, the analysis JSON against
 * its schema, the player and session facts by the app's input rules (handover-facts.ts), the
 * clip's hash against the analysis, the drawings against the drawing schema (version 2; a
 * version-1 hand-over has none). The archive's pose is decoded by the importer once it knows the
 * clip's frame count (handover-import.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import type { ArchiveLimits } from '../archive/errors.js';
import { readZipEntries } from '../archive/zip-entries.js';
import { zodIssueText } from '../contract/zod-issues.js';
import type { DrawingData } from '../drawings/drawing.js';
import type { RowId } from '../library/library-types.js';
import { AnalysisExport } from './analysis-json.js';
import { HandoverDrawings, HandoverManifest, sha256Hex } from './handover.js';
import { checkedHandoverFacts, type HandoverFacts } from './handover-facts.js';

/** Limits of a hand-over ZIP: few entries, the clip dominates the size (1 GiB in all). */
export const HANDOVER_LIMITS: Readonly<ArchiveLimits> = {
  maxEntries: 16,
  maxEntryBytes: 1024 ** 3,
  maxTotalBytes: 1024 ** 3,
};

/** Why an import was refused. */
export type HandoverErrorCode = 'invalid' | 'player-exists' | 'conflict';

/** A refused import; the library is unchanged. `playerId` is set for `player-exists`. */
export class HandoverError extends Error {
  override name = 'HandoverError';
  constructor(
    readonly code: HandoverErrorCode,
    message: string,
    readonly playerId?: RowId,
  ) {
    super(message);
  }
}

/** The checked entries of a hand-over. */
export interface HandoverEntries {
  manifest: HandoverManifest;
  /** analysis.json as parsed (its `analysis` is set: checked against the manifest's uid). */
  analysis: AnalysisExport & { analysis: NonNullable<AnalysisExport['analysis']> };
  /** The player and session facts by the app's input rules (claimed video facts left out). */
  facts: HandoverFacts;
  /** The clip's bytes (their SHA-256 is the analysis's clip_sha256). */
  clip: Buffer;
  /** archive.zip's bytes, not decoded yet. */
  archiveBytes: Buffer;
  drawings: DrawingData[];
}

/**
 * Reads and checks a hand-over ZIP.
 * @throws HandoverError `invalid` (size, missing entry, checksum, schema, a fact out of its rule:
 *   one line naming the entry and field), ArchiveError (unsafe or corrupt ZIP).
 */
export function readHandoverEntries(zipPath: string): HandoverEntries {
  const size = statSync(zipPath).size;
  if (size > HANDOVER_LIMITS.maxTotalBytes)
    throw new HandoverError(
      'invalid',
      `hand-over is ${size} bytes, over the ${HANDOVER_LIMITS.maxTotalBytes}-byte limit`,
    );
  const entries = readZipEntries(readFileSync(zipPath), HANDOVER_LIMITS);
  const manifestBytes = entries.get('manifest.json');
  if (!manifestBytes)
    throw new HandoverError('invalid', 'manifest.json: entry is missing from the hand-over');
  const manifest = parseWith(HandoverManifest, manifestBytes, 'manifest.json');
  const required = [
    'analysis.json',
    'archive.zip',
    manifest.clip,
    ...(manifest.version >= 2 ? ['drawings.json'] : []),
  ];
  for (const name of required) {
    const data = entries.get(name);
    if (!data) throw new HandoverError('invalid', `${name}: entry is missing from the hand-over`);
    if (manifest.sha256[name] !== sha256Hex(data))
      throw new HandoverError('invalid', `${name}: SHA-256 does not match the manifest (damaged or altered)`);
  }
  const analysis = parseWith(AnalysisExport, entries.get('analysis.json')!, 'analysis.json');
  const a = analysis.analysis;
  if (!a || a.uid !== manifest.analysis_uid)
    throw new HandoverError('invalid', 'analysis.json: analysis uid missing or different from the manifest');
  const facts = checkedHandoverFacts(analysis);
  if (typeof facts === 'string') throw new HandoverError('invalid', `analysis.json: ${facts}`);
  const clip = entries.get(manifest.clip)!;
  if (sha256Hex(clip) !== analysis.session.clip_sha256)
    throw new HandoverError('invalid', `${manifest.clip}: not the clip the analysis was made from`);
  const drawings =
    manifest.version >= 2
      ? parseWith(HandoverDrawings, entries.get('drawings.json')!, 'drawings.json').drawings
      : [];
  return {
    manifest,
    analysis: { ...analysis, analysis: a },
    facts,
    clip,
    archiveBytes: entries.get('archive.zip')!,
    drawings,
  };
}

/** `bytes` as JSON checked by `schema`. @throws HandoverError `invalid` naming the entry and the first issue. */
function parseWith<T>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  bytes: Buffer,
  name: string,
): T {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new HandoverError('invalid', `${name}: not valid JSON`);
  }
  const r = schema.safeParse(json);
  if (!r.success) throw new HandoverError('invalid', `${name}: ${zodIssueText(r.error)}`);
  return r.data;
}
