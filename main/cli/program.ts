/**
 * The commander program: one `register…` per command module. Exit codes: 0 ok, 1 failure,
 * 2 bad usage (commander's own).
 */
import { Command, CommanderError } from 'commander';
import { COMMANDS } from './commands/index.js';
import { oneLineReason } from '../jobs/reason.js';

/** Builds the `swing-studio` program with every command registered. */
export function buildProgram(): Command {
  const program = new Command('swing-studio')
    .description('Swing Studio: technique analysis for tennis and pickleball, headless')
    .version('0.1.0')
    .showHelpAfterError()
    .exitOverride();
  for (const register of COMMANDS) register(program);
  return program;
}

/**
 * Parses argv and runs the command; on failure prints one line on stderr saying the cause
 * (main/jobs/reason.ts `oneLineReason`: SQLite and file-system errors in words, any other
 * message folded onto one line) and sets a non-zero exit code.
 */
export async function runCli(program: Command, argv: string[]): Promise<void> {
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode === 0 ? 0 : 2;
      return;
    }
    process.stderr.write(`swing-studio: ${oneLineReason(err)}\n`);
    process.exitCode = 1;
  }
}
