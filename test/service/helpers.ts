/**
 * Test support of the local service: a real server on 127.0.0.1 (port 0) over a temp home,
 * small fetch helpers, and ffmpeg cuts of the shared clips into temp files.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testFfmpeg, testFfprobe } from '../support/ffmpeg-cli.js';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../../main/service/service-server.js';

/** A temp home folder; removed by the returned cleanup. */
export function tempHome(): { home: string; cleanup: () => void } {
  const home = mkdtempSync(join(tmpdir(), 'swing-service-'));
  return { home, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

/** Starts a service on a free loopback port with a quiet log (collected in `logs`). */
export async function startTestService(home: string, opts: Partial<LocalServiceOptions> = {}): Promise<LocalService & { logs: string[] }> {
  const logs: string[] = [];
  const svc = await startLocalService({ home, port: 0, log: (m) => logs.push(m), ...opts });
  return { ...svc, logs };
}

/** JSON request with the bearer token (unless `token` is null). */
export async function api(
  svc: LocalService,
  method: string,
  path: string,
  body?: unknown,
  token: string | null = svc.token,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${svc.baseUrl}${path}`, {
    method,
    headers: {
      ...(token !== null ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Asks for an upload-url pair; throws unless 200. */
export async function uploadUrls(svc: LocalService, fileName: string, contentType = 'video/mp4'): Promise<{ uploadUrl: string; downloadUrl: string }> {
  const r = await api(svc, 'POST', '/api/video/upload-url', { fileName, contentType });
  if (r.status !== 200) throw new Error(`upload-url ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json.data as { uploadUrl: string; downloadUrl: string };
}

/** Cuts `seconds` of `src` starting at `startS` into `out` (re-encoded, fast preset; `extra` ffmpeg output options). */
export function cutClip(src: string, out: string, startS: number, seconds: number, extra: string[] = []): string {
  execFileSync(testFfmpeg(), ['-v', 'error', '-y', '-ss', String(startS), '-i', src, '-t', String(seconds), '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', ...extra, out]);
  return out;
}

/** Number of frames ffprobe decodes in `path`. */
export function decodedFrames(path: string): number {
  const out = execFileSync(testFfprobe(), ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', path]);
  return Number(out.toString().trim());
}

/** A 1 s, 30 fps, 640×480 ffmpeg test pattern (colour bars, no person) written to `out`. */
export function testPattern(out: string): string {
  execFileSync(testFfmpeg(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x480:rate=30', '-t', '1', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'veryfast', out]);
  return out;
}
