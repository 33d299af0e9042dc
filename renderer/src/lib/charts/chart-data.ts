/**
 * Turns a session's kinetic chain (hip, shoulder, wrist speeds) and wrist speed into the
 * kinetic chart's series on the video timeline, in display units.
 */
import type { SessionDetail, SessionStroke } from '../../../../preload/contract.js';
import { sampleTimes } from '../../../../main/pose/frame-time.js';
import { toDisplay, type UnitSystem } from '../units.js';
import type { ChartData, ChartSeries } from './kinetic-chart.js';

/** Series colours: hip, shoulder, wrist (kinetic chain), wrist speed. */
const COLOURS = { hip: '#4e9cff', shoulder: '#37c882', wrist: '#ff8a3d', wristSpeed: '#e05cff' } as const;

/** A speed series as the contract holds it. */
interface SeriesIn {
  plot_values?: number[] | undefined;
  peak_index?: number | undefined;
  unit?: string | undefined;
}

/**
 * The series' peaks and the contact line of a stroke that is not the primary one (issue 11): its
 * kinetic-chain peaks (clip frames, `SessionStroke.kineticChain`) and its contact; the wrist
 * speed series has no per-stroke peak, so it shows none. Null for the primary stroke or none.
 */
function strokeMarks(stroke: SessionStroke | null | undefined): { peaks: Record<string, number | undefined>; contactTime: number } | null {
  if (!stroke || stroke.primary) return null;
  const kc = stroke.kineticChain;
  return { peaks: { Hip: kc?.hip.peak_index, Shoulder: kc?.shoulder.peak_index, Wrist: kc?.wrist.peak_index }, contactTime: stroke.contact.timestamp };
}

/** Index of clip frame `frameNr` among `n` samples: its pose frame when the series has one value per pose frame, else the frame itself; −1 when absent. */
function sampleOfFrame(frameNr: number | undefined, n: number, frameNrs: ArrayLike<number> | null): number {
  if (frameNr === undefined) return -1;
  if (frameNrs && frameNrs.length === n) return Array.from(frameNrs).indexOf(frameNr);
  return frameNr;
}

/**
 * The chart data of a session in `units` (m/s → mph when imperial), or null when the session
 * has neither a kinetic chain nor a wrist speed series. Series of other lengths than the first
 * are cut or padded with null (a gap) to the same length (uPlot needs aligned data). With a
 * chosen `stroke` other than the primary one, the peaks and contact line are that stroke's
 * (the series span the whole clip).
 */
export function buildChartData(detail: SessionDetail, units: UnitSystem, stroke?: SessionStroke | null): ChartData | null {
  const kc = detail.kineticChain;
  const raw: { label: string; s: SeriesIn; colour: string; defaultUnit: string }[] = [];
  if (kc) {
    raw.push({ label: 'Hip', s: kc.hip, colour: COLOURS.hip, defaultUnit: 'deg/s' });
    raw.push({ label: 'Shoulder', s: kc.shoulder, colour: COLOURS.shoulder, defaultUnit: 'deg/s' });
    raw.push({ label: 'Wrist', s: kc.wrist, colour: COLOURS.wrist, defaultUnit: 'm/s' });
  }
  const ws = detail.wristSpeed;
  if (ws?.plot_values?.length) raw.push({ label: 'Wrist speed', s: ws, colour: COLOURS.wristSpeed, defaultUnit: 'm/s' });
  const marks = strokeMarks(stroke);
  const withValues = raw.filter((r) => (r.s.plot_values?.length ?? 0) > 0);
  const first = withValues[0];
  if (!first) return null;
  const n = first.s.plot_values?.length ?? 0;
  const times = sampleTimes(n, detail.pose2d?.timestamps ?? null, detail.session.fps);
  const linUnit = toDisplay(1, 'm/s', units).unit;
  const series: ChartSeries[] = withValues.map(({ label, s, colour, defaultUnit }) => {
    const unit = s.unit ?? defaultUnit;
    const axis = unit.startsWith('deg') ? 'rot' : 'lin';
    const values = Array.from({ length: n }, (_, i) => {
      const v = s.plot_values?.[i];
      return v === undefined || !Number.isFinite(v) ? null : axis === 'lin' ? toDisplay(v, unit, units).value : v;
    });
    const peak = marks ? sampleOfFrame(marks.peaks[label], n, detail.pose2d?.frameNr ?? null) : (s.peak_index ?? -1);
    return { label, values, peakIndex: peak >= 0 && peak < n ? peak : -1, axis, colour };
  });
  return { times, series, linUnit, contactTime: marks ? marks.contactTime : (detail.contact?.timestamp ?? null) };
}
