/** Markdown tables and number formats of the harness report. */

/** A cell: text, a number (formatted with `fmt`), or null (shown as "–"). */
export type Cell = string | number | null;

/** Fixed decimals, "–" for null/NaN/±Infinity. Example: num(0.1234, 2) = "0.12". */
export function num(v: number | null | undefined, digits: number): string {
  return v === null || v === undefined || !Number.isFinite(v) ? '–' : v.toFixed(digits);
}

/** A signed number: "+3", "−2" (U+2212), "0". */
export function signed(v: number | null | undefined, digits = 0): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  const s = Math.abs(v).toFixed(digits);
  return v > 0 ? `+${s}` : v < 0 && Number(s) !== 0 ? `−${s}` : s;
}

/** A share 0..1 as a percentage: pct(0.756) = "75.6 %". */
export function pct(v: number | null | undefined, digits = 1): string {
  return v === null || v === undefined || !Number.isFinite(v) ? '–' : `${(v * 100).toFixed(digits)} %`;
}

/** "k/n" counts. */
export function ratio(k: number, n: number): string {
  return `${k}/${n}`;
}

/**
 * A GitHub-flavoured markdown table. Numbers are printed with up to 3 decimals; `|` in cells
 * is escaped.
 */
export function mdTable(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const cell = (c: Cell) => (c === null ? '–' : typeof c === 'number' ? num(c, 3) : c.replace(/\|/g, '\\|'));
  const line = (cs: readonly string[]) => `| ${cs.join(' | ')} |`;
  return [
    line(headers.map(cell)),
    line(headers.map(() => '---')),
    ...rows.map((r) => line(r.map(cell))),
  ].join('\n');
}
