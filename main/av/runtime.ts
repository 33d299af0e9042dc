/**
 * The FFmpeg the app ships: node-av's prebuilt FFmpeg 8.1 libraries, loaded in-process from the
 * platform package npm installs (`@seydx/node-av-<platform>-<arch>`; nothing is downloaded at
 * install or run time). Loaded lazily: the native library is large (167 MB on linux-x64) and
 * only media work needs it.
 *
 * Node 20: node-av's high-level API calls `Promise.withResolvers` (ES2024, Node ≥ 22). On older
 * Node the standard method is defined here with its specified semantics before node-av loads.
 */

type NodeAvApi = typeof import('node-av/api');
type NodeAvConstants = typeof import('node-av/constants');
type AVLogLevel = NodeAvConstants['AV_LOG_QUIET'];
type NodeAvLib = typeof import('node-av/lib');

/** node-av's three entry points. */
export interface NodeAv {
  api: NodeAvApi;
  constants: NodeAvConstants;
  lib: NodeAvLib;
}

/** The shipped FFmpeg libraries could not be loaded on this machine. */
export class MediaRuntimeError extends Error {
  constructor(detail: string) {
    super(
      `the FFmpeg libraries shipped with Swing Studio could not load on ${process.platform}-${process.arch} (${detail}); ` +
        'reinstall with `npm install`, or set FFMPEG_PATH and FFPROBE_PATH to an ffmpeg/ffprobe ≥ 6.1 of this system',
    );
    this.name = 'MediaRuntimeError';
  }
}

function defineWithResolvers(): void {
  const P = Promise as PromiseConstructor & { withResolvers?: unknown };
  if (typeof P.withResolvers === 'function') return;
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: function withResolvers<T>() {
      let resolve!: (v: T | PromiseLike<T>) => void;
      let reject!: (e?: unknown) => void;
      const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
      return { promise, resolve, reject };
    },
  });
}

let loading: Promise<NodeAv> | undefined;

/**
 * FFmpeg's own log on stderr: silent by default (failures reach callers as exceptions with
 * FFmpeg's reason, the CLI prints one line per failure, and encoder statistics are noise to a
 * user); SWING_FFMPEG_LOG=error|warning|info|debug turns it on for diagnosis.
 */
function logLevel(c: NodeAvConstants): AVLogLevel {
  const levels: Record<string, AVLogLevel> = { error: c.AV_LOG_ERROR, warning: c.AV_LOG_WARNING, info: c.AV_LOG_INFO, debug: c.AV_LOG_DEBUG };
  return levels[process.env.SWING_FFMPEG_LOG ?? ''] ?? c.AV_LOG_QUIET;
}

/**
 * node-av, loaded once.
 * @throws MediaRuntimeError when the native library for this platform is missing or fails to load.
 */
export function loadAv(): Promise<NodeAv> {
  loading ??= (async () => {
    defineWithResolvers();
    try {
      const [api, constants, lib] = await Promise.all([
        import('node-av/api'),
        import('node-av/constants'),
        import('node-av/lib'),
      ]);
      lib.Log.setLevel(logLevel(constants));
      return { api, constants, lib };
    } catch (err) {
      loading = undefined;
      throw new MediaRuntimeError(err instanceof Error ? err.message.split('\n')[0]! : String(err));
    }
  })();
  return loading;
}

/** Version of the shipped FFmpeg libraries, e.g. "8.1-Jellyfin". @throws MediaRuntimeError. */
export async function shippedFfmpegVersion(): Promise<string> {
  const { lib } = await loadAv();
  return lib.getFFmpegInfo().version;
}
