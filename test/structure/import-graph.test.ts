import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileImports, folderGraph, LAYERS, SUB_LAYERS, subFolder, topFolder, type Arrow } from './import-graph.js';

const imports = fileImports(join(import.meta.dirname, '../../main'));
const show = (arrows: Arrow[]): string => arrows.map((a) => `${a.from} → ${a.to} (${a.imports.slice(0, 2).join('; ')})`).join('\n');

describe('structure of main/ drawn from its imports', () => {
  it('has at most 2 circles and at most 2 arrows running back up the layers', () => {
    const g = folderGraph(imports, topFolder, LAYERS);
    console.log(`main/: ${g.arrows.length} arrows between folders, circles: ${JSON.stringify(g.circles)}, back arrows:\n${show(g.backArrows)}`);
    expect(g.circles.length).toBeLessThanOrEqual(2);
    expect(g.backArrows.length).toBeLessThanOrEqual(2);
  });

  it.each(Object.keys(SUB_LAYERS))('has no circle and no back arrow among the sub-folders of %s/', (top) => {
    const g = folderGraph(imports, subFolder(top), SUB_LAYERS[top]!);
    expect(show(g.backArrows)).toBe('');
    expect(g.circles).toEqual([]);
  });

  it('sees a circle and a back arrow when there is one (the check can fail)', () => {
    const g = folderGraph([['a/x.ts', 'b/y.ts'], ['b/y.ts', 'a/z.ts'], ['c/q.ts', 'a/x.ts']], topFolder, ['c', 'a', 'b']);
    expect(g.circles).toEqual([['a', 'b']]);
    expect(g.backArrows.map((a) => `${a.from}>${a.to}`)).toEqual(['a>b', 'c>a']);
  });
});
