/**
 * The Electron-side logic that runs without Electron: app:// file answers (confinement, CSP),
 * the IPC sender check, window bounds restore, the menu template, external links, the CSP.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAppFile, APP_ORIGIN } from '../../main/electron/app-files.js';
import { ELECTRON_CSP, RENDERER_META_CSP, bridgeCsp } from '../../main/config/renderer-csp.js';
import { isExternalLink } from '../../main/electron/links.js';
import { menuTemplate } from '../../main/electron/menu.js';
import { isTrustedSender } from '../../main/electron/sender.js';
import { DEFAULT_SIZE, initialBounds } from '../../main/electron/window-state.js';
import { REPO_ROOT } from '../support/media.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'swing-appfiles-'));
  mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'index.html'), '<html></html>');
  writeFileSync(join(dir, 'dist', 'assets', 'main.js'), 'export {}');
  writeFileSync(join(dir, 'secret.json'), '{}');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('app:// files', () => {
  const get = (path: string) => answerAppFile(join(dir, 'dist'), `${APP_ORIGIN}${path}`);
  it('serves index.html and assets with the CSP', async () => {
    const index = await get('/');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.headers['content-security-policy']).toBe(ELECTRON_CSP);
    expect((await get('/assets/main.js')).headers['content-type']).toMatch(/javascript/);
  });
  it.each([
    ['/..%2Fsecret.json', 403],
    ['/assets/..%2F..%2Fsecret.json', 403],
    ['/%2Fetc%2Fpasswd', 403],
    ['/assets%5C..%5Cindex.html', 403],
    ['/missing.js', 404],
    ['/assets/main.ts', 404],
  ])('refuses %s with %i', async (path, status) => {
    const a = await get(path);
    expect(a.status).toBe(status);
    expect(a.body).toBeNull();
  });
  it('refuses another host', async () => {
    expect((await answerAppFile(join(dir, 'dist'), 'app://other/index.html')).status).toBe(403);
  });
});

describe('IPC sender check', () => {
  const ok = { webContentsId: 7, frameUrl: 'app://swing-studio/index.html#/library', isTopFrame: true };
  it('trusts the top frame of our window on app://', () => expect(isTrustedSender(ok, 7)).toBe(true));
  it.each([
    ['another webContents', { ...ok, webContentsId: 8 }, 7],
    ['a sub-frame', { ...ok, isTopFrame: false }, 7],
    ['another origin', { ...ok, frameUrl: 'https://evil.example/' }, 7],
    ['a lookalike host', { ...ok, frameUrl: 'app://swing-studio.evil/index.html' }, 7],
    ['a destroyed frame', { ...ok, frameUrl: '' }, 7],
    ['no window', ok, null],
  ] as const)('refuses %s', (_l, facts, id) => expect(isTrustedSender(facts, id)).toBe(false));
});

describe('window bounds', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1040 }];
  it('restores saved bounds on a display', () => {
    expect(initialBounds({ x: 100, y: 50, width: 1500, height: 950, maximized: true }, screen)).toEqual({
      bounds: { x: 100, y: 50, width: 1500, height: 950 },
      maximized: true,
    });
  });
  it('falls back to the default size when the saved place is off screen or absent', () => {
    expect(initialBounds({ x: 5000, y: 50, width: 1500, height: 950, maximized: false }, screen)).toEqual({
      bounds: { ...DEFAULT_SIZE },
      maximized: false,
    });
    expect(initialBounds(undefined, screen)).toEqual({ bounds: { ...DEFAULT_SIZE }, maximized: false });
  });
  it('clamps the size to the minimum and to the display', () => {
    expect(initialBounds({ x: 0, y: 0, width: 300, height: 5000, maximized: false }, screen).bounds).toEqual({
      x: 0,
      y: 0,
      width: 1024,
      height: 1040,
    });
  });
});

describe('menu', () => {
  const labels = (items: MenuItemConstructorOptions[]): string[] =>
    items.map((i) => String(i.label ?? i.role ?? i.type));
  const sub = (item: MenuItemConstructorOptions | undefined): MenuItemConstructorOptions[] =>
    (item?.submenu ?? []) as MenuItemConstructorOptions[];
  it('has File, Edit, View, Window, Help with dev items only in development', () => {
    const sent: string[] = [];
    const prod = menuTemplate({ platform: 'linux', isDev: false, command: (c) => sent.push(c) });
    expect(labels(prod)).toEqual(['&File', '&Edit', '&View', '&Window', '&Help']);
    expect(labels(sub(prod[2]))).not.toContain('toggleDevTools');
    expect(labels(sub(prod[2]))).toEqual(
      expect.arrayContaining(['zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen']),
    );
    const dev = menuTemplate({ platform: 'linux', isDev: true, command: () => undefined });
    expect(labels(sub(dev[2]))).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
    const newAnalysis = sub(prod[0])[0];
    expect(newAnalysis?.accelerator).toBe('CmdOrCtrl+N');
    (newAnalysis?.click as () => void)();
    (sub(prod[4])[0]?.click as () => void)();
    expect(sent).toEqual(['new-analysis', 'show-shortcuts']);
    expect(labels(sub(prod[0]))).toContain('quit');
  });
  it('puts the app menu first on macOS', () => {
    expect(labels(menuTemplate({ platform: 'darwin', isDev: false, command: () => undefined }))[0]).toBe(
      'Swing Studio',
    );
  });
});

describe('links and CSP', () => {
  it('opens only http(s) links externally', () => {
    expect(isExternalLink('https://example.com/a')).toBe(true);
    expect(isExternalLink('http://example.com')).toBe(true);
    for (const bad of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'app://swing-studio/x',
      'smb://host/share',
      'not a url',
    ])
      expect(isExternalLink(bad)).toBe(false);
  });
  it('keeps script-src self and no unsafe-eval in every form', () => {
    for (const csp of [ELECTRON_CSP, RENDERER_META_CSP, bridgeCsp(4000)]) {
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain('unsafe-eval');
    }
    expect(bridgeCsp(4000)).toContain("connect-src 'self' ws://127.0.0.1:4000;");
    expect(ELECTRON_CSP).toContain("frame-ancestors 'none'");
  });
  it('is the policy of the <meta> in renderer/index.html, verbatim', () => {
    const html = readFileSync(join(REPO_ROOT, 'renderer', 'index.html'), 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html);
    expect(meta?.[1]).toBe(RENDERER_META_CSP);
  });
});
