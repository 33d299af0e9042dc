/**
 * Text tables of the CLI (cli-table3): the features of an analysed session and session lists.
 * Colours are off so output is the same in a terminal and in a pipe. Stored names and titles are
 * shown without bidirectional control characters (display-names.ts `displayText`).
 */
import Table from 'cli-table3';
import { foldRepeated, repeatedText } from '../contract/warning.js';
import { captureRateText } from '../contract/capture-rate.js';
import { displayText, strokeSideWord, unscoredStrokeWord } from '../contract/display-names.js';
import { isApiSwingType } from '../contract/technique-names.js';
import type { SessionDetail, SessionStroke, SessionSummary } from '../library/library-types.js';
import { viewLabel, viewLabelWithHeading } from '../contract/camera-view-label.js';
import { analysedPlayerText, type PlayerBox } from '../pose/player-box.js';
import { FEATURES } from '../analysis/index.js';
import { rankedStrokes, summarises, wasAnalysed } from '../export/report/session-summary.js';

/** The drive features' names (analysis FEATURES): a serve leaves them all out, and one warning says so. */
const DRIVE_FEATURE_NAMES: ReadonlySet<string> = new Set(FEATURES.map((f) => f.name));

const PLAIN = {
  style: { head: [], border: [] },
  chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
};

/** Score with one decimal, or '-' when missing. */
function score(n: number | null | undefined): string {
  return n === null || n === undefined ? '-' : n.toFixed(1);
}

/** Value with up to 3 significant decimals and its unit. */
function valueText(v: number, unit: string | null | undefined): string {
  const text = Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);
  return unit ? `${text} ${unit}` : text;
}

/**
 * Which clock the speeds are on: the capture rate (real time), or real time when none was given;
 * when the clip looks slowed (its speeds left out, main/analysis/slow-motion.ts), that and the
 * option that measures them.
 */
function speedsText(d: SessionDetail): string {
  const capture = d.analysis?.captureFps ?? null;
  const guess = d.analysis?.slowMotionGuess;
  if (capture === null && guess) {
    return `not scored: the clip looks slowed down about ${guess.factor.toFixed(1)}× (give --capture-fps ${guess.suggestedCaptureFps} to measure them in real time)`;
  }
  return `${captureRateText(capture, d.session.fps)}${capture ? ', in real time' : ''}`;
}

/**
 * The feature table of a session: feature, value (with unit), score 0..100, level; then the
 * category averages, the strokes of the clip when there are several (number, side, contact time,
 * overall score, camera view; * marks the stroke the table shows), the overall score and the
 * session id. The line "Camera: filmed from behind (heading 168°)" gives the shown stroke's view
 * (left out for a stroke without one: stored before views were estimated, or none estimated).
 * `analysed`, when given, adds which person was analysed (their box on the key frame, source px).
 * A serve adds its events (frames) and its unscored values ({@link serveLines}).
 */
/**
 * A tennis serve's lines (the shown stroke's serve events and values; issue 28): "Serve events:
 * toss_release 17, trophy_position 26, …" (video frames), "Serve values (not scored): Hand
 * speed at contact 9.0 m/s, …" and "Serve values not measured: Shoulder tilt at the trophy
 * position: filmed side-on, …; …" (the stroke's left-out values other than the drive features,
 * which a warning names together); none for other strokes.
 */
export function serveLines(d: SessionDetail): string[] {
  const s = d.strokes.find((x) => x.primary && x.serveStages?.length);
  if (!s) return [];
  const values = (s.serveMeasures ?? []).map((m) => `${displayText(m.human)} ${valueText(m.value, m.unit)}${m.reference ? ` (published mean ${m.reference.mean}${m.reference.sd !== undefined ? ` ± ${m.reference.sd}` : ''})` : ''}`);
  const missing = s.leftOut.filter((l) => !DRIVE_FEATURE_NAMES.has(l.feature_name)).map((l) => `${displayText(l.feature_human_readable_name)}: ${displayText(l.reason)}`);
  return [
    `Serve events: ${s.events.map((e) => `${e.name} ${e.frame_nr}`).join(', ')}`,
    ...(values.length ? [`Serve values (not scored): ${values.join(', ')}`] : []),
    ...(missing.length ? [`Serve values not measured: ${missing.join('; ')}`] : []),
  ];
}

/**
 * The strokes of a long session in one line, as the PDF summarises them (export/report/
 * session-summary.ts: from 21 strokes on): how many of each side, how many analysed, the best and
 * worst 3 by overall score, and the stroke the table shows when it is neither ("Strokes: 300
 * (180 forehands, 120 backhands), 200 analysed; best: 12 forehand 45.20 s (88.1), …; worst: …;
 * shown: 40* forehand …; every stroke: --json").
 */
