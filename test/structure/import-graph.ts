/**
 * The structure of main/ drawn from its imports: which folder imports which (relative imports of
 * every non-test .ts file, resolved to files), the circles among them and the arrows that run
 * back up a declared layering. Used by import-graph.test.ts; `npx tsx test/structure/print.ts`
 * prints it.
 */
import ts from 'typescript';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Folders of main/ from the bottom layer up: an import may point only down this list. A folder
 * inside another counts as its top folder here (analysis/core → analysis); {@link SUB_LAYERS}
 * orders the sub-folders of analysis/ and engine/.
 */
export const LAYERS = ['config', 'files', 'gen', 'contract', 'pose', 'av', 'models', 'engine', 'analysis', 'archive', 'drawings', 'pipeline', 'library', 'media', 'export', 'service', 'api', 'settings', 'backends', 'jobs', 'ipc', 'bridge', 'electron', 'cli', 'build'] as const;

/** Sub-folders of analysis/ and engine/ from the bottom up ('.' = the folder's own files, on top). */
export const SUB_LAYERS: Readonly<Record<string, readonly string[]>> = {
  analysis: ['core', 'technique', 'strokes', '.'],
  engine: ['runtime', 'inference', 'tracking', 'lift', '.'],
};

/** One folder-to-folder arrow with the file imports behind it ("from.ts => to.ts"). */
export interface Arrow {
  from: string;
  to: string;
  imports: string[];
}

/** The folder graph at one level: arrows, circles (groups of ≥ 2 folders that reach each other) and back arrows. */
export interface FolderGraph {
  arrows: Arrow[];
  circles: string[][];
  backArrows: Arrow[];
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (f.endsWith('.ts') && !f.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** File-level imports under `mainDir`: [importing file, imported file], both relative to `mainDir`. */
export function fileImports(mainDir: string): [string, string][] {
  const out: [string, string][] = [];
  for (const file of sourceFiles(mainDir)) {
    for (const i of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!i.fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), i.fileName).replace(/\.js$/, '.ts');
      const rel = relative(mainDir, target);
      if (!rel.startsWith('..')) out.push([relative(mainDir, file), rel]);
    }
  }
  return out;
}

/** Strongly connected groups of ≥ 2 nodes (Tarjan). */
function circlesOf(nodes: string[], next: (n: string) => string[]): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) !== idx.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      on.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) out.push(group.sort());
  };
  for (const n of nodes) if (!idx.has(n)) visit(n);
  return out;
}

/**
 * The folder graph of `imports` with each file mapped to a folder by `folderOf` (null = not in
 * this graph) and the layer order `order` (lowest first; a folder missing from it counts as
 * the top).
 */
export function folderGraph(imports: [string, string][], folderOf: (file: string) => string | null, order: readonly string[]): FolderGraph {
  const byKey = new Map<string, Arrow>();
  for (const [a, b] of imports) {
    const from = folderOf(a);
    const to = folderOf(b);
    if (from === null || to === null || from === to) continue;
    const key = `${from}>${to}`;
    const arrow = byKey.get(key) ?? { from, to, imports: [] };
    arrow.imports.push(`${a} => ${b}`);
    byKey.set(key, arrow);
  }
  const arrows = [...byKey.values()].sort((x, y) => `${x.from}>${x.to}`.localeCompare(`${y.from}>${y.to}`));
  const nodes = [...new Set(arrows.flatMap((a) => [a.from, a.to]))];
  const circles = circlesOf(nodes, (n) => arrows.filter((a) => a.from === n).map((a) => a.to));
  const rank = (f: string): number => (order.includes(f) ? order.indexOf(f) : order.length);
  return { arrows, circles, backArrows: arrows.filter((a) => rank(a.to) > rank(a.from)) };
}

/** The top folder of a main/-relative file (its own name for a file directly in main/: not a folder, null). */
export function topFolder(file: string): string | null {
  const parts = file.split('/');
  return parts.length > 1 ? parts[0]! : null;
}

/** The sub-folder of a file inside `top` ('.' for the folder's own files), null outside `top`. */
export function subFolder(top: string): (file: string) => string | null {
  return (file) => {
    const parts = file.split('/');
    if (parts[0] !== top) return null;
    return parts.length > 2 ? parts[1]! : '.';
  };
}
