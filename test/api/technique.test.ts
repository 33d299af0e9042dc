import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NdjsonError, TechniqueError } from '../../main/api/index.js';
import { doneLine, processingLine } from '../support/fault-fixtures.js';
import { startFaultServer, type FaultServer } from '../support/fault-server.js';
import { mediaPath } from '../support/media.js';
import { apiFailure, clientFor, metadata } from './helpers.js';

let s: FaultServer;
beforeAll(async () => {
  s = await startFaultServer();
});
afterAll(() => s.close());

const clip = (): string => mediaPath('tennis_forehand_1.mp4');
const lines = (...objs: unknown[]): string => objs.map((o) => JSON.stringify(o)).join('\n') + '\n';

describe('processVideo against a healthy server', () => {
  it('streams the clip, reports progress and warnings, returns the validated done object', async () => {
    const progress: number[] = [];
    const warnings: string[] = [];
    const uploaded: number[] = [];
    const done = await clientFor(s).processVideo(clip(), metadata('uid-ok'), {
      onProgress: (p) => progress.push(p.progress ?? -1),
      onWarning: (w) => warnings.push(w),
      onUploadProgress: (p) => uploaded.push(p.bytes),
    });
    expect(done.status).toBe('done');
    expect(done.uid).toBe('uid-ok');
    expect(done.result.features[0]?.feature_name).toBe('knee_bend');
    expect(done.video_entry_2D_json.annotation_data).toHaveLength(30);
    expect(progress).toEqual([0.25, 0.5, 0.75]);
    expect(warnings).toEqual(['low light']);
    const rec = s.processed.at(-1)!;
    expect(rec.metadata).toEqual(metadata('uid-ok'));
    expect(rec.fileBytes).toBe(statSync(clip()).size);
    expect(rec.fileName).toBe('tennis_forehand_1.mp4');
    expect(rec.fileType).toBe('video/mp4');
    expect(uploaded.at(-1)).toBeGreaterThan(statSync(clip()).size);
  });

  it('refuses bad metadata and unsupported extensions before any request', async () => {
    const before = s.requests.length;
    const bad = await apiFailure(clientFor(s).processVideo(clip(), { ...metadata(), player_height_mm: -5 }));
    expect(bad.kind).toBe('input');
    expect(bad.message).toContain('player_height_mm: player height must be between 500 and 2800 mm (got -5)');
    const ext = await apiFailure(clientFor(s).processVideo('/tmp/clip.webm', metadata()));
    expect(ext.kind).toBe('input');
    expect(ext.message).toContain('.webm');
    expect(s.requests.length).toBe(before);
  });
});

