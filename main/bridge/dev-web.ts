/**
 * `npm run dev:web`: the app without Electron. Starts the real handlers (the library in
 * SWING_STUDIO_HOME, or a fresh temp folder with --temp), the real job queue and local
 * service, serves the built renderer and prints the address to open in Chromium.
 *
 * Usage: node dist/main/bridge/dev-web.js [--temp] [--port N]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { swingStudioHome } from '../config/home.js';
import { startBridge } from './server.js';

/** Repository root, from source (main/bridge) or from the build (dist/main/bridge). */
export function repoRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, '..', '..', ...(/[\\/]dist[\\/]main[\\/]bridge$/.test(here) ? ['..'] : []));
}

function parseArgs(argv: readonly string[]): { temp: boolean; port: number } {
  const temp = argv.includes('--temp');
  const i = argv.indexOf('--port');
  const port = i >= 0 ? Number(argv[i + 1]) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535 (got ${argv[i + 1]})`);
  return { temp, port };
}

async function main(): Promise<void> {
  const { temp, port } = parseArgs(process.argv.slice(2));
  const home = temp ? mkdtempSync(join(tmpdir(), 'swing-studio-web-')) : swingStudioHome();
  const root = repoRoot();
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string })
    .version;
  const bridge = await startBridge({ home, port, rendererDir: join(root, 'renderer', 'dist'), version });
  process.stdout.write(`Swing Studio (browser mode), library in ${home}\nOpen: ${bridge.url}\n`);
  const stop = (): void => {
    process.stdout.write('stopping…\n');
    void bridge.close().then(() => {
      if (temp) rmSync(home, { recursive: true, force: true });
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`dev-web: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
