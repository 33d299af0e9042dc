/** Prints the folder graph of main/ (arrows, circles, back arrows): `npx tsx test/structure/print.ts`. */
import { join } from 'node:path';
import { fileImports, folderGraph, LAYERS, SUB_LAYERS, subFolder, topFolder } from './import-graph.js';

const imports = fileImports(join(import.meta.dirname, '../../main'));
for (const [name, g] of [['main', folderGraph(imports, topFolder, LAYERS)], ...Object.keys(SUB_LAYERS).map((t) => [t, folderGraph(imports, subFolder(t), SUB_LAYERS[t]!)] as const)] as const) {
  console.log(`== ${name}: ${g.arrows.length} arrows; circles ${JSON.stringify(g.circles)}`);
  for (const a of g.arrows) console.log(`${g.backArrows.includes(a) ? '↑ BACK ' : '       '}${a.from} → ${a.to} (${a.imports.length})${g.backArrows.includes(a) ? `: ${a.imports.slice(0, 3).join('; ')}` : ''}`);
}
