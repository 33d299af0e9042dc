/**
 * The hand point and swing phases of one stroke: the dominant wrist, or the midpoint of both
 * wrists for two-handed backhands (swing-technique.ts analyses the result of {@link resolveSwing}).
 *
 * Backhands are judged two-handed when the wrists stay together around contact
 * (swing-input.ts `inferTwoHanded`). Contact itself depends on the hand point, so both are tried:
 * the dominant wrist's contact, and the wrist midpoint's. A two-handed stroke whose dominant
 * wrist is hidden at contact (a player seen from behind: tennis_broadcast_1 frames 61–66) has its
 * dominant-wrist contact on the recovery swing, where the hands are apart, while the midpoint's
 * contact falls in the stroke, where they are together; so the backhand is two-handed when the
 * wrists are together at either contact, and then the midpoint's phases are used. Pickleball
 * backhand drives always use the midpoint (the paddle's short handle: both hands or the
 * non-dominant hand guides it; see README.md "two-handed").
 */
import type { TechniqueRequestMetadata } from '../../contract/technique-schema.js';
import { warning, type Warning } from '../../contract/warning.js';
import { InsufficientPoseError } from '../core/index.js';
import { computeKinematics, type Kinematics } from '../core/index.js';
import { findPhases, type SwingPhases } from './phases.js';
import type { PosePair } from '../core/index.js';
import { inferTwoHanded } from '../core/index.js';

/** A stroke's kinematics (of its hand point), phases and whether it was judged two-handed. */
export interface ResolvedSwing {
  k: Kinematics;
  phases: SwingPhases;
  twoHanded: boolean;
}

/**
 * Kinematics and phases of the stroke with the right hand point (module doc).
 * @param rate samples per second of the analysis clock (timebase.ts).
 * @param warnings receives the phase warnings of the chosen hand point and, for tennis backhands,
 *   how the backhand was judged.
 * @param usable frames with the core joints measured (for the error).
 * @throws InsufficientPoseError when the hitting wrist is never measured (no contact can be found).
 */
export function resolveSwing(p: PosePair, rate: number, meta: TechniqueRequestMetadata, warnings: Warning[], usable: number): ResolvedSwing {
  const hand = meta.dominant_hand;
  const ev = { pair: p, hand, rate };
  const try_ = (point: 'dominant_wrist' | 'wrist_midpoint') => {
    const k = computeKinematics(p, rate, hand, point);
    const w: Warning[] = [];
    const phases = findPhases(k, meta.ball_timestamp, w, ev);
    return phases ? { k, phases, warnings: w } : null;
  };
  const single = try_('dominant_wrist');
  if (!single) throw new InsufficientPoseError('too little pose to analyse: the hitting wrist is never measured', usable);
  let chosen = single;
  let twoHanded = false;
  if (meta.swing_type === 'backhand_drive') {
    const both = try_('wrist_midpoint');
    twoHanded =
      meta.sport === 'pickleball' ||
      inferTwoHanded(p, single.k, single.phases.contact.index) ||
      (both !== null && inferTwoHanded(p, both.k, both.phases.contact.index));
    if (twoHanded && both) chosen = both;
    if (meta.sport !== 'pickleball') {
      warnings.push(
        twoHanded
          ? warning('backhand-hands', 'info', 'The backhand was judged two-handed.', { detail: 'backhand judged two-handed: both wrists stay together around contact' })
          : warning('backhand-hands', 'info', 'The backhand was judged one-handed.', { detail: 'backhand judged one-handed: the wrists are apart around contact' }),
      );
    }
  }
  warnings.push(...chosen.warnings);
  return { k: chosen.k, phases: chosen.phases, twoHanded };
}
