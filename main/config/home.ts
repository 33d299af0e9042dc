/**
 * Where Swing Studio keeps everything it writes: the library database, clips, archives, the
 * local service's token, signing secret, object storage and task queue.
 * `SWING_STUDIO_HOME` overrides; the default is the OS user-data folder for "Swing Studio"
 * (Linux: ~/.local/share/Swing Studio, macOS: ~/Library/Application Support/Swing Studio,
 * Windows: %APPDATA%\Swing Studio\Data) as given by env-paths.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';

/** Absolute path of the Swing Studio home folder (not created). */
export function swingStudioHome(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.SWING_STUDIO_HOME;
  if (override && override.trim() !== '') return override;
  return envPaths('Swing Studio', { suffix: '' }).data;
}

/** Creates (owner-only, 0700) and returns a sub-folder of the home folder. */
export function homeDir(home: string, ...parts: string[]): string {
  const dir = join(home, ...parts);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}
