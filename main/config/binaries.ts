/**
 * ffmpeg / ffprobe resolution. Order: FFMPEG_PATH / FFPROBE_PATH; then the system binary on
 * PATH (Debian's ffmpeg 5.1 here, newer than the installer's 2018 build); then the binaries
 * shipped inside @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe (no download at
 * install; unpacked from asar in a packaged app, see electron-builder.yml).
 */
import { createRequire } from 'node:module';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const require = createRequire(import.meta.url);

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const exe = process.platform === 'win32' ? `${name}.exe` : name;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, exe);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      /* not here */
    }
  }
  return undefined;
}

function fromInstaller(pkg: string): string | undefined {
  try {
    const p = (require(pkg) as { path: string }).path.replace('app.asar', 'app.asar.unpacked');
    return existsSync(p) ? p : undefined;
  } catch {
    return undefined;
  }
}

/** Absolute path (or bare command name as last resort) of ffmpeg. */
export function ffmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.FFMPEG_PATH || onPath('ffmpeg', env) || fromInstaller('@ffmpeg-installer/ffmpeg') || 'ffmpeg';
}

/** Absolute path (or bare command name as last resort) of ffprobe. */
export function ffprobePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.FFPROBE_PATH || onPath('ffprobe', env) || fromInstaller('@ffprobe-installer/ffprobe') || 'ffprobe';
}
