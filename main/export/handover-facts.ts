/**
 * The facts a hand-over claims about its player and session, held to the same rules as every
 * other way into the library (main/contract/fields.ts: player name, hand, height, notes; the
 * recording date; sport and swing type; title, notes and tags; capture frame rate), and the
 * video facts the import measures itself.
 *
 * Decided (issue 25): the clip's duration, frame rate and size are not taken from analysis.json
 * at all. The import probes the clip it stores (main/av/probe.ts), so those four come from
 * the probe, silently: a claim that disagrees is simply not used (the clip is the one the analysis
 * was made from, its SHA-256 checked; main/library/ingest.ts `clipFacts`).
 * Every other fact is refused, with one line naming the field, when it breaks its rule.
 */
import { z } from 'zod';
import {
  CaptureFps,
  HandInput,
  HeightMm,
  IsoDateOrDateTime,
  NotesText,
  PlayerName,
  SessionTags,
  SessionTitle,
  SportInput,
  SwingTypeInput,
  zodIssueText,
} from '../contract/fields.js';
import type { IngestSession } from '../library/ingest.js';
import type { NewPlayer } from '../library/library-types.js';
import type { AnalysisExport } from './analysis-json.js';

/** The player and session facts of analysis.json, checked by the app's input rules (extra fields dropped). */
const HandoverFactsSchema = z.object({
  player: z.object({ name: PlayerName, dominant_hand: HandInput, height_mm: HeightMm, notes: NotesText }),
  session: z.object({
    recorded_at: IsoDateOrDateTime,
    sport: SportInput,
    swing_type: SwingTypeInput,
    title: SessionTitle,
    notes: NotesText,
    tags: SessionTags,
    capture_fps: CaptureFps.nullable().optional(),
  }),
});

/** The checked facts: the player to create or merge, and the session without its clip facts. */
export interface HandoverFacts {
  player: NewPlayer;
  session: Omit<IngestSession, 'sourceClipPath' | 'durationS' | 'fps' | 'width' | 'height'>;
}

/**
 * The player and session facts of a hand-over's analysis.json by the rules of fields.ts.
 * @returns the facts (names and tags trimmed as those rules do), or one line naming the first
 *   field that breaks its rule (`session.notes: notes are at most 20000 characters`).
 */
export function checkedHandoverFacts(a: Pick<AnalysisExport, 'player' | 'session'>): HandoverFacts | string {
  const r = HandoverFactsSchema.safeParse({ player: a.player, session: a.session });
  if (!r.success) return zodIssueText(r.error);
  const { player: p, session: s } = r.data;
  return {
    player: { name: p.name, dominantHand: p.dominant_hand, heightMm: p.height_mm, notes: p.notes },
    session: {
      recordedAt: s.recorded_at,
      sport: s.sport,
      swingType: s.swing_type,
      ...(s.capture_fps ? { captureFps: s.capture_fps } : {}),
      title: s.title,
      notes: s.notes,
      tags: s.tags,
    },
  };
}
