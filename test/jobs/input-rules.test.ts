/**
 * One schema for a job's input (issue 13, building blocks): the same bad inputs are refused
 * with the same message by the app's IPC validation (the dispatcher over the real handlers, as
 * Electron's ipcMain calls it, and the renderer's bridge client over the real WebSocket bridge),
 * by the job queue, and (for the fields the command line has) by the CLI's option parsing; and
 * the job states come from one list.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../main/ipc/dispatch.js';
import { JobInputError } from '../../main/jobs/validate.js';
import { FINAL_JOB_STATES } from '../../main/contract/job.js';
import { MAX_PLAYER_HEIGHT_MM, MIN_PLAYER_HEIGHT_MM } from '../../main/contract/player-height.js';
import { AnalysisJobInputSchema } from '../../preload/contract.js';
import { startConnectedBridge, type ConnectedBridge } from '../app/bridge-client-loader.js';
import { runCliCapture } from '../cli/run-cli.js';

const home = mkdtempSync(join(tmpdir(), 'job-input-'));
const clip = join(home, 'clip.mp4');
writeFileSync(clip, 'x');
let connected: ConnectedBridge;
let bridge: ConnectedBridge['bridge'];
let api: ConnectedBridge['api'];

beforeAll(async () => {
  connected = await startConnectedBridge(home, '0.0.0');
  ({ bridge, api } = connected);
});
afterAll(async () => {
  await connected.close();
  rmSync(home, { recursive: true, force: true });
});

const good = {
  videoPath: clip,
  player: { name: 'Ana', dominantHand: 'right', heightMm: 1680 },
  sport: 'tennis',
  swingType: 'forehand_drive',
  backend: 'local',
};

interface BadCase {
  what: string;
  input: Record<string, unknown>;
  /** The refusal: `field path: message`. */
  message: string;
  /** The same value given on the command line (omitted when the CLI has no option for the field). */
  cli?: string[];
}

const player = (patch: object) => ({ ...good, player: { ...good.player, ...patch } });
const CASES: BadCase[] = [
  {
    what: 'height in cm',
    input: player({ heightMm: 168 }),
    message: 'player.heightMm: player height must be between 500 and 2800 mm (got 168)',
    cli: ['--height', '168'],
  },
  {
    what: 'height in metres',
    input: player({ heightMm: 1.68 }),
    message: 'player.heightMm: player height must be between 500 and 2800 mm (got 1.68)',
    cli: ['--height', '1.68'],
  },
  {
    what: 'height not a number',
    input: player({ heightMm: 'tall' }),
    message: 'player.heightMm: player height must be between 500 and 2800 mm (got "tall")',
    cli: ['--height', 'tall'],
  },
  {
    what: 'empty name',
    input: player({ name: '   ' }),
    message: 'player.name: player name must not be empty',
    cli: ['--player', '   '],
  },
  {
    what: 'unknown hand',
    input: player({ dominantHand: 'both' }),
    message: 'player.dominantHand: unknown dominant hand "both"; expected one of left, right',
    cli: ['--hand', 'both'],
  },
  {
    what: 'unknown sport',
    input: { ...good, sport: 'golf' },
    message: 'sport: unknown sport "golf"; expected one of pickleball, tennis, none',
    cli: ['--sport', 'golf'],
  },
  {
    what: 'unknown swing',
    input: { ...good, swingType: 'volley' },
    message: 'swingType: unknown swing type "volley"; expected one of forehand_drive, backhand_drive, serve, dink',
    cli: ['--swing', 'volley'],
  },
  {
    what: 'a swing type outside its sports (issue 28: the dink is a pickleball stroke)',
    input: { ...good, swingType: 'dink' },
    message: 'swingType: the swing type is not a stroke of this sport (dink: pickleball only; serve: tennis or pickleball)',
  },
  {
    what: 'unknown backend',
    input: { ...good, backend: 'cloud' },
    message: 'backend: unknown backend "cloud"; expected one of local, remote',
    cli: ['--backend', 'cloud'],
  },
  {
    what: 'capture rate 0',
    input: { ...good, captureFps: 0 },
    message: 'captureFps: capture frame rate must be > 0 and at most 100000 frames/s (got 0)',
    cli: ['--capture-fps', '0'],
  },
  {
    what: 'negative ball time',
    input: { ...good, ballTimestampS: -1 },
    message: 'ballTimestampS: ball contact time must be between 0 and 36000 s (got -1)',
    cli: ['--ball-time=-1'],
  },
  {
    what: 'date-time without zone',
    input: { ...good, recordedAt: '2026-11-20 10:00' },
    message:
      'recordedAt: expected an ISO 8601 date (2026-11-20) or date-time with zone (2026-11-20T10:00:00Z) (got "2026-11-20 10:00")',
    cli: ['--recorded-at', '2026-11-20 10:00'],
  },
  {
    what: 'relative path',
    input: { ...good, videoPath: 'clip.mp4' },
    message: 'videoPath: path must be absolute (got "clip.mp4")',
  },
  { what: 'an extra field', input: { ...good, outputDir: '/etc' }, message: 'Unrecognized key: "outputDir"' },
];

