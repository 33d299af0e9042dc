/**
 * Feature CSV: one row per feature per stroke per session, for spreadsheets (a session stored
 * before strokes, or without any, gives its features once, `stroke` empty). The header is stable
 * (FEATURES_CSV_COLUMNS) and documented in main/export/README.md; new columns are only ever
 * appended. Written with csv-stringify (RFC 4180 quoting).
 */
import { stringify } from 'csv-stringify/sync';
import { displayText } from '../contract/display-names.js';
import type { SessionDetail } from '../library/library-types.js';

/**
 * Column names, in order. Units: value in `unit`; score 0..100; event_time_s and
 * event_frame_nr on the video's own timeline. `capture_fps`: the capture frame rate the speeds
 * were measured with, frames/s (empty: none given); `time_base`: `real` when speeds and
 * durations are in real seconds (capture rate applied), `video` when on the clip's clock (the
 * clip taken as real time). `stroke`: the stroke's 1-based index in the session (issue 11),
 * `stroke_side` forehand/backhand/serve, `stroke_contact_frame_nr` its ball contact (video frame).
 */
export const FEATURES_CSV_COLUMNS = [
  'session_id',
  'player',
  'recorded_at',
  'sport',
  'swing_type',
  'feature',
  'feature_name',
  'value',
  'unit',
  'score',
  'level',
  'categories',
  'event',
  'event_time_s',
  'event_frame_nr',
  'capture_fps',
  'time_base',
  'stroke',
  'stroke_side',
  'stroke_contact_frame_nr',
] as const;

/**
 * Rows of the feature CSV for several sessions (sessions without an analysis add no rows); the
 * player name without bidirectional control characters (display-names.ts `displayText`).
 */
export function featureRows(details: readonly SessionDetail[]): (string | number)[][] {
  const rows: (string | number)[][] = [];
  for (const d of details) {
    const capture = d.analysis?.captureFps ?? null;
    const analysed = d.strokes.filter((s) => s.features.length > 0);
    const groups = analysed.length
      ? analysed.map((s) => ({ features: s.features, stroke: [s.index, s.side, s.contact.frameNr] }))
      : [{ features: d.features, stroke: ['', '', ''] }];
    for (const { features, stroke } of groups) {
      for (const f of features) {
        rows.push([
          d.session.id,
          displayText(d.player.name),
          d.session.recordedAt,
          d.session.sport,
          d.session.swingType,
          f.feature_human_readable_name,
          f.feature_name,
          f.value,
          typeof f.unit === 'string' ? f.unit : '',
          f.score,
          f.level,
          f.feature_categories.join(';'),
          f.event.name,
          f.event.timestamp,
          f.event.frame_nr,
          capture ?? '',
          capture === null ? 'video' : 'real',
          ...stroke,
        ]);
      }
    }
  }
  return rows;
}

/** The whole feature CSV (header + rows), UTF-8 text with CRLF line ends as RFC 4180 says. */
export function featuresCsv(details: readonly SessionDetail[]): string {
  return stringify([[...FEATURES_CSV_COLUMNS], ...featureRows(details)], { record_delimiter: 'windows' });
}
