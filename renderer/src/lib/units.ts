/**
 * Display units. Values are stored metric (m, m/s, mm, deg); the coach may choose imperial,
 * which shows m/s as mph, m as ft and mm heights as ft + in. Conversion factors are exact by
 * definition of the international yard (1 ft = 0.3048 m, 1 mile = 1609.344 m).
 */

/** The unit system of the settings. */
export type UnitSystem = 'metric' | 'imperial';

/** Feet per metre (1 / 0.3048). */
export const FT_PER_M = 1 / 0.3048;
/** Miles per hour per metre per second (3600 / 1609.344). */
export const MPH_PER_MPS = 3600 / 1609.344;

/** A value ready to show: the number in the display unit and that unit's label. */
export interface DisplayValue {
  value: number;
  unit: string;
}

/**
 * Converts `value` in `unit` (as stored: "m/s", "m", "mm", "deg", "deg/s", "s", "%", "ratio"
 * or none) to the display unit of `system`. Units with no imperial form pass unchanged.
 */
export function toDisplay(value: number, unit: string | null | undefined, system: UnitSystem): DisplayValue {
  const u = unit ?? '';
  if (system === 'imperial') {
    if (u === 'm/s') return { value: value * MPH_PER_MPS, unit: 'mph' };
    if (u === 'm') return { value: value * FT_PER_M, unit: 'ft' };
    if (u === 'mm') return { value: (value / 1000) * FT_PER_M, unit: 'ft' };
  }
  return { value, unit: u };
}

/** Decimals used for a display unit: whole degrees and percent, two for ratios, one otherwise. */
function decimalsFor(unit: string, value: number): number {
  if (unit === 'deg' || unit === '%' || unit === 'deg/s') return 0;
  if (unit === 'ratio' || Math.abs(value) < 1) return 2;
  return 1;
}

/** Formats a stored value for display, e.g. `formatValue(30, 'm/s', 'imperial')` → "67.1 mph". */
export function formatValue(value: number, unit: string | null | undefined, system: UnitSystem): string {
  if (!Number.isFinite(value)) return '—';
  const d = toDisplay(value, unit, system);
  const text = d.value.toFixed(decimalsFor(d.unit, d.value));
  if (d.unit === '' || d.unit === 'ratio') return text;
  if (d.unit === 'deg') return `${text}°`;
  return `${text} ${d.unit}`;
}

/** A height in millimetres for display: "1.85 m" or "6 ft 1 in". */
export function formatHeight(mm: number, system: UnitSystem): string {
  if (!(mm > 0)) return '—';
  if (system === 'metric') return `${(mm / 1000).toFixed(2)} m`;
  const inches = Math.round(mm / 25.4);
  return `${Math.floor(inches / 12)} ft ${inches % 12} in`;
}

/** Parses a height typed in the display unit back to millimetres (metric: cm; imperial: inches). */
export function heightInputToMm(input: number, system: UnitSystem): number {
  return system === 'metric' ? input * 10 : input * 25.4;
}
