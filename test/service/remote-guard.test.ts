/**
 * Server-side fetches of client-named URLs (issue 13, finding 4): non-public hosts refused unless
 * opted in (literal, by name, IPv4-mapped), redirects followed by us and re-checked at each hop,
 * size caps, an idle cut-off and one generic text outward; and the same through videos/check.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostPolicy, isNonPublicAddress } from '../../main/service/net-guard.js';
import { DOWNLOAD_FAILED, downloadToFile, MAX_REDIRECTS, RemoteFetchError } from '../../main/service/remote-fetch.js';
import { api, startTestService, tempHome } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'swing-guard-'));
const body = Buffer.alloc(200_000, 9);
const hits: string[] = [];
let server: Server;
let port = 0;

beforeAll(async () => {
  // Listens on every interface, so 127.0.0.2 reaches it too: only the guard keeps a hop away.
  server = createServer((req, res) => {
    const host = req.headers.host?.split(':')[0] ?? '';
    hits.push(`${host}${req.url}`);
    const hop = /^\/hop(\d+)$/.exec(req.url ?? '');
    if (hop) return res.writeHead(302, { Location: Number(hop[1]) > 0 ? `/hop${Number(hop[1]) - 1}` : '/clip' }).end();
    if (req.url === '/to-other-loopback') return res.writeHead(302, { Location: `http://127.0.0.2:${port}/clip` }).end();
    if (req.url === '/clip') return res.writeHead(200, { 'Content-Length': body.length }).end(body);
    if (req.url === '/chunked') {
      res.writeHead(200);
      res.write(body);
      return res.end(body);
    }
    if (req.url === '/stall') {
      res.writeHead(200);
      return res.write(body.subarray(0, 10)); // then nothing, never ends
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

it('classifies addresses: loopback, private, link-local, multicast, mapped and documentation ranges are not public', () => {
  for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.20', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '2001:db8::1']) {
    expect(isNonPublicAddress(a), a).toBe(true);
  }
  for (const a of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8']) expect(isNonPublicAddress(a), a).toBe(false);
});

describe('downloadToFile', () => {
  const none = hostPolicy([]);
  const lan = hostPolicy(['127.0.0.1']);
  const get = (url: string, policy = none, o: { maxBytes?: number; idleMs?: number } = {}) =>
    downloadToFile(url, join(dir, 'out'), { policy, maxBytes: o.maxBytes ?? 1 << 20, timeoutMs: 20_000, ...(o.idleMs ? { idleMs: o.idleMs } : {}) }).then(
      (n) => ({ n, detail: '', message: '' }),
      (err: unknown) => {
        expect(err).toBeInstanceOf(RemoteFetchError);
        expect(existsSync(join(dir, 'out'))).toBe(false);
        return { n: -1, detail: (err as RemoteFetchError).detail, message: (err as Error).message };
      },
    );

  it('refuses loopback by IP literal, by name and as IPv6 before any request is sent', async () => {
    const before = hits.length;
    for (const url of [`http://127.0.0.1:${port}/clip`, `http://localhost:${port}/clip`, `http://[::1]:${port}/clip`, `http://[::ffff:127.0.0.1]:${port}/clip`]) {
      const r = await get(url);
      expect(r.message, url).toBe(DOWNLOAD_FAILED);
      expect(r.detail, url).toMatch(/not a public internet host/);
    }
    expect(hits.length).toBe(before);
  });

  it('with the LAN opt-in reads the opted-in host, following redirects', async () => {
    expect((await get(`http://127.0.0.1:${port}/hop2`, lan)).n).toBe(body.length);
    expect(readFileSync(join(dir, 'out')).equals(body)).toBe(true);
  });

  it('re-checks every redirect: an opted-in host cannot send us to another loopback address', async () => {
    const r = await get(`http://127.0.0.1:${port}/to-other-loopback`, lan);
    expect(r.detail).toMatch(/127\.0\.0\.2 is not a public internet host/);
    expect(hits.some((h) => h.startsWith('127.0.0.2'))).toBe(false);
  });

  it(`stops after ${MAX_REDIRECTS} redirects`, async () => {
    expect((await get(`http://127.0.0.1:${port}/hop${MAX_REDIRECTS + 1}`, lan)).detail).toMatch(/more than 5 redirects/);
  });

  it('caps the body: a declared length over the cap and an undeclared (chunked) body over it', async () => {
    expect((await get(`http://127.0.0.1:${port}/clip`, lan, { maxBytes: 1000 })).detail).toMatch(/Content-Length 200000 over the cap/);
    expect((await get(`http://127.0.0.1:${port}/chunked`, lan, { maxBytes: 300_000 })).detail).toMatch(/body over the cap of 300000/);
  });

  it('cuts off a host that sends some bytes then stalls', async () => {
    expect((await get(`http://127.0.0.1:${port}/stall`, lan, { idleMs: 300 })).detail).toMatch(/no data for 0.3 s/);
  });
});

describe('videos/check through the guard', () => {
  const h = tempHome();
  afterAll(() => h.cleanup());

  it('answers "blocked" for loopback and metadata hosts and never reaches the refused hosts', async () => {
    const svc = await startTestService(h.home);
    try {
      const before = hits.length;
      const urls = [`http://127.0.0.1:${port}/clip`, `http://localhost:${port}/clip`, `http://169.254.169.254/latest/meta-data/`, `http://[::1]:${port}/clip`];
      const r = await api(svc, 'POST', '/api/videos/check', { video_urls: urls });
      expect(r.status).toBe(200);
      for (const u of urls) {
        const host = new URL(u).hostname;
        expect((r.json.errors as Record<string, { status: number; message: string }>)[u]).toEqual({ status: 400, message: expect.stringContaining(`The address is blocked: ${host} is not a public internet host`) as string });
      }
      expect(hits.length).toBe(before);
      expect(JSON.stringify(r.json)).not.toMatch(/ffprobe|\/tmp|127\.0\.0\.2|Could not extract meta-data/);
      console.log(`guard: ${urls.length} of ${urls.length} check URLs to non-public hosts refused, 0 requests reached them`);
    } finally {
      await svc.close();
    }
  });
});
