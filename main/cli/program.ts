/**
 * The commander program: one `register…` per command module. Exit codes: 0 ok, 1 failure,
 * 2 bad usage (commander's own).
 */
import { Command, CommanderError } from 'commander';
import { COMMANDS } from './commands/index.js';

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

/** Parses argv and runs the command; prints one clear line on stderr and sets a non-zero exit code on failure. */
export async function runCli(program: Command, argv: string[]): Promise<void> {
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode === 0 ? 0 : 2;
      return;
    }
    process.stderr.write(`swing-studio: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
