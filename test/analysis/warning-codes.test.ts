/** Every warning code the analysis gives is in ANALYSIS_WARNING_CODES (main/analysis/warning-codes.ts), which recompute replaces by. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_WARNING_CODES } from '../../main/analysis/index.js';

const ROOT = join(import.meta.dirname, '../../main/analysis');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('the analysis warning codes', () => {
  it('lists every code literal the analysis passes to warning() or atFrame()', () => {
    const used = new Set<string>();
    for (const f of sources(ROOT)) for (const m of readFileSync(f, 'utf8').matchAll(/(?:warning|atFrame)\(\s*'([a-z0-9-]+)'/g)) used.add(m[1]!);
    expect(used.size).toBeGreaterThanOrEqual(15);
    expect([...used].filter((c) => !ANALYSIS_WARNING_CODES.has(c))).toEqual([]);
    expect([...ANALYSIS_WARNING_CODES].filter((c) => !used.has(c))).toEqual([]);
  });
});
