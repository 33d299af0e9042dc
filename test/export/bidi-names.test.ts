/**
 * Issue 25 finding 13: a player name holding U+202E (right-to-left override) showed "evil" as
 * "live" in the PDF report and the CLI table. Names and titles are shown without bidirectional
 * control characters (main/contract/display-names.ts `displayText`), whatever is stored (a
 * library written before this rule, a hand-over); new names lose them at input (PlayerName).
 * Real library file, real CLI commands, real Chromium PDF read back with pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIDI_CONTROLS, displayText } from '../../main/contract/display-names.js';
import { PlayerName } from '../../main/contract/fields.js';
import { exportSession } from '../../main/export/session-export.js';
import { runCliCapture } from '../cli/run-cli.js';
import { sessionFixture, type SessionFixture } from './session-fixture.js';

const RLO = '\u202E';
let fx: SessionFixture;

beforeAll(async () => {
  fx = await sessionFixture();
  mkdirSync(fx.out, { recursive: true });
  // as a library written before the input rule, or a hand-over from one, holds it
  fx.db.prepare('UPDATE players SET name = ? WHERE id = ?').run(`${RLO}evil`, fx.detail.player.id);
  fx.db.prepare('UPDATE sessions SET title = ? WHERE id = ?').run(`${RLO}tset\u202C court`, fx.sessionId);
});

afterAll(() => fx?.close());

/** True when `text` holds any bidirectional control character. */
function hasBidi(text: string): boolean {
  return new RegExp(BIDI_CONTROLS.source).test(text);
}

describe('bidirectional control characters in names', () => {
  it('the CLI session list and feature table read "evil" in logical order', async () => {
    const env = { SWING_STUDIO_HOME: fx.home };
    const list = await runCliCapture(['library', 'list'], env);
    expect(list.code).toBe(0);
    expect(hasBidi(list.stdout)).toBe(false);
    expect(list.stdout).toMatch(new RegExp(`│\\s+${fx.sessionId} │ evil\\s+│ .*│ tset court\\s+│`));
    const show = await runCliCapture(['library', 'show', String(fx.sessionId)], env);
    expect(show.code).toBe(0);
    expect(hasBidi(show.stdout)).toBe(false);
    expect(show.stdout).toContain(`Session ${fx.sessionId}: evil, tennis forehand_drive`);
  });

  it('the PDF report reads "evil", not "live" (pdftotext)', async () => {
    const pdf = join(fx.out, 'bidi.pdf');
    await exportSession(fx.db, fx.sessionId, 'pdf', pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('evil');
    expect(text).not.toMatch(/\blive\b/);
    expect(text).toContain('tset court');
    expect(hasBidi(text)).toBe(false);
  });

  it('the feature CSV names the player "evil"', async () => {
    const csv = join(fx.out, 'bidi.csv');
    await exportSession(fx.db, fx.sessionId, 'csv', csv);
    const rows = readFileSync(csv, 'utf8').split('\r\n').slice(1).filter(Boolean);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.split(',')[1]).toBe('evil');
    expect(hasBidi(readFileSync(csv, 'utf8'))).toBe(false);
  });

  it('every listed control is removed, other text is kept; a new name loses them at input', () => {
    const controls = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ];
    expect(displayText(`${controls.join('')}Ann ${controls.join('')}Example`)).toBe('Ann Example');
    expect(displayText('محمد علي')).toBe('محمد علي'); // right-to-left letters carry their own direction
    expect(PlayerName.parse(` ${RLO}evil `)).toBe('evil');
    expect(PlayerName.safeParse(`${RLO}\u202C`).error?.issues[0]?.message).toBe(
      'player name must not be empty',
    );
  });
});
