import { describe, expect, it } from 'vitest';
import { FT_PER_M, MPH_PER_MPS, formatHeight, formatValue, heightInputToMm, toDisplay } from './units.js';

describe('units', () => {
  it('uses the exact international factors', () => {
    expect(MPH_PER_MPS).toBeCloseTo(2.2369362921, 9);
    expect(FT_PER_M).toBeCloseTo(3.2808398950, 9);
  });

  it('converts m/s to mph and m to ft only in imperial', () => {
    expect(toDisplay(10, 'm/s', 'imperial')).toEqual({ value: 10 * MPH_PER_MPS, unit: 'mph' });
    expect(toDisplay(2, 'm', 'imperial').value).toBeCloseTo(6.5617, 4);
    expect(toDisplay(1850, 'mm', 'imperial').value).toBeCloseTo(6.0696, 4);
    expect(toDisplay(10, 'm/s', 'metric')).toEqual({ value: 10, unit: 'm/s' });
    expect(toDisplay(45, 'deg', 'imperial')).toEqual({ value: 45, unit: 'deg' });
  });

  it('formats values with their unit', () => {
    expect(formatValue(30, 'm/s', 'imperial')).toBe('67.1 mph');
    expect(formatValue(30, 'm/s', 'metric')).toBe('30.0 m/s');
    expect(formatValue(42.4, 'deg', 'metric')).toBe('42°');
    expect(formatValue(0.456, 'ratio', 'metric')).toBe('0.46');
    expect(formatValue(NaN, 'm', 'metric')).toBe('—');
  });

  it('formats and parses heights', () => {
    expect(formatHeight(1850, 'metric')).toBe('1.85 m');
    expect(formatHeight(1854, 'imperial')).toBe('6 ft 1 in');
    expect(formatHeight(0, 'metric')).toBe('—');
    expect(heightInputToMm(185, 'metric')).toBe(1850);
    expect(heightInputToMm(73, 'imperial')).toBeCloseTo(1854.2, 6);
  });
});
