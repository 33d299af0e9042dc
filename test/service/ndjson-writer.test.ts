/**
 * ndjson-writer.ts on a real HTTP server on 127.0.0.1: the stream's lines arrive in order and
 * the answer closes its connection (Node does not restart headersTimeout on a reused one:
 * service-server.ts closeWhenLong).
 */
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NdjsonWriter } from '../../main/service/ndjson-writer.js';

let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    const out = new NdjsonWriter(res);
    out.open();
    out.line({ status: 'processing', progress: 0 });
    out.line({ status: 'done' });
    out.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('NdjsonWriter', () => {
  it('streams one JSON object per line and answers with Connection: close', async () => {
    const { headers, body } = await new Promise<{ headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      get(url, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ headers: res.headers, body }));
      }).on('error', reject);
    });
    expect(headers.connection).toBe('close');
    expect(headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(body.split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown)).toEqual([{ status: 'processing', progress: 0 }, { status: 'done' }]);
  });
});
