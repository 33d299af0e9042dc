import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/media.js';
import { tempHome } from './helpers.js';

describe('swing-studio serve', () => {
  it('prints base_url, technique_url and the token file, serves, and stops on SIGTERM', async () => {
    const h = tempHome();
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'main/cli/bin.ts'), 'serve', '--port', '0', '--token', 'cli-test-token'], {
      cwd: REPO_ROOT,
      env: { ...process.env, SWING_STUDIO_HOME: h.home },
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
    expect(printed.token_file).toBe(join(h.home, 'service', 'token'));
    expect(statSync(printed.token_file!).mode & 0o777).toBe(0o600);
    const ok = await fetch(`${printed.base_url}/api/videos/check`, {
      method: 'POST',
      headers: { Authorization: 'Bearer cli-test-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ video_urls: [] }),
    });
    expect(ok.status).toBe(400); // authorised; the empty list is the only problem
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    h.cleanup();
  });

  it('refuses a bad port with a usage error', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'main/cli/bin.ts'), 'serve', '--port', 'http'], { cwd: REPO_ROOT, stdio: 'ignore' });
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
  });
});
