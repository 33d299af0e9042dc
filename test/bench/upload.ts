/**
 * Benchmark (not a test): our presigned PUT (putPresigned: fs.createReadStream → http.request)
 * vs `curl -T` to the same local sink server, on a sparse file (default 1 GiB; SIZE_MB env to
 * change). The sink runs in a child process so both clients face the same server. Reports
 * throughput of each, their ratio (goal ≥ 0.9) and our peak RSS growth during the upload
 * (goal: flat, i.e. independent of file size). The machine is shared, so runs alternate and
 * medians are compared, and CPU time per GB (user+sys, curl's from bash `time`, ours from
 * process.cpuUsage) is reported too: it is far less sensitive to other load than wall time.
 * CHUNKS (comma-separated KiB) compares read sizes. Run: `npx tsx test/bench/upload.ts`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, createReadStream, ftruncateSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PUT_CHUNK, putPresigned } from '../../main/api/presigned-put.js';

const SIZE = Number(process.env.SIZE_MB ?? 1024) * 1024 * 1024;
const RUNS = Number(process.env.RUNS ?? 3);

const SINK = `
const http = require('node:http');
const s = http.createServer((req, res) => {
  let n = 0;
  req.on('data', (c) => { n += c.length; });
  req.on('end', () => res.end(JSON.stringify({ bytes: n, type: req.headers['content-type'] })));
});
s.listen(0, '127.0.0.1', () => console.log(s.address().port));
`;

async function startSink(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['-e', SINK], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
  );
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

interface Run {
  ms: number;
  cpuMs: number;
  peakRssGrowth: number;
}

function curlPut(file: string, url: string): Run {
  const cmd = `TIMEFORMAT='%U %S'; time curl -sS -o /dev/null -T '${file}' -H 'Content-Type: video/mp4' -H 'Expect:' '${url}'`;
  const t0 = performance.now();
  const r = spawnSync('bash', ['-c', cmd]);
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`curl failed: ${r.stderr.toString()}`);
  const [user, sys] = r.stderr.toString().trim().split(/\s+/).map(Number);
  return { ms, cpuMs: ((user ?? 0) + (sys ?? 0)) * 1000, peakRssGrowth: 0 };
}

async function ourPut(file: string, url: string, chunk: number): Promise<Run> {
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const n = await putPresigned({ url, issuedAt: Date.now() }, file, {
    contentType: 'video/mp4',
    idleTimeoutMs: 60_000,
    readChunkBytes: chunk,
  });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (n !== SIZE) throw new Error(`sent ${n} of ${SIZE} bytes`);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, peakRssGrowth: peak - rss0 };
}

/** The textbook way, for comparison: createReadStream(file).pipe(http.request(...)). */
async function pipePut(file: string, url: string): Promise<Run> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const req = http.request(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'video/mp4', 'Content-Length': SIZE },
    });
    req.on('response', (res) => res.resume().on('end', resolve));
    req.on('error', reject);
    createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(req);
  });
  const cpu = process.cpuUsage(cpu0);
  return { ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, peakRssGrowth: 0 };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const dir = mkdtempSync(join(tmpdir(), 'bench-upload-'));
const file = join(dir, 'sparse.mp4');
const fd = openSync(file, 'w');
ftruncateSync(fd, SIZE);
closeSync(fd);
const sink = await startSink();
const chunks = (process.env.CHUNKS ?? String(DEFAULT_PUT_CHUNK / 1024))
  .split(',')
  .map((k) => Number(k) * 1024);
try {
  const url = `${sink.url}/storage/bench.mp4?X-Amz-Expires=86400`;
  const curl: Run[] = [];
  const piped: Run[] = [];
  const ours = new Map<number, Run[]>(chunks.map((c) => [c, []]));
  for (let i = 0; i < RUNS; i++) {
    curl.push(curlPut(file, url));
    piped.push(await pipePut(file, url));
    for (const c of chunks) ours.get(c)!.push(await ourPut(file, url, c));
  }
  const gb = SIZE / 1e9;
  const mbps = (ms: number): number => SIZE / 1e6 / (ms / 1000);
  const c = median(curl.map((r) => r.ms));
  const cCpu = median(curl.map((r) => r.cpuMs));
  console.log(`file ${(SIZE / 1024 ** 2).toFixed(0)} MiB (sparse), median of ${RUNS} alternating runs`);
  console.log(`curl -T             : ${mbps(c).toFixed(0)} MB/s, CPU ${(cCpu / gb).toFixed(0)} ms/GB`);
  const p = median(piped.map((r) => r.ms));
  const pCpu = median(piped.map((r) => r.cpuMs));
  console.log(
    `createReadStream.pipe: ${mbps(p).toFixed(0)} MB/s (ratio ${(c / p).toFixed(2)}), CPU ${(pCpu / gb).toFixed(0)} ms/GB (curl/pipe ${(cCpu / pCpu).toFixed(2)})`,
  );
  for (const [chunk, runs] of ours) {
    const o = median(runs.map((r) => r.ms));
    const oCpu = median(runs.map((r) => r.cpuMs));
    const rss = Math.max(...runs.map((r) => r.peakRssGrowth));
    console.log(
      `putPresigned ${String(chunk / 1024).padStart(5)} KiB: ${mbps(o).toFixed(0)} MB/s (ratio ${(c / o).toFixed(2)}), CPU ${(oCpu / gb).toFixed(0)} ms/GB (curl/ours ${(cCpu / oCpu).toFixed(2)}), peak RSS growth ${(rss / 1024 ** 2).toFixed(1)} MiB`,
    );
  }
} finally {
  sink.stop();
  rmSync(dir, { recursive: true, force: true });
}
