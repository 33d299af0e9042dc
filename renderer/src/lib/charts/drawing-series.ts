/**
 * The chart lines of drawings the coach put on the chart ("add to chart"): each one's value
 * (degrees: an angle, or a line's inclination) at every sample time of the chart, read from
 * the pose frame shown at that time (`frameAtTime`), on the chart's angle axis.
 */
import type { Drawing } from '../../../../main/drawings/drawing.js';
import { valueAt } from '../../../../main/drawings/geometry.js';
import { frameAtTime } from '../../../../main/pose/frame-time.js';
import { type PoseTrack } from '../../../../main/pose/pose-track.js';
import { drawingLabel } from '../drawings/drawing-labels.js';
import type { ChartSeries } from './kinetic-chart.js';

/** Series of the drawings with `onChart`, sampled at `times` (seconds on the video timeline). */
export function drawingChartSeries(list: readonly Drawing[], pose: PoseTrack | null, times: readonly number[]): ChartSeries[] {
  if (!pose || pose.frames === 0) return [];
  const frames = times.map((t) => frameAtTime(pose.timestamps, t));
  return list
    .filter((d) => d.onChart)
    .map((d) => ({
      label: drawingLabel(d),
      values: frames.map((f) => valueAt(d, pose, f)),
      peakIndex: -1,
      axis: 'ang' as const,
      colour: d.colour,
    }));
}