function strokesSummaryLine(d: SessionDetail, item: (s: SessionStroke) => string): string {
  const counts = new Map<string, number>();
  for (const s of d.strokes) {
    const w = strokeSideWord(s.side, d.session.sport);
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const sides = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([w, n]) => `${n} ${w}${n === 1 ? '' : 's'}`);
  const analysed = d.strokes.filter(wasAnalysed).length;
  const { best, worst } = rankedStrokes(d.strokes);
  const ranked = best.length ? `; best: ${best.map(item).join(', ')}${worst.length ? `; worst: ${worst.map(item).join(', ')}` : ''}` : '';
  const shown = d.strokes.find((s) => s.primary && !best.includes(s) && !worst.includes(s));
  return `Strokes: ${d.strokes.length} (${sides.join(', ')}), ${analysed} analysed${ranked}${shown ? `; shown: ${item(shown)}` : ''}; every stroke: --json`;
}

/**
 * The text a coach reads after an analysis (main/cli/README.md "analyze"): the session line,
 * speeds, the shown stroke's camera view and analysed player (`analysed`, when known), the feature
 * table (or why there is none), serve lines, category averages, the strokes (summarised from
 * 21 on, as the PDF) with their consistency, the overall score, then the warnings, repeated ones folded
 * (main/contract/warning.ts `foldRepeated`). Lines joined with "\n".
 */
export function featureTable(d: SessionDetail, analysed?: PlayerBox | null): string {
  const t = new Table({ head: ['Feature', 'Value', 'Score', 'Level'], colAligns: ['left', 'right', 'right', 'left'], ...PLAIN });
  for (const f of d.features) t.push([displayText(f.feature_human_readable_name), `${valueText(f.value, f.unit)}${typeof f.uncertainty === 'number' ? ` ± ${Math.round(f.uncertainty)}` : ''}`, score(f.score), f.level]);
  const lines = [
    `Session ${d.session.id}: ${displayText(d.player.name)}, ${d.session.sport} ${d.session.swingType}, recorded ${d.session.recordedAt}`,
    `Speeds: ${speedsText(d)}`,
    ...(d.strokes.length > 0 ? [`Camera: ${viewLabelWithHeading(d.strokes.find((s) => s.primary)?.cameraView)}`] : []),
    ...(analysed ? [analysedPlayerText(analysed)] : []),
    d.features.length > 0
      ? t.toString()
      : isApiSwingType(d.session.swingType)
        ? d.strokes.length > 0
          ? `(no features: ${d.strokes.length === 1 ? 'the stroke is' : `${d.strokes.length} strokes are`} marked at ${d.strokes.map((s) => `${s.contact.timestamp.toFixed(2)} s`).join(', ')}, but the player's body was not measured well enough to score technique; see the warnings)`
          : '(no features: the engine found no swing to measure)'
        : `(no features: drive features are not scored for a ${d.session.swingType}; its events are in the session)`,
    ...serveLines(d),
  ];
  const cats = Object.entries(d.categories);
  if (cats.length > 0) lines.push(`Categories: ${cats.map(([name, c]) => `${name} ${score(c.average_score)}`).join(', ')}`);
  if (d.strokes.length > 1) {
    const item = (s: SessionStroke) => `${s.index}${s.primary ? '*' : ''} ${strokeSideWord(s.side, d.session.sport)} ${s.contact.timestamp.toFixed(2)} s (${s.overallScore === null ? unscoredStrokeWord(s) : score(s.overallScore)}${s.cameraView?.view ? `; ${viewLabel(s.cameraView.view)}` : ''})`;
    lines.push(summarises(d) ? strokesSummaryLine(d, item) : `Strokes: ${d.strokes.map(item).join(', ')}`);
    const spread = d.consistency.filter((c) => c.n > 1 && c.cv !== null).map((c) => `${c.feature} CV ${(c.cv! * 100).toFixed(0)} %`);
    if (spread.length > 0) lines.push(`Consistency over ${Math.max(...d.consistency.map((c) => c.n))} strokes: ${spread.join(', ')}`);
  }
  lines.push(`Overall score: ${score(d.analysis?.overallScore)}   Session id: ${d.session.id}`);
  for (const r of foldRepeated(d.analysis?.warnings ?? [])) lines.push(`${r.warning.severity}: ${displayText(repeatedText(r))}`);
  return lines.join('\n');
}

/** The session list: id, player, date, sport, swing type, overall score, title (names and titles through `displayText`). */
export function sessionListTable(rows: readonly SessionSummary[]): string {
  if (rows.length === 0) return '(no sessions)';
  const t = new Table({ head: ['Id', 'Player', 'Recorded', 'Sport', 'Swing', 'Score', 'Title'], colAligns: ['right', 'left', 'left', 'left', 'left', 'right', 'left'], ...PLAIN });
  for (const s of rows) t.push([String(s.id), displayText(s.playerName), s.recordedAt.slice(0, 16).replace('T', ' '), s.sport, s.swingType, score(s.overallScore), displayText(s.title)]);
  return t.toString();
}
