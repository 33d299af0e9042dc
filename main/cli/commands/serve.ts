/**
 * `swing-studio serve [--host 127.0.0.1] [--port 8765] [--token-file F] [--store-token]
 *   [--allow-lan-host H]... [--max-upload-bytes N]`:
 * runs the local analysis service in the foreground until SIGINT/SIGTERM. When ready it prints
 * `base_url`, `technique_url` and the path of the token file, one `key: value` per line.
 * A chosen token comes from the env var SWING_STUDIO_SERVICE_TOKEN or `--token-file`, never the
 * command line (other users see it in `ps`); it needs ≥ 128 bits (secrets.ts) and replaces the
 * generated token only with `--store-token`.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { startLocalService } from '../../service/service-server.js';

/** Env var holding a chosen bearer token for `serve`. */
export const TOKEN_ENV = 'SWING_STUDIO_SERVICE_TOKEN';

/** Default TCP port of `swing-studio serve` (any free port; in-process callers default to 0). */
export const DEFAULT_SERVE_PORT = 8765;

function intArg(min: number, max: number) {
  return (text: string): number => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`expected an integer from ${min} to ${max}`);
    return n;
  };
}

/** Registers `serve` on the program. */
export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Run the local analysis service (the /api endpoints and the technique server /process)')
    .option('--host <host>', 'interface to bind (loopback only by default)', '127.0.0.1')
    .option('--port <port>', 'TCP port (0: any free port)', intArg(0, 65535), DEFAULT_SERVE_PORT)
    .option('--token-file <path>', `file holding the bearer token to require (or env ${TOKEN_ENV}); default: the stored one, generated on first run`)
    .option('--store-token', 'store the chosen token in the home folder for later runs (default: this run only)')
    .option('--allow-lan-host <host>', 'a LAN host (name or IP) that video URLs may point at; repeat for more', (v: string, all: string[]) => [...all, v], [] as string[])
    .option('--max-upload-bytes <bytes>', 'cap of one upload, bytes (default 2 GiB)', intArg(1, Number.MAX_SAFE_INTEGER))
    .action(async (o: { host: string; port: number; tokenFile?: string; storeToken?: boolean; allowLanHost: string[]; maxUploadBytes?: number }) => {
      const token = o.tokenFile !== undefined ? readFileSync(o.tokenFile, 'utf8').trim() : process.env[TOKEN_ENV] || undefined;
      const svc = await startLocalService({
        host: o.host,
        port: o.port,
        allowLanHosts: o.allowLanHost,
        ...(token !== undefined ? { token, persistToken: o.storeToken === true } : {}),
        ...(o.maxUploadBytes !== undefined ? { maxUploadBytes: o.maxUploadBytes } : {}),
      });
      const stored = token === undefined || o.storeToken === true;
      const source = o.tokenFile !== undefined ? o.tokenFile : TOKEN_ENV;
      process.stdout.write(`base_url: ${svc.baseUrl}\ntechnique_url: ${svc.techniqueUrl}\ntoken_file: ${stored ? svc.tokenPath : `none (token from ${source}, not stored)`}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await svc.close();
    });
}
