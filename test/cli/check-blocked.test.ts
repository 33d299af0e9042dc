/**
 * Issue 25 finding 12, `check`: a URL on this computer's loopback is refused by the service's
 * host guard (main/service/net-guard.ts), and the coach read "Could not extract meta-data from
 * the video", as if the clip were broken. Now the line says the address is blocked. A real HTTP
 * server on 127.0.0.1 serves a real clip; the CLI runs `check` on the local backend in process.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaPath } from '../support/media.js';
import { runCliCapture } from './run-cli.js';

let home: string;
let server: Server;
let hits = 0;
let url: string;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'ss-check-blocked-'));
  server = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'Content-Type': 'video/mp4' });
    createReadStream(mediaPath('balance_portrait_60fps_1.mp4')).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/clip.mp4`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(home, { recursive: true, force: true });
});

describe('swing-studio check of a loopback URL', () => {
  it('says the address is blocked (not "Could not extract meta-data"), and never fetches it', async () => {
    const env = { SWING_STUDIO_HOME: home, SWING_STUDIO_API_KEY: undefined };
    const run = await runCliCapture(['check', url], env);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      `${url}: error 400 The address is blocked: 127.0.0.1 is not a public internet host (videos are read only from public hosts and LAN hosts allowed with serve --allow-lan-host; check a file on this computer by its path)\n`,
    );
    expect(run.stderr).toBe('swing-studio: 1 of 1 video(s) did not pass the check\n');
    const json = await runCliCapture(['check', url, '--json'], env);
    const rows = JSON.parse(json.stdout) as {
      input: string;
      ok: boolean;
      error?: { status: number; message: string };
    }[];
    expect(rows).toEqual([
      {
        input: url,
        ok: false,
        error: {
          status: 400,
          message: expect.stringMatching(/^The address is blocked: 127\.0\.0\.1 /) as string,
        },
      },
    ]);
    expect(hits).toBe(0);
  });
});
