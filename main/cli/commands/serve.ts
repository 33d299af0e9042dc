/**
 * `swing-studio serve [--host 127.0.0.1] [--port 8765] [--token T] [--max-upload-bytes N]`:
 * runs the local analysis service in the foreground until SIGINT/SIGTERM. When ready it prints
 * `base_url`, `technique_url` and the path of the token file, one `key: value` per line.
 */
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { startLocalService } from '../../service/server.js';

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
    .option('--token <token>', 'bearer token to require (stored in the home folder); default: the stored one, generated on first run')
    .option('--max-upload-bytes <bytes>', 'cap of one upload, bytes (default 2 GiB)', intArg(1, Number.MAX_SAFE_INTEGER))
    .action(async (o: { host: string; port: number; token?: string; maxUploadBytes?: number }) => {
      const svc = await startLocalService({
        host: o.host,
        port: o.port,
        ...(o.token !== undefined ? { token: o.token } : {}),
        ...(o.maxUploadBytes !== undefined ? { maxUploadBytes: o.maxUploadBytes } : {}),
      });
      process.stdout.write(`base_url: ${svc.baseUrl}\ntechnique_url: ${svc.techniqueUrl}\ntoken_file: ${svc.tokenPath}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await svc.close();
    });
}
