/**
 * Typed warnings (main/contract/warning.ts): the API.md string form, reading strings back
 * (a service's, a library's stored before typed warnings), and the grouping the app shows.
 * A library whose analysis stored string warnings (before typed warnings) opens and shows them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { distinctWarnings, foldRepeated, fromText, groupWarnings, repeatedText, warning, warningText, type Warning } from '../../main/contract/warning.js';
import { readStoredWarning } from '../../main/contract/warning-schema.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { fakeClip, ingestInput, openCreatedLibrary, tempHome } from '../library/helpers.js';

const repaired = warning('left-right-repaired', 'notice', 'Left and right were mixed up in a few frames and were corrected.', { detail: 'repaired in 8 of 317 frames' });
const leftOut = warning('feature-left-out', 'warning', 'Knee bend at contact was not scored.', { detail: 'knee_flexion_at_contact left out: left_knee not measured', frames: { from: 60, to: 60 } });
const found = warning('strokes-found', 'info', '2 strokes found.');

describe('warningText and fromText', () => {
  it('gives "message — detail", or the message alone', () => {
    expect(warningText(repaired)).toBe('Left and right were mixed up in a few frames and were corrected. — repaired in 8 of 317 frames');
    expect(warningText(found)).toBe('2 strokes found.');
  });
  it('reads a string as a service warning, split back into message and detail when it has the separator', () => {
    expect(fromText('low light')).toEqual({ code: 'service', severity: 'notice', message: 'low light' });
    const back = fromText(warningText(repaired));
    expect(back).toMatchObject({ code: 'service', message: repaired.message, detail: repaired.detail });
    expect(warningText(back)).toBe(warningText(repaired));
  });
  it('reads stored strings as legacy, typed objects as they are', () => {
    expect(readStoredWarning('player lost in frames 3-4')).toEqual({ code: 'legacy', severity: 'notice', message: 'player lost in frames 3-4' });
    expect(readStoredWarning(JSON.parse(JSON.stringify(leftOut)))).toEqual(leftOut);
  });
});

describe('groupWarnings', () => {
  it('groups by severity, most serious first, keeping the order within a group and leaving out empty groups', () => {
    const other = warning('player-lost', 'warning', 'The player was lost for a moment.');
    const groups = groupWarnings([found, repaired, leftOut, other]);
    expect(groups.map((g) => g.severity)).toEqual(['warning', 'notice', 'info']);
    expect(groups[0]!.warnings).toEqual([leftOut, other]);
    expect(groupWarnings([repaired]).map((g) => g.severity)).toEqual(['notice']);
    expect(groupWarnings([])).toEqual([]);
  });
  it('distinctWarnings keeps the first of equal ones', () => {
    const ws: Warning[] = [repaired, { ...repaired }, found];
    expect(distinctWarnings(ws)).toEqual([repaired, found]);
  });
});

describe('a library with string warnings (stored before typed warnings)', () => {
  const t = tempHome();
  afterAll(t.cleanup);
  const db = openCreatedLibrary(t.home);
  afterAll(() => db.close());
  it('opens and shows them as legacy notices; left-out features come from features_left_out', () => {
    const id = ingestAnalysis(db, ingestInput({ uid: 'uid-legacy', clip: fakeClip(t.home, 'a.mp4'), frames: 30 }));
    db.prepare("UPDATE analyses SET warnings_json = ? WHERE session_id = ?").run(JSON.stringify(['frame rate 25.0 fps is below the recommended 30 fps', 'knee_flexion_at_contact left out: x']), id);
    const d = getSessionDetail(db, id)!;
    expect(d.analysis!.warnings).toEqual([
      { code: 'legacy', severity: 'notice', message: 'frame rate 25.0 fps is below the recommended 30 fps' },
      { code: 'legacy', severity: 'notice', message: 'knee_flexion_at_contact left out: x' },
    ]);
    // Not parsed out of the text: the result's features_left_out (none stored here) is the source.
    expect(d.leftOut).toEqual([]);
  });
});

describe('foldRepeated', () => {
  const ruled = (f: number) => warning('swing-ruled-out', 'info', 'A swing was not counted as a stroke.', { frames: { from: f, to: f }, detail: `swing at frame ${f} not counted` });
  it('says a warning repeated for many strokes once, with how often, its frames and details in order', () => {
    const other = warning('strokes-found', 'info', '3 strokes found.');
    const folds = foldRepeated([ruled(120), other, ruled(450), ruled(800)]);
    expect(folds.map((r) => [r.warning.code, r.count, r.frames, r.details.length])).toEqual([
      ['swing-ruled-out', 3, [120, 450, 800], 3],
      ['strokes-found', 1, [], 0],
    ]);
    expect(folds[0]!.details[1]).toBe('swing at frame 450 not counted');
    expect(repeatedText(folds[0]!)).toBe('A swing was not counted as a stroke. (3 times: frames 120, 450, 800)');
    // Said once: its usual text with the detail.
    expect(repeatedText(foldRepeated([ruled(7)])[0]!)).toBe('A swing was not counted as a stroke. — swing at frame 7 not counted');
  });

  it('lists at most 8 frames, then how many more; other severities or messages stay apart', () => {
    const many = Array.from({ length: 11 }, (_, i) => ruled(i * 10));
    expect(repeatedText(foldRepeated(many)[0]!)).toBe('A swing was not counted as a stroke. (11 times: frames 0, 10, 20, 30, 40, 50, 60, 70 and 3 more)');
    const notice = { ...ruled(5), severity: 'notice' as const };
    expect(foldRepeated([ruled(1), notice, { ...ruled(2), message: 'Another.' }]).map((r) => r.count)).toEqual([1, 1, 1]);
    expect(repeatedText(foldRepeated([warning('x', 'info', 'Twice.'), warning('x', 'info', 'Twice.')])[0]!)).toBe('Twice. (2 times)');
  });
});
