/**
 * The browser bridge end to end on 127.0.0.1: the renderer's bridge client over a real
 * WebSocket (typed arrays and an event round trip), token and origin checks, the token-protected
 * media route with Range, uploads, and the API key never on the wire.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBridge, type Bridge } from '../../main/bridge/server.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import type { SwingStudioApi } from '../../preload/contract.js';
import { decodeWire, encodeWire } from '../../preload/wire.js';
import { ingestInput } from '../library/helpers.js';
import { mediaPath } from '../support/media.js';
import { loadConnectBridge } from './bridge-client-loader.js';

const KEY = 'sk-bridge-5e0c77d1aa3b49f2';

let home: string;
let bridge: Bridge;
let api: SwingStudioApi & { close(): void };
let sessionId: number;
/** Every text frame the server sent to a sniffing client. */
const sniffed: string[] = [];
let sniffer: WebSocket;
let keyEcho: Server;

/** Resolves once `cond()` holds (polled every 10 ms; vitest's timeout bounds it). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 10));
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'swing-bridge-'));
  const rendererDir = join(home, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(
    join(rendererDir, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  );
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  bridge = await startBridge({ home, rendererDir, version: '1.2.3' });
  const clip = mediaPath('tennis_forehand_1.mp4');
  sessionId = ingestAnalysis(bridge.services.deps.db, ingestInput({ uid: 'b1', clip, frames: 30 }));
  const connectBridge = await loadConnectBridge();
  api = await connectBridge({ origin: bridge.origin, token: bridge.token, WebSocketImpl: WebSocket });
  sniffer = new WebSocket(`ws://127.0.0.1:${bridge.port}/ws?t=${bridge.token}`);
  sniffer.on('message', (d: Buffer) => sniffed.push(d.toString('utf8')));
  await new Promise((r) => sniffer.once('open', r));
  // A fake remote API that echoes the key it received in its error body.
  keyEcho = createServer((req, res) => {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: `invalid key ${req.headers.authorization ?? ''}` }));
  });
  await new Promise<void>((r) => keyEcho.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  api.close();
  sniffer.close();
  await new Promise<void>((r) => keyEcho.close(() => r()));
  await bridge.close();
  rmSync(home, { recursive: true, force: true });
});

describe('wire codec', () => {
  it('round-trips typed arrays bit-exactly, NaN included', () => {
    const v = {
      a: new Float32Array([1.5, NaN, -0]),
      b: new Int32Array([7, -7]),
      c: new Uint8Array([0, 255]),
      d: new Float64Array(new ArrayBuffer(24), 8, 2),
    };
    v.d.set([Math.PI, 1e-300]);
    const back = decodeWire(encodeWire(v)) as typeof v;
    expect(back.a).toBeInstanceOf(Float32Array);
    expect(Array.from(back.a)).toEqual([1.5, NaN, -0]);
    expect(Array.from(back.b)).toEqual([7, -7]);
    expect(Array.from(back.c)).toEqual([0, 255]);
    expect(Array.from(back.d)).toEqual([Math.PI, 1e-300]);
  });
});

describe('bridge over WebSocket', () => {
  it('answers calls through the renderer client', async () => {
    expect(api.mode).toBe('browser');
    expect(await api.invoke('app.info')).toEqual({
      ok: true,
      value: { mode: 'browser', version: '1.2.3', platform: process.platform, canPickFiles: false },
    });
    const bad = await api.invoke('library.getSession', { id: -1 });
    expect(bad.ok === false && bad.error.kind).toBe('input');
  });

  it('delivers pose tracks as typed arrays equal to the library', async () => {
    const r = await api.invoke('library.getSession', { id: sessionId });
    if (!r.ok) throw new Error(r.error.message);
    const pose = r.value.pose3d;
    expect(pose?.keypoints).toBeInstanceOf(Float32Array);
    expect(pose?.present).toBeInstanceOf(Uint8Array);
    expect(pose?.timestamps).toBeInstanceOf(Float64Array);
    const direct = bridge.services.handlers['library.getSession']({ id: sessionId }) as {
      pose3d: { keypoints: Float32Array };
    };
    expect(
      Buffer.from(pose!.keypoints.buffer).equals(
        Buffer.from(
          direct.pose3d.keypoints.buffer,
          direct.pose3d.keypoints.byteOffset,
          direct.pose3d.keypoints.byteLength,
        ),
      ),
    ).toBe(true);
  });

  it('pushes events to every page', async () => {
    const got = new Promise<unknown>((resolve) => {
      const off = api.on('library.changed', (change) => {
        off();
        resolve(change);
      });
    });
    const r = await api.invoke('library.renameSession', { id: sessionId, title: 'Renamed over the bridge' });
    expect(r).toEqual({ ok: true, value: null });
    expect(await got).toEqual({ kind: 'session', id: sessionId, change: 'updated' });
    await until(() => sniffed.some((t) => t.includes('"library.changed"')));
  });

  it('gives the media URL; the media route needs the token and answers Range', async () => {
    const r = await api.invoke('media.urlFor', { sessionId });
    if (!r.ok || r.value === null) throw new Error('no url');
    expect(r.value).toBe(
      `${bridge.origin}/media/session/${sessionId}/clip?t=${encodeURIComponent(bridge.token)}`,
    );
    const part = await fetch(r.value, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    const bytes = Buffer.from(await part.arrayBuffer());
    expect(bytes.equals(readFileSync(mediaPath('tennis_forehand_1.mp4')).subarray(100, 200))).toBe(true);
    expect((await fetch(r.value.replace(/\?t=.*/, ''))).status).toBe(401);
  });

  it('refuses sockets without the token or from another origin', async () => {
    const attempt = (url: string, headers: Record<string, string> = {}) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(url, { headers });
        ws.on('open', () => {
          ws.close();
          resolve('open');
        });
        ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
        ws.on('error', () => resolve('error'));
      });
    const base = `ws://127.0.0.1:${bridge.port}/ws`;
    expect(await attempt(base)).toBe('401');
    expect(await attempt(`${base}?t=wrong`)).toBe('401');
    expect(await attempt(`${base}?t=${bridge.token}`, { origin: 'http://evil.example' })).toBe('401');
    expect(await attempt(`${base}?t=${bridge.token}`, { origin: bridge.origin })).toBe('open');
  });

  it('serves the page only with the token, with the CSP and the token meta', async () => {
    expect((await fetch(`${bridge.origin}/`)).status).toBe(401);
    const page = await fetch(bridge.url);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain(`<meta name="swing-studio-bridge" content="${bridge.token}" />`);
    expect((await fetch(`${bridge.origin}/assets/app.js`)).status).toBe(200);
    expect((await fetch(`${bridge.origin}/assets/..%2F..%2Fsecret.key`)).status).toBe(403);
    const statusWithHost = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const path = new URL(bridge.url).pathname + new URL(bridge.url).search;
        request({ host: '127.0.0.1', port: bridge.port, path, headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
    expect(await statusWithHost('rebound.example')).toBe(421);
    expect(await statusWithHost(`localhost:${bridge.port}`)).toBe(421);
    expect(await statusWithHost(`127.0.0.1:${bridge.port}`)).toBe(200);
  });

  it('takes an upload as a picked file usable by jobs.check', async () => {
    const body = readFileSync(mediaPath('tennis_forehand_2.mp4'));
    const res = await fetch(`${bridge.origin}/upload?t=${bridge.token}&name=serve%201.mp4`, {
      method: 'POST',
      body,
    });
    const up = (await res.json()) as { ok: true; value: { path: string; sizeBytes: number }[] };
    expect(up.ok).toBe(true);
    expect(up.value[0]?.sizeBytes).toBe(body.length);
    const check = await api.invoke('jobs.check', { paths: [up.value[0]!.path] });
    expect(check.ok && check.value[0]?.contentType).toBe('video/mp4');
    const evil = await fetch(`${bridge.origin}/upload?t=${bridge.token}&name=..%2F..%2Fx.mp4`, {
      method: 'POST',
      body: 'x',
    });
    expect(evil.status).toBe(400);
  });

  it('never puts the API key on the wire, even when a server echoes it', async () => {
    let nextId = 1000;
    /** A call on the sniffing socket: every server frame of it is in `sniffed`. */
    const rawCall = async (
      channel: string,
      input?: unknown,
    ): Promise<{ ok: boolean; value?: unknown; error?: { kind: string } }> => {
      const id = nextId++;
      sniffer.send(encodeWire({ type: 'invoke', id, channel, input }));
      let found: string | undefined;
      await until(() => (found = sniffed.find((t) => t.includes(`"id":${id},`))) !== undefined);
      return (decodeWire(found!) as { result: { ok: boolean } }).result;
    };
    const origin = `http://127.0.0.1:${(keyEcho.address() as AddressInfo).port}`;
    await rawCall('settings.update', {
      backend: 'remote',
      remote: { baseUrl: origin, techniqueUrl: origin },
    });
    const set = await rawCall('settings.setApiKey', { key: KEY }); // bound to `origin`
    expect(set).toMatchObject({ ok: true, value: { hasApiKey: true } });
    const test = await rawCall('settings.testConnection', { backend: 'remote' });
    expect(test).toMatchObject({ ok: false, error: { kind: 'auth' } });
    expect(JSON.stringify(test)).toContain('[redacted]');
    expect(await rawCall('settings.get')).toMatchObject({
      ok: true,
      value: { hasApiKey: true, keyProtection: 'file' },
    });
    expect(sniffed.length).toBeGreaterThan(4);
    for (const text of sniffed) expect(text).not.toContain(KEY);
  });
});