describe('a bad job input is refused with the same message everywhere', () => {
  it.each(CASES)('$what: IPC (dispatcher, bridge) and job queue', async ({ input, message }) => {
    const refused = {
      ok: false,
      error: {
        kind: 'input',
        message: `jobs.enqueueAnalysis: 0.${message}`.replace('0.Unrecognized', '0: Unrecognized'),
      },
    };
    expect(await dispatch(bridge.services.handlers, 'jobs.enqueueAnalysis', [input])).toEqual(refused);
    expect(await api.invoke('jobs.enqueueAnalysis', [input as never])).toEqual(refused);
    let thrown: unknown;
    try {
      bridge.services.deps.jobs.enqueueAnalysis(input as never);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(JobInputError);
    expect((thrown as Error).message).toBe(message);
  });

  it.each(CASES.filter((c) => c.cli))('$what: CLI option', async ({ cli, message }) => {
    const run = await runCliCapture(['analyze', clip, ...(cli ?? [])], { SWING_STUDIO_HOME: home });
    expect(run.code).toBe(2); // a refused option (main/cli/program.ts)
    expect(run.stderr).toContain(message.replace(/^[\w.]+: /, ''));
  });

  it('nothing was queued', () => {
    expect(bridge.services.deps.jobs.list()).toEqual([]);
  });
});

it('other CLI options with a shared field refuse with that field message', async () => {
  const cases: [string[], string][] = [
    [
      ['library', 'list', '--from', '2026-11-20 10:00'],
      'expected an ISO 8601 date (2026-11-20) or date-time with zone (2026-11-20T10:00:00Z) (got "2026-11-20 10:00")',
    ],
    [
      ['library', 'list', '--sport', 'golf'],
      'unknown sport "golf"; expected one of pickleball, tennis, none',
    ],
    [
      ['analyze', clip, '--base-url', 'ftp://api.example.com'],
      'expected an http(s) URL (got "ftp://api.example.com")',
    ],
  ];
  for (const [args, message] of cases) {
    const run = await runCliCapture(args, { SWING_STUDIO_HOME: home });
    expect(run.code, args.join(' ')).toBe(2);
    expect(run.stderr).toContain(message);
  }
});

it('player heights from 500 to 2800 mm are accepted, nothing else', () => {
  const heights = [
    100,
    1,
    MIN_PLAYER_HEIGHT_MM - 1,
    MIN_PLAYER_HEIGHT_MM,
    1850,
    MAX_PLAYER_HEIGHT_MM,
    MAX_PLAYER_HEIGHT_MM + 1,
    Number.NaN,
  ];
  const accepted = heights.map((h) => AnalysisJobInputSchema.safeParse(player({ heightMm: h })).success);
  expect(accepted).toEqual([false, false, false, true, true, true, false, false]);
});

it('job states have one list of final states', () => {
  expect([...FINAL_JOB_STATES]).toEqual(['done', 'failed', 'cancelled']);
});
