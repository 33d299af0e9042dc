/**
 * Benchmark (not a test): readNdjson vs a plain `split('\n')` + `JSON.parse` loop over the
 * same bytes, delivered as 64 KiB chunks (Node's HTTP chunk size). Two workloads: a technique
 * stream (processing lines then one large done line with pose JSON) and many 1 KB lines.
 * Goal: throughput ratio ours/baseline ≥ 0.9. Runs alternate between the two and a full GC
 * precedes each (when available), since JSON.parse of a large line is GC-bound; the median of
 * each side is compared. Run: `node --expose-gc --import tsx test/bench/ndjson.ts`.
 */
import { readNdjson } from '../../main/api/ndjson.js';
import { doneLine, processingLine } from '../support/fault-fixtures.js';

const CHUNK = 64 * 1024;

function chunked(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) out.push(bytes.subarray(i, i + CHUNK));
  return out;
}

async function* source(chunks: Buffer[]): AsyncGenerator<Buffer> {
  for (const c of chunks) yield await Promise.resolve(c);
}

/** Baseline: join everything, split on LF, parse non-empty lines. */
async function baseline(chunks: Buffer[]): Promise<number> {
  const parts: Buffer[] = [];
  for await (const c of source(chunks)) parts.push(c);
  let n = 0;
  for (const line of Buffer.concat(parts).toString('utf8').split('\n')) {
    if (line.length === 0) continue;
    JSON.parse(line);
    n++;
  }
  return n;
}

async function ours(chunks: Buffer[]): Promise<number> {
  let n = 0;
  for await (const _ of readNdjson(source(chunks))) n++;
  return n;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

async function timed(
  fn: (c: Buffer[]) => Promise<number>,
  chunks: Buffer[],
): Promise<{ ms: number; lines: number }> {
  gc();
  const t0 = performance.now();
  const lines = await fn(chunks);
  return { ms: performance.now() - t0, lines };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function compare(name: string, bytes: Buffer, runs: number): Promise<number> {
  const chunks = chunked(bytes);
  await timed(baseline, chunks);
  await timed(ours, chunks);
  const bs: number[] = [];
  const os: number[] = [];
  let lines = [0, 0];
  for (let i = 0; i < runs; i++) {
    // Alternate the order so neither side always runs on the heap the other left behind.
    const x = i % 2 === 0 ? await timed(baseline, chunks) : undefined;
    const y = await timed(ours, chunks);
    const x2 = x ?? (await timed(baseline, chunks));
    bs.push(x2.ms);
    os.push(y.ms);
    lines = [x2.lines, y.lines];
  }
  const b = { ms: median(bs), lines: lines[0] };
  const o = { ms: median(os), lines: lines[1] };
  if (b.lines !== o.lines) throw new Error(`${name}: line counts differ (${b.lines} vs ${o.lines})`);
  const mb = bytes.length / 1e6;
  const ratio = b.ms / o.ms;
  const bestRatio = Math.min(...bs) / Math.min(...os);
  console.log(
    `${name}: ${mb.toFixed(1)} MB, ${o.lines} lines | median baseline ${(mb / (b.ms / 1000)).toFixed(0)} MB/s, readNdjson ${(mb / (o.ms / 1000)).toFixed(0)} MB/s | ratio ${ratio.toFixed(2)} (best-run ratio ${bestRatio.toFixed(2)})`,
  );
  return ratio;
}

const technique = Buffer.from(
  [...Array.from({ length: 200 }, (_, i) => processingLine('bench', i / 200)), doneLine('bench', 20_000)]
    .map((l) => JSON.stringify(l))
    .join('\n') + '\n',
  'utf8',
);
const small = Buffer.from(
  Array.from({ length: 50_000 }, (_, i) =>
    JSON.stringify({
      status: 'processing',
      i,
      progress: i / 50_000,
      note: 'é'.repeat(8),
      pad: 'x'.repeat(900),
    }),
  ).join('\n') + '\n',
  'utf8',
);

const r1 = await compare('technique stream (200 processing + done with 20000-frame pose)', technique, 15);
const r2 = await compare('50k lines of ~1 KB', small, 11);
console.log(`goal ≥ 0.90: ${r1 >= 0.9 && r2 >= 0.9 ? 'met' : 'NOT met'}`);
