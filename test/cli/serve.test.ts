/**
 * `swing-studio analyze --swing serve` on a real clip: tennis_serve_amateur_1.mp4 (30 fps, one
 * serve, ball contact at frame 33 ±1: ../shared/media/labels/strokes.json; a right-handed
 * recreational player, height assumed 1.80 m). The session analyses the serve: its stroke is a
 * serve at the labelled contact (±2 frames), analysed (events, 8 stages), and its events come in
 * the serve's order (Kovacs & Ellenbecker 2011) with ball contact at the stroke's contact; the
 * session's text table lists them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLibrary } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import type { SessionDetail } from '../../main/library/library-types.js';
import { featureTable } from '../../main/cli/tables.js';
import { mediaPath } from '../support/media.js';
import { runCliCapture } from './run-cli.js';

const LABELLED_CONTACT = 33;
let home: string;
let detail: SessionDetail;
let run: Awaited<ReturnType<typeof runCliCapture>>;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'ss-cli-serve-'));
  const env = { SWING_STUDIO_HOME: home, SWING_STUDIO_API_KEY: undefined, SWING_STUDIO_PROGRESS: undefined };
  run = await runCliCapture(['analyze', mediaPath('tennis_serve_amateur_1.mp4'), '--player', 'Amateur', '--height', '1800', '--hand', 'right', '--sport', 'tennis', '--swing', 'serve', '--json'], env);
  const id = (JSON.parse(run.stdout) as { id: number }).id;
  const db = openLibrary(home);
  try {
    detail = getSessionDetail(db, id)!;
  } finally {
    db.close();
  }
}, 600_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('swing-studio analyze --swing serve', () => {
  it('stores a serve session', () => {
    expect(run.code).toBe(0);
    expect(detail.session.swingType).toBe('serve');
  });

  it('analyses the labelled serve as a serve', () => {
    const serve = detail.strokes.find((s) => s.swingType === 'serve' && s.events.length > 0);
    expect(serve, JSON.stringify(detail.strokes.map((s) => [s.side, s.swingType, s.contact.frameNr]))).toBeDefined();
    expect(serve!.side).toBe('serve');
    expect(Math.abs(serve!.contact.frameNr - LABELLED_CONTACT)).toBeLessThanOrEqual(2);
    expect(serve!.serveStages?.map((s) => s.name)).toEqual(['start', 'release', 'loading', 'cocking', 'acceleration', 'contact', 'deceleration', 'finish']);
  });

  it("has the serve's events in order, contact at the stroke's contact", () => {
    const serve = detail.strokes.find((s) => s.swingType === 'serve' && s.events.length > 0)!;
    const at = (n: string) => serve.events.find((e) => e.name === n)?.frame_nr;
    expect(at('ball_contact')).toBe(serve.contact.frameNr);
    const order = ['toss_release', 'trophy_position', 'racket_low_point', 'ball_contact'].map(at).filter((f): f is number => f !== undefined);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const n of ['toss_release', 'trophy_position', 'racket_low_point']) expect(at(n), n).toBeLessThan(serve.contact.frameNr);
    // After contact, in either order: the feet land and the arm's follow-through ends.
    for (const n of ['landing', 'follow_through']) if (at(n) !== undefined) expect(at(n), n).toBeGreaterThan(serve.contact.frameNr);
  });

  it('`library show` prints the serve events and its values, not scored', () => {
    const text = featureTable(detail);
    expect(text).toMatch(/no features: drive features are not scored for a serve/);
    expect(text).toMatch(/Serve events: .*trophy_position \d+.*ball_contact \d+/);
    expect(text).toMatch(/Serve values \(not scored\): .*Hand speed at contact/);
    // Filmed side-on: the shoulder tilt is not measured, and the text says why; the drive features are not listed one by one.
    expect(text).toMatch(/Serve values not measured: .*Shoulder tilt at the trophy position: filmed side-on, the shoulders overlap/);
    expect(text).not.toMatch(/not measured: .*Knee bend at contact/);
  });

  it('`analyze --json` carries what the text prints: the serve\'s stages, values, events and left-out reasons', () => {
    type Printed = { strokes: { primary: boolean; handMeasured: boolean; serveStages?: { name: string }[]; serveMeasures?: { name: string; value: number }[]; events: { name: string; frame_nr: number }[]; leftOut: { feature_name: string; reason: string }[] }[] };
    const printed = (JSON.parse(run.stdout) as Printed).strokes.find((s) => s.primary)!;
    const stored = detail.strokes.find((s) => s.primary)!;
    expect(printed.serveStages?.map((s) => s.name)).toEqual(stored.serveStages!.map((s) => s.name));
    expect(printed.serveMeasures?.length).toBeGreaterThan(0);
    expect(printed.serveMeasures).toEqual(stored.serveMeasures);
    expect(printed.events.find((e) => e.name === 'ball_contact')?.frame_nr).toBe(stored.contact.frameNr);
    expect(printed.leftOut).toEqual(stored.leftOut);
    expect(printed.handMeasured).toBe(stored.handMeasured);
  });
});
