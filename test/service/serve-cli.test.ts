import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/media.js';
import { loadOrCreateSecret, tokenEntropyBits } from '../../main/service/secrets.js';
import { tempHome } from './helpers.js';

describe('swing-studio serve', () => {
  const TOKEN = 'cli-test-token-4f9c2a7e1b8d3c6f0a5e9b2d7c1f4a8e';

  it('prints base_url, technique_url and the token file, serves with the env token (not stored), and stops on SIGTERM', async () => {
    const h = tempHome();
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'main/cli/bin.ts'), 'serve', '--port', '0'], {
      cwd: REPO_ROOT,
      env: { ...process.env, SWING_STUDIO_HOME: h.home, SWING_STUDIO_SERVICE_TOKEN: TOKEN },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const printed: Record<string, string> = {};
    const lines = createInterface({ input: child.stdout });
    for await (const line of lines) {
      const [key, ...rest] = line.split(': ');
      printed[key!] = rest.join(': ');
      if (key === 'token_file') break;
    }
    expect(printed.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(printed.technique_url).toBe(printed.base_url);
    expect(printed.token_file).toBe('none (token from SWING_STUDIO_SERVICE_TOKEN, not stored)');
    expect(() => statSync(join(h.home, 'service', 'token'))).toThrow(/ENOENT/);
    const ok = await fetch(`${printed.base_url}/api/videos/check`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ video_urls: [] }),
    });
    expect(ok.status).toBe(400); // authorised; the empty list is the only problem
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    h.cleanup();
  });

  it('refuses a weak token (t123, 100 × "a") from a token file, and has no --token option', async () => {
    const h = tempHome();
    const run = (args: string[]) =>
      new Promise<{ code: number | null; err: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'main/cli/bin.ts'), 'serve', '--port', '0', ...args], {
          cwd: REPO_ROOT,
          env: { ...process.env, SWING_STUDIO_HOME: h.home },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let err = '';
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.on('exit', (code) => resolve({ code, err }));
      });
    for (const weak of ['t123', 'a'.repeat(100)]) {
      writeFileSync(join(h.home, 'tok'), weak);
      const r = await run(['--token-file', join(h.home, 'tok'), '--store-token']);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/token is too weak/);
    }
    expect((await run(['--token', TOKEN])).code).toBe(2);
    h.cleanup();
  });

  it('a chosen token never replaces the generated one unless --store-token, and the file stays 0600', () => {
    const h = tempHome();
    const path = join(h.home, 'token');
    const generated = loadOrCreateSecret(path);
    expect(loadOrCreateSecret(path, TOKEN)).toBe(TOKEN);
    expect(readFileSync(path, 'utf8').trim()).toBe(generated);
    expect(loadOrCreateSecret(path, TOKEN, true)).toBe(TOKEN);
    expect(readFileSync(path, 'utf8').trim()).toBe(TOKEN);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(tokenEntropyBits(generated)).toBeGreaterThanOrEqual(128);
    h.cleanup();
  });

  it('refuses a bad port with a usage error', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'main/cli/bin.ts'), 'serve', '--port', 'http'], { cwd: REPO_ROOT, stdio: 'ignore' });
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
  });
});
