/**
 * `swing-studio import <handover.zip> [--merge-player | --new-player]`: imports a session handed
 * over by another coach. When the library already has a player with the same name, the command
 * asks on a TTY (merge? [y/N]) and otherwise stops with a message naming the two flags.
 * Prints the session id; "already in the library" when the same session was imported before.
 */
import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { swingStudioHome } from '../../config/home.js';
import { HandoverError, importHandover, type PlayerMerge } from '../../export/handover-import.js';
import { openConfiguredLibrary } from '../../settings/library-location.js';

/** Registers `import`. */
export function registerImport(program: Command): void {
  program
    .command('import')
    .description('import a session hand-over (.zip) from another coach')
    .argument('<handover.zip>', 'file written by `export --format handover`')
    .option('--merge-player', 'merge into the existing player with the same name')
    .option('--new-player', 'import the player as a new player even if the name exists')
    .action(async (zipPath: string, o: { mergePlayer?: boolean; newPlayer?: boolean }) => {
      if (o.mergePlayer && o.newPlayer) throw new Error('choose one of --merge-player and --new-player');
      const merge: PlayerMerge = o.mergePlayer ? 'merge' : o.newPlayer ? 'new' : 'ask';
      const db = openConfiguredLibrary(swingStudioHome());
      try {
        let result;
        try {
          result = await importHandover(db, zipPath, { playerMerge: merge });
        } catch (err) {
          if (!(err instanceof HandoverError) || err.code !== 'player-exists' || !process.stdin.isTTY) throw err;
          result = await importHandover(db, zipPath, { playerMerge: (await askMerge(err.message)) ? 'merge' : 'new' });
        }
        process.stdout.write(result.created ? `imported as session ${result.sessionId}\n` : `already in the library as session ${result.sessionId}\n`);
      } catch (err) {
        if (err instanceof HandoverError && err.code === 'player-exists') {
          throw new Error(`${err.message} (use --merge-player or --new-player)`, { cause: err });
        }
        throw err;
      } finally {
        db.close();
      }
    });
}

async function askMerge(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question}. Merge? [y/N] `)).trim());
  } finally {
    rl.close();
  }
}
