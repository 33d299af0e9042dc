/**
 * The sandboxed preload bundle (dist/preload/index.cjs, built by rolldown exactly as
 * `npm run build:preload` does): it requires nothing but 'electron', stays small (no zod), and
 * exposes an API that forwards known channels to ipcRenderer.invoke and refuses others.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwingStudioApi } from '../../preload/contract.js';
import { REPO_ROOT } from '../support/media.js';

let dir: string;
let code: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'swing-preload-'));
  const file = join(dir, 'index.cjs');
  const bin = join(REPO_ROOT, 'node_modules', '.bin', 'rolldown');
  execFileSync(
    bin,
    ['preload/index.ts', '--format', 'cjs', '--platform', 'node', '--external', 'electron', '--file', file],
    { cwd: REPO_ROOT, stdio: 'pipe' },
  );
  code = readFileSync(file, 'utf8');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the bundle with a fake 'electron' module and returns what it exposed. */
function load(): {
  api: SwingStudioApi;
  invoked: unknown[][];
  required: string[];
  listeners: Map<string, (...a: unknown[]) => void>;
} {
  const invoked: unknown[][] = [];
  const required: string[] = [];
  const listeners = new Map<string, (...a: unknown[]) => void>();
  let api: SwingStudioApi | undefined;
  const electron = {
    contextBridge: {
      exposeInMainWorld: (name: string, value: SwingStudioApi) => name === 'swingStudio' && (api = value),
    },
    ipcRenderer: {
      invoke: (...args: unknown[]) => (invoked.push(args), Promise.resolve({ ok: true, value: 'x' })),
      on: (event: string, l: (...a: unknown[]) => void) => listeners.set(event, l),
      removeListener: (event: string) => listeners.delete(event),
    },
  };
  const require = (id: string): unknown => {
    required.push(id);
    if (id !== 'electron') throw new Error(`sandboxed preload cannot require ${id}`);
    return electron;
  };
  runInNewContext(code, { require, module: { exports: {} }, exports: {}, Promise, Set, Error, String });
  if (!api) throw new Error('nothing exposed');
  return { api, invoked, required, listeners };
}

describe('preload bundle', () => {
  it('is small, CommonJS and free of zod', () => {
    expect(code.length).toBeLessThan(8_000);
    expect(code).not.toMatch(/zod|import\s/);
  });

  it('requires only electron and forwards known channels', async () => {
    const { api, invoked, required } = load();
    expect(required).toEqual(['electron']);
    expect(api.mode).toBe('electron');
    expect(await api.invoke('library.getSession', { id: 1 })).toEqual({ ok: true, value: 'x' });
    expect(invoked).toEqual([['library.getSession', { id: 1 }]]);
    const bad = await api.invoke('fs.readFile' as 'app.info');
    expect(bad).toEqual({ ok: false, error: { kind: 'input', message: 'unknown channel fs.readFile' } });
    expect(invoked).toHaveLength(1);
  });

  it('subscribes to known events only, hides the IPC event, and unsubscribes', () => {
    const { api, listeners } = load();
    const got: unknown[] = [];
    const off = api.on('library.changed', (p) => got.push(p));
    listeners.get('library.changed')?.(
      { sender: 'ipc-event' },
      { kind: 'session', id: 1, change: 'created' },
    );
    expect(got).toEqual([{ kind: 'session', id: 1, change: 'created' }]);
    off();
    expect(listeners.has('library.changed')).toBe(false);
    expect(() => api.on('ipc.secret' as 'jobs.changed', () => undefined)).toThrow(/unknown event/);
  });
});
