/**
 * Which frames a session report shows: the start of the swing (earliest feature event), ball
 * contact, and the end of the swing (latest feature event), each with the joints of the
 * features measured there highlighted. Ball contact comes from the stored contact event, else
 * the dominant-wrist speed peak. The contact frame, the key frame, also shows the analysed
 * player's box (which person the report is about; main/pose/player-box.ts). A serve, which scores
 * no drive feature (main/analysis/technique/swing-kind.ts), shows its trophy position and
 * racket-low point (the primary stroke's serve events) around contact instead.
 */
import { frameAtTime } from '../../pose/frame-time.js';
import type { Feature } from '../../contract/technique-schema.js';
import type { SessionDetail, SessionStroke } from '../../library/library-types.js';
import type { KeyFrameSpec } from './key-frames.js';

/** Up to three key frames (fewer when events coincide), sorted by time. */
export function keyFrameSpecs(d: Pick<SessionDetail, 'pose2d' | 'contact' | 'wristSpeed'> & { features: readonly Feature[]; strokes?: readonly SessionStroke[] }): KeyFrameSpec[] {
  const pose = d.pose2d;
  if (!pose || pose.frames === 0) return [];
  const toIndex = (t: number) => frameAtTime(pose.timestamps, t);
  const events = d.features.map((f) => ({ index: toIndex(f.event.timestamp), f }));
  const contactIndex = d.contact
    ? toIndex(d.contact.timestamp)
    : typeof d.wristSpeed?.peak_index === 'number'
      ? Math.min(pose.frames - 1, d.wristSpeed.peak_index)
      : null;
  const picks = new Map<number, string>();
  if (events.length > 0) {
    const sorted = [...events].sort((a, b) => a.index - b.index);
    picks.set(sorted[0]!.index, 'Start of swing');
    picks.set(sorted[sorted.length - 1]!.index, 'End of swing');
  }
  const serve = events.length === 0 ? d.strokes?.find((s) => s.primary && s.serveStages?.length) : undefined;
  for (const [name, label] of [['trophy_position', 'Trophy position'], ['racket_low_point', 'Racket low point']] as const) {
    const e = serve?.events.find((x) => x.name === name);
    if (e) picks.set(toIndex(e.timestamp), label);
  }
  if (contactIndex !== null) picks.set(contactIndex, 'Ball contact');
  return [...picks.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([frame, label]) => {
      const here = events.filter((e) => e.index === frame).map((e) => e.f);
      return {
        frame,
        label,
        highlightJoints: [...new Set(here.flatMap((f) => f.highlight_joints))],
        highlightLimbs: here.flatMap((f) => Object.values(f.highlight_limbs)),
        ...(frame === contactIndex ? { playerBox: true } : {}),
      };
    });
}
