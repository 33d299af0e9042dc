/**
 * Size caps of what the client reads from a remote service (issue 13, finding 8): a result JSON
 * over MAX_RESULT_JSON_BYTES is refused whether or not its length is declared, and nothing past
 * the cap is held; an archive file over the archive limit is not read into memory at ingest
 * (the library writes its own archive, with a warning).
 */
import { closeSync, openSync, ftruncateSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiClient } from '../../main/api/index.js';
import { MAX_RESULT_JSON_BYTES } from '../../main/api/download.js';
import { DEFAULT_ARCHIVE_LIMITS } from '../../main/archive/errors.js';
import { openLibrary } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { fakeClip, ingestInput, tempHome } from '../library/helpers.js';
import { apiFailure } from './helpers.js';

let server: Server;
let base = '';
let served = 0;
const chunk = Buffer.alloc(1024 * 1024, 0x20);

beforeAll(async () => {
  server = createServer((req, res) => {
    const declared = req.url === '/declared.json';
    res.writeHead(200, { 'Content-Type': 'application/json', ...(declared ? { 'Content-Length': MAX_RESULT_JSON_BYTES + chunk.length } : {}) });
    // 1 MiB at a time, stopping when the client goes away.
    let sent = 0;
    const more = (): void => {
      while (sent <= MAX_RESULT_JSON_BYTES && !res.destroyed) {
        sent += chunk.length;
        served = sent;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

it(`refuses a result JSON over ${MAX_RESULT_JSON_BYTES} bytes, declared or streamed`, async () => {
  const c = createApiClient({ baseUrl: base, techniqueUrl: base, apiKey: 'k'.repeat(24), timeoutMs: 5000, retries: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } });
  const declared = await apiFailure(c.fetchJson(`${base}/declared.json`));
  expect([declared.kind, declared.code]).toEqual(['contract', 'too-large']);
  const streamed = await apiFailure(c.fetchJson(`${base}/streamed.json`));
  expect([streamed.kind, streamed.code]).toEqual(['contract', 'too-large']);
  expect(served).toBeGreaterThan(MAX_RESULT_JSON_BYTES);
});

it('does not read an archive file over the archive limit into memory at ingest', () => {
  const t = tempHome();
  try {
    const huge = join(t.home, 'archive.zip');
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, DEFAULT_ARCHIVE_LIMITS.maxTotalBytes + 1); // sparse: no disk used
    closeSync(fd);
    const db = openLibrary(t.home);
    try {
      const id = ingestAnalysis(db, { ...ingestInput({ uid: 'big-archive', clip: fakeClip(t.home, 'c.mp4') }), archivePath: huge });
      const d = getSessionDetail(db, id)!;
      expect(d.analysis?.warnings.find((w) => /archive/.test(w.detail ?? ''))?.detail).toMatch(/over the 536870912-byte archive limit\); the archive is made from the stored pose on export/);
    } finally {
      db.close();
    }
  } finally {
    t.cleanup();
  }
});