describe('processVideo faults end in their typed errors', () => {
  // A generous idle timeout: a loaded machine must not turn a 500 into a timeout. The two hang
  // tests shorten it themselves.
  const run = (opts = {}) =>
    apiFailure(clientFor(s).processVideo(clip(), metadata('uid-f'), { idleTimeoutMs: 10_000, ...opts }));

  it('500 → server, not retried', async () => {
    const before = s.requests.filter((r) => r.route === 'process').length;
    s.plan('process', { type: 'status', status: 500, body: { error: 'Internal server error' } });
    const err = await run();
    expect([err.kind, err.status, err.serverMessage]).toEqual(['server', 500, 'Internal server error']);
    expect(s.requests.filter((r) => r.route === 'process').length).toBe(before + 1);
  });

  it('401 → auth', async () => {
    s.plan('process', { type: 'status', status: 401, body: { error: 'Unauthorized' } });
    const err = await run();
    expect([err.kind, err.retryable]).toEqual(['auth', false]);
  });

  it('invalid-request body (400) → TechniqueError', async () => {
    s.plan('process', {
      type: 'json',
      status: 400,
      body: { error: 'metadata missing', status: 'error', timestamp: '2026-11-20T10:00:00', uid: 'uid-f' },
    });
    const err = await run();
    expect(err).toBeInstanceOf(TechniqueError);
    expect((err as TechniqueError).errors).toEqual(['metadata missing']);
    expect(err.status).toBe(400);
  });

  it('stream cut mid-line → ndjson-connection-cut', async () => {
    const text = lines(processingLine('uid-f', 0.5), doneLine('uid-f'));
    s.plan('process', { type: 'ndjson', text, cutAfterBytes: text.indexOf('\n') + 40 });
    const err = await run();
    expect(err).toBeInstanceOf(NdjsonError);
    expect([err.code, err.kind]).toEqual(['ndjson-connection-cut', 'network']);
  });

  it('no answer at all → timeout', async () => {
    s.plan('process', { type: 'hang' });
    const err = await run({ idleTimeoutMs: 400 });
    expect(err.kind).toBe('timeout');
  });

  it('stream that stops sending → ndjson-idle-timeout', async () => {
    s.plan('process', { type: 'ndjson', text: lines(processingLine('uid-f', 0.1)), hang: true });
    const err = await run({ idleTimeoutMs: 400 });
    expect([err.code, err.kind]).toEqual(['ndjson-idle-timeout', 'timeout']);
  });

  it('invalid JSON → ndjson-invalid-json with the line number', async () => {
    s.plan('process', {
      type: 'ndjson',
      text: `${JSON.stringify(processingLine('uid-f', 0.1))}\n{"status": "done", uid}\n`,
    });
    const err = (await run()) as NdjsonError;
    expect([err.code, err.line, err.kind]).toEqual(['ndjson-invalid-json', 2, 'contract']);
  });

  it('done missing required fields → contract', async () => {
    const { result: _r, ...partial } = doneLine('uid-f');
    s.plan('process', { type: 'ndjson', text: lines(partial) });
    const err = await run();
    expect([err.kind, err.code]).toEqual(['contract', 'technique-invalid-line']);
    expect(err.message).toContain('result');
  });

  it('failed line → server technique-failed', async () => {
    s.plan('process', {
      type: 'ndjson',
      text: lines({ status: 'failed', uid: 'uid-f', errors: ['GPU out of memory'], warnings: [] }),
    });
    const err = await run();
    expect(err).not.toBeInstanceOf(TechniqueError);
    expect([err.kind, err.code, err.serverMessage]).toEqual([
      'server',
      'technique-failed',
      'GPU out of memory',
    ]);
  });

  it('error line → TechniqueError with errors and warnings', async () => {
    s.plan('process', {
      type: 'ndjson',
      text: lines(processingLine('uid-f', 0.3), {
        status: 'error',
        uid: 'uid-f',
        errors: ['no swing found'],
        warnings: ['player small'],
      }),
    });
    const err = (await run()) as TechniqueError;
    expect(err).toBeInstanceOf(TechniqueError);
    expect([err.kind, err.analysisError, err.errors, err.warnings]).toEqual([
      'server',
      true,
      ['no swing found'],
      ['player small'],
    ]);
  });

  it('unknown status → ndjson-unknown-status; no terminal line → ndjson-no-terminal', async () => {
    s.plan('process', { type: 'ndjson', text: lines(processingLine('uid-f', 0.1), { status: 'queued' }) });
    expect((await run()).code).toBe('ndjson-unknown-status');
    s.plan('process', {
      type: 'ndjson',
      text: lines(processingLine('uid-f', 0.1), processingLine('uid-f', 0.2)),
    });
    expect((await run()).code).toBe('ndjson-no-terminal');
  });

  it('cancel while streaming → cancelled', async () => {
    s.plan('process', { type: 'ndjson', text: lines(processingLine('uid-f', 0.1)), hang: true });
    const ctl = new AbortController();
    const err = await run({ signal: ctl.signal, idleTimeoutMs: 10_000, onProgress: () => ctl.abort() });
    expect(err.kind).toBe('cancelled');
  });

  it('a healthy request after the faults still succeeds', async () => {
    const done = await clientFor(s).processVideo(clip(), metadata('uid-after'));
    expect(done.uid).toBe('uid-after');
  });
});
