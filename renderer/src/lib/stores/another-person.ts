/**
 * "Analyse another person" on the session page: the coach clicks a person on the paused frame
 * and the same clip is analysed again for them (a new session; the request's `player_point`,
 * main/contract/player-point.ts). Pure parts: where on the picture a click lands (also the New
 * analysis preview's, PlayerPointPreview.svelte), and the job input.
 */
import { IsoDateOrDateTime } from '../../../../main/contract/fields.js';
import type { PlayerPoint } from '../../../../main/contract/player-point.js';
import type { SessionDetail } from '../../../../main/library/library-types.js';
import { containBox } from '../geometry/letterbox.js';
import { playerPointField, type AnalysisJobInput } from './analysis-form.js';

/**
 * The picture pixel under a click on a `<video object-fit: contain>`: `offsetX/Y` CSS px from the
 * element's top-left corner, the element's `clientW × clientH` CSS px, the video's `videoW × videoH`
 * pixels (as displayed). Null when the click is on the letterbox bars or the sizes are unknown.
 */
export function picturePointAt(offsetX: number, offsetY: number, clientW: number, clientH: number, videoW: number, videoH: number): { x: number; y: number } | null {
  const box = containBox(clientW, clientH, videoW, videoH);
  if (box.scale <= 0) return null;
  const x = (offsetX - box.x) / box.scale;
  const y = (offsetY - box.y) / box.scale;
  return x >= 0 && y >= 0 && x < videoW && y < videoH ? { x: Math.round(x), y: Math.round(y) } : null;
}

/**
 * Where source pixel (`x`, `y`) of a `videoW × videoH` picture shows on a `<video object-fit:
 * contain>` of `clientW × clientH` CSS px: CSS px from the element's top-left corner (the inverse
 * of {@link picturePointAt}; the preview's marker). Null when the sizes are unknown.
 */
export function pictureCssAt(x: number, y: number, clientW: number, clientH: number, videoW: number, videoH: number): { left: number; top: number } | null {
  const box = containBox(clientW, clientH, videoW, videoH);
  return box.scale > 0 ? { left: box.x + x * box.scale, top: box.y + y * box.scale } : null;
}

/**
 * The job that analyses session `d`'s clip again for the person at `point` (source pixels, `t`
 * seconds on the clip): same player, sport, swing type and capture rate, on the local engine (the
 * point is our extension: a remote service does not know it), title marked "another person".
 */
export function anotherPersonJob(d: Pick<SessionDetail, 'session' | 'player'>, point: PlayerPoint): AnalysisJobInput {
  const s = d.session;
  const recorded = IsoDateOrDateTime.safeParse(s.recordedAt);
  return {
    videoPath: s.clipPath,
    player: { id: d.player.id, name: d.player.name, dominantHand: d.player.dominantHand, heightMm: d.player.heightMm },
    sport: s.sport,
    swingType: s.swingType,
    backend: 'local',
    ...playerPointField(point),
    ...(s.captureFps !== null ? { captureFps: s.captureFps } : {}),
    title: `${(s.title || 'Session').slice(0, 180)} (another person)`,
    ...(recorded.success ? { recordedAt: recorded.data } : {}),
  };
}
