/**
 * Reads a technique-analysis archive (API.md "Output archive": video_entry_2d.pb,
 * video_entry_3d.pb, technique_analysis.json) into typed-array pose tracks and the raw
 * analysis JSON. Entries are found by file name (case-insensitive, in any sub-folder). When a
 * .pb entry is absent, the JSON fallback is `video_entry_2d.json` / `video_entry_3d.json` or the
 * analysis' own `video_entry_2D_json` / `video_entry_3D_json` (proto/README.md).
 */
import { readFileSync, statSync } from 'node:fs';
import type { PoseLimits } from '../contract/clip-limits.js';
import { checkedPoseFromJson, posePairProblem } from '../pose/pose-checks.js';
import { VideoEntryJson } from '../contract/technique-schema.js';
import type { PoseTrack } from '../pose/pose-track.js';
import { ArchiveError, DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './errors.js';
import { decodePoseEntry, type KeypointLayout } from './pose-decode.js';
import { readZipEntries } from './zip-entries.js';

/** Entry names of the archive (API.md "Output archive"). */
export const ARCHIVE_ENTRIES = {
  pose2d: 'video_entry_2d.pb',
  pose3d: 'video_entry_3d.pb',
  analysis: 'technique_analysis.json',
} as const;

/** How one pose track was obtained from the archive. */
export interface PoseSourceInfo {
  /** Entry the track came from, or "technique_analysis.json#video_entry_2D_json". */
  from: string;
  /** Keypoint wire layout ('json' for the JSON fallback). */
  layout: KeypointLayout | 'json';
  /** Fields our schema does not know, skipped while decoding (e.g. "Instance.7"). */
  unknownFields: string[];
}

/** What {@link readArchive} returns. */
export interface ArchiveContents {
  pose2d: PoseTrack;
  pose3d: PoseTrack;
  /** technique_analysis.json, parsed, not validated (the vendor's shape may differ from ours). */
  analysis: Record<string, unknown>;
  info: { pose2d: PoseSourceInfo; pose3d: PoseSourceInfo };
}

/**
 * Reads an archive from a file path or from its bytes.
 * @param pose what the caller knows of the clip: `clipFrames`, its own frame count (the probe's
 *   frameCount), bounds the frames and frame numbers of both tracks (main/pose/pose-checks.ts;
 *   without it the engine's decode cap does).
 * @throws ArchiveError: `io` (file unreadable), `too-large` (file larger than the total limit),
 *   every code of readZipEntries, `missing-entry` (named), `corrupt-entry` (bad JSON, a pose that
 *   fails the pose checks, or 2D and 3D tracks of different lengths), each with one line naming
 *   the cause.
 */
export function readArchive(input: string | Buffer, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS, pose: PoseLimits = {}): ArchiveContents {
  const entries = readZipEntries(typeof input === 'string' ? readArchiveFile(input, limits) : input, limits);
  const byName = new Map<string, { name: string; data: Buffer }>();
  for (const [name, data] of entries) byName.set(baseName(name), { name, data });

  const analysisEntry = byName.get(ARCHIVE_ENTRIES.analysis);
  if (!analysisEntry) throw new ArchiveError('missing-entry', 'entry is missing from the archive', ARCHIVE_ENTRIES.analysis);
  const analysis = parseJsonObject(analysisEntry.data, analysisEntry.name);
  const p2 = readPose(byName, analysis, 2, pose);
  const p3 = readPose(byName, analysis, 3, pose);
  const pair = posePairProblem(p2.track, p3.track);
  if (pair) throw new ArchiveError('corrupt-entry', `${p2.info.from} and ${p3.info.from}: ${pair}`);
  return { pose2d: p2.track, pose3d: p3.track, analysis, info: { pose2d: p2.info, pose3d: p3.info } };
}

function readArchiveFile(path: string, limits: ArchiveLimits): Buffer {
  try {
    const size = statSync(path).size;
    if (size > limits.maxTotalBytes) throw new ArchiveError('too-large', `archive file is ${size} bytes, at most ${limits.maxTotalBytes} allowed`);
    return readFileSync(path);
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError('io', `cannot read archive ${path} (${(err as Error).message})`, undefined, { cause: err });
  }
}

function baseName(entryName: string): string {
  return (entryName.split(/[\\/]/).pop() ?? entryName).toLowerCase();
}

function parseJsonObject(data: Buffer, name: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch (err) {
    throw new ArchiveError('corrupt-entry', `not valid JSON (${(err as Error).message})`, name, { cause: err });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ArchiveError('corrupt-entry', 'is not a JSON object', name);
  }
  return value as Record<string, unknown>;
}

function readPose(
  byName: Map<string, { name: string; data: Buffer }>,
  analysis: Record<string, unknown>,
  dims: 2 | 3,
  limits: PoseLimits,
): { track: PoseTrack; info: PoseSourceInfo } {
  const pbName = dims === 2 ? ARCHIVE_ENTRIES.pose2d : ARCHIVE_ENTRIES.pose3d;
  const pb = byName.get(pbName);
  if (pb) {
    const d = decodePoseEntry(pb.data, pb.name, dims, limits);
    return { track: d.track, info: { from: pb.name, layout: d.layout, unknownFields: d.unknownFields } };
  }
  const jsonEntry = byName.get(`video_entry_${dims}d.json`);
  const key = dims === 2 ? 'video_entry_2D_json' : 'video_entry_3D_json';
  const from = jsonEntry ? jsonEntry.name : `${ARCHIVE_ENTRIES.analysis}#${key}`;
  const raw = jsonEntry ? parseJsonObject(jsonEntry.data, jsonEntry.name) : analysis[key];
  if (raw === undefined) throw new ArchiveError('missing-entry', 'entry is missing from the archive (and no JSON pose fallback)', pbName);
  const parsed = VideoEntryJson.safeParse(raw);
  if (!parsed.success) throw new ArchiveError('corrupt-entry', `JSON pose does not match API.md: ${parsed.error.issues[0]?.message ?? ''}`, from);
  try {
    return { track: checkedPoseFromJson(parsed.data, dims, limits), info: { from, layout: 'json', unknownFields: [] } };
  } catch (err) {
    throw new ArchiveError('corrupt-entry', (err as Error).message, from, { cause: err });
  }
}
