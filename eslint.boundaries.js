// Module boundaries, as ESLint `no-restricted-imports` blocks generated from the folders of
// main/: code outside a module folder that has an index.ts (analysis and its core/, technique/,
// strokes/; engine and its runtime/, inference/, tracking/, lift/; av; pipeline; files) imports that
// module only through its index.ts. Tests are exempt (a module's tests reach its internals).
// One block per folder of main/, because ESLint replaces (does not merge) a rule's options when
// several blocks match a file.
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = import.meta.dirname;
/** Folders (relative to the repo) whose index.ts is their only door. */
export const BOUNDED = ['main/analysis', 'main/analysis/core', 'main/analysis/technique', 'main/analysis/strokes', 'main/engine', 'main/engine/runtime', 'main/engine/inference', 'main/engine/tracking', 'main/engine/lift', 'main/av', 'main/pipeline', 'main/files'].filter((d) => existsSync(join(root, d)));

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every folder under main/ holding .ts files (skipping generated code). */
function folders(dir) {
  const out = [dir];
  for (const f of readdirSync(join(root, dir))) {
    if (f === 'gen') continue;
    const p = join(dir, f);
    if (statSync(join(root, p)).isDirectory()) out.push(...folders(p));
  }
  return out;
}

/** The no-restricted-imports patterns for a file in folder `dir`. */
function patternsFor(dir) {
  return BOUNDED.filter((b) => !(dir === b || dir.startsWith(`${b}/`))).map((b) => {
    let rel = relative(dir, b);
    if (!rel.startsWith('..')) rel = `./${rel}`;
    return { regex: `^${escape(rel)}/(?!index\\.js$)`, message: `import ${b} only through its index.ts (eslint.boundaries.js)` };
  });
}

/** One config block per folder of main/ that must respect the boundaries. */
export const boundaryBlocks = folders('main')
  .map((dir) => ({ dir, patterns: patternsFor(dir) }))
  .filter((x) => x.patterns.length > 0)
  .map(({ dir, patterns }) => ({
    files: [`${dir}/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  }));
