/**
 * Runs the real `swing-studio` commander program in this process with argv, a temporary
 * environment, and stdout/stderr captured. The exit code is what runCli leaves in
 * process.exitCode (reset afterwards).
 */
import { vi } from 'vitest';
import { buildProgram, runCli } from '../../main/cli/program.js';

/** Captured outcome of one CLI run. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `swing-studio <args…>` with `env` merged into process.env for the duration. */
export async function runCliCapture(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const saved: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  const so = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (out.push(String(chunk)), true));
  const se = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (err.push(String(chunk)), true));
  process.exitCode = undefined;
  try {
    await runCli(buildProgram(), ['node', 'swing-studio', ...args]);
    return { code: Number(process.exitCode ?? 0), stdout: out.join(''), stderr: err.join('') };
  } finally {
    so.mockRestore();
    se.mockRestore();
    process.exitCode = undefined;
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
