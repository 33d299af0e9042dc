/**
 * Contact key frames of the best and worst strokes of a summarised long session
 * (session-summary.ts): each stroke's contact frame cropped round the player, the skeleton drawn
 * with its weakest feature's joints highlighted and the analysed player's box, as the report's
 * own key frames (key-frames.ts), at most 480 px.
 */
import { frameAtTime } from '../../pose/frame-time.js';
import type { SessionDetail } from '../../library/library-types.js';
import type { PoseTrack } from '../../pose/pose-track.js';
import { renderKeyFrame } from './key-frames.js';
import { rankedStrokes, summarises, type StrokeKeyFrame } from './session-summary.js';

/** Longest side of a ranked stroke's frame, px (six of them on one page). */
const MAX_PX = 480;

/**
 * The contact key frames of the ranked strokes of `d` (none when the session is not
 * summarised). A frame that cannot be extracted (e.g. beyond what the decoder reads) is returned
 * with `png` null and the error's message, so the report is still made.
 */
export async function summaryKeyFrames(d: Pick<SessionDetail, 'strokes'> & { session: { clipPath: string }; pose2d: PoseTrack }): Promise<StrokeKeyFrame[]> {
  if (!summarises(d) || d.pose2d.frames === 0) return [];
  const { best, worst } = rankedStrokes(d.strokes);
  const out: StrokeKeyFrame[] = [];
  for (const s of [...best, ...worst]) {
    const exact = d.pose2d.frameNr.indexOf(s.contact.frameNr);
    const frame = exact >= 0 ? exact : frameAtTime(d.pose2d.timestamps, s.contact.timestamp);
    const weakest = [...s.features].sort((a, b) => a.score - b.score)[0];
    const spec = { frame, label: `Stroke ${s.index}`, highlightJoints: weakest?.highlight_joints ?? [], highlightLimbs: weakest ? Object.values(weakest.highlight_limbs) : [], playerBox: true };
    const timestamp = d.pose2d.timestamps[frame] ?? s.contact.timestamp;
    try {
      out.push({ stroke: s.index, timestamp, png: await renderKeyFrame(d.session.clipPath, d.pose2d, spec, MAX_PX, MAX_PX) });
    } catch (err) {
      out.push({ stroke: s.index, timestamp, png: null, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return out;
}
