/**
 * `npm run bench`: runs every benchmark of test/bench, one process each, in sequence (so they
 * do not compete for the 2 cores), and prints their reports. Each benchmark measures its own
 * baseline in the same run and prints ratios; nothing here asserts a time.
 * `npm run bench -- engine exports` runs only the named ones; options after the names (e.g.
 * `npm run bench -- session --minutes 1`) go to each bench run.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Benchmarks in run order: name → extra node flags. */
const BENCHES: Record<string, string[]> = {
  decode: [],
  engine: [],
  'local-tasks': [],
  ndjson: ['--expose-gc'],
  upload: [],
  archive: [],
  library: [],
  exports: [],
  renderer: [],
  'long-clip': [],
  'session-analysis': [],
  session: [],
  memory: [],
};

/** Benchmarks that take hours (a 20-minute session) or tens of minutes (memory up to 3 h of frames, the analysis of 40 min of session): run only when named. */
const ONLY_WHEN_NAMED = new Set(['session', 'memory', 'session-analysis']);

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('--'));
const wanted = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
const unknown = wanted.filter((w) => !(w in BENCHES));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const [name, flags] of Object.entries(BENCHES)) {
  if (wanted.length ? !wanted.includes(name) : ONLY_WHEN_NAMED.has(name)) continue;
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(process.execPath, [...flags, '--import', 'tsx', join(here, `${name}.ts`), ...options], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.log(`(${name} exited with ${r.status ?? r.signal})`);
  }
}
process.exitCode = failed ? 1 : 0;
