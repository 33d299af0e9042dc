import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../../preload/contract.js';
import { emptyFilter, parseTags, toSessionFilter } from './library-filter.js';
import { parseRoute, routeHash } from './route.js';
import { describeJob, jobFileName, upsertJob } from './job-text.js';
import { commandFor, shortcutHandler, SHORTCUTS } from '../keyboard.js';

function job(patch: Partial<JobView>): JobView {
  return { id: 1, kind: 'analysis', state: 'queued', share: 0, warnings: [], input: { videoPath: '/x/clip.mp4', backend: 'local' }, attempts: 0, createdAt: '', updatedAt: '', ...patch };
}

describe('library filter', () => {
  it('leaves out empty fields and makes `to` inclusive', () => {
    expect(toSessionFilter(emptyFilter())).toEqual({});
    expect(
      toSessionFilter({ text: ' ana ', playerId: 2, sport: 'tennis', swingType: 'backhand_drive', tag: ' serve ', from: '2026-01-01', to: '2026-01-31' }),
    ).toEqual({ text: 'ana', playerId: 2, sport: 'tennis', swingType: 'backhand_drive', tag: 'serve', from: '2026-01-01', to: '2026-01-31T23:59:59.999Z' });
    expect(toSessionFilter({ ...emptyFilter(), from: '01/02/2026' })).toEqual({});
  });

  it('splits tags', () => {
    expect(parseTags(' a, b,,a , c ')).toEqual(['a', 'b', 'c']);
    expect(parseTags('')).toEqual([]);
  });
});

describe('routes', () => {
  it('parses and formats hashes', () => {
    expect(parseRoute('#/session/12')).toEqual({ screen: 'session', id: 12 });
    expect(parseRoute('#/session/x')).toEqual({ screen: 'library' });
    expect(parseRoute('#/new')).toEqual({ screen: 'new' });
    expect(parseRoute('')).toEqual({ screen: 'library' });
    expect(routeHash({ screen: 'session', id: 4 })).toBe('#/session/4');
    expect(routeHash({ screen: 'settings' })).toBe('#/settings');
    expect(parseRoute('#/compare/12/7')).toEqual({ screen: 'compare', a: 12, b: 7, strokeA: null, strokeB: null });
    expect(parseRoute('#/compare/12:2/7:1')).toEqual({ screen: 'compare', a: 12, b: 7, strokeA: 2, strokeB: 1 });
    expect(parseRoute('#/compare/12')).toEqual({ screen: 'library' });
    expect(parseRoute('#/compare/12:0/7')).toEqual({ screen: 'library' });
    expect(routeHash({ screen: 'compare', a: 3, b: 9 })).toBe('#/compare/3/9');
    expect(routeHash({ screen: 'compare', a: 3, b: 3, strokeA: 2, strokeB: null })).toBe('#/compare/3:2/3');
  });
});

describe('job text', () => {
  it('describes each state in plain words', () => {
    expect(describeJob(job({}))).toBe('Waiting in the queue');
    expect(describeJob(job({ state: 'uploading', bytes: 2_100_000, totalBytes: 5_000_000 }))).toBe('Uploading — 2.1 of 5.0 MB');
    expect(describeJob(job({ state: 'analysing', share: 0.634 }))).toBe('Analysing — 63 %');
    expect(describeJob(job({ state: 'failed', reason: 'no player found' }))).toBe('Failed: no player found');
    expect(describeJob(job({ state: 'cancelled' }))).toBe('Cancelled');
    expect(jobFileName(job({}))).toBe('clip.mp4');
    expect(jobFileName(job({ input: { backend: 'local' } }))).toBe('');
  });

  it('upserts newest first', () => {
    const list = upsertJob(upsertJob([], job({ id: 1 })), job({ id: 2 }));
    expect(list.map((j) => j.id)).toEqual([2, 1]);
    expect(upsertJob(list, job({ id: 1, state: 'done' })).find((j) => j.id === 1)?.state).toBe('done');
  });
});

describe('keyboard', () => {
  const key = (k: string, target: unknown = { tagName: 'BODY' }, mods = {}) =>
    commandFor({ key: k, ctrlKey: false, altKey: false, metaKey: false, target, ...mods });
  it('maps the shortcuts and ignores form fields and modifiers', () => {
    expect(key(' ')).toBe('togglePlay');
    expect(key('ArrowLeft')).toBe('stepBack');
    expect(key('ArrowRight')).toBe('stepForward');
    expect(key('J')).toBe('slowerOrBack');
    expect(key('k')).toBe('pause');
    expect(key('l')).toBe('playOrFaster');
    expect(key('[')).toBe('rateDown');
    expect(key(']')).toBe('rateUp');
    expect(key('?')).toBe('help');
    expect(key(' ', { tagName: 'INPUT' })).toBeNull();
    expect(key('ArrowLeft', { tagName: 'DIV', isContentEditable: true })).toBeNull();
    expect(key('l', { tagName: 'BODY' }, { ctrlKey: true })).toBeNull();
    expect(key('Escape')).toBe('closeHelp');
    expect(key('x')).toBeNull();
  });

  it('runs only the commands a screen has, and keeps the default of other keys', () => {
    const ran: string[] = [];
    const onKey = shortcutHandler({ togglePlay: () => ran.push('play'), help: () => ran.push('help') });
    const press = (k: string) => {
      let prevented = false;
      onKey({ key: k, ctrlKey: false, altKey: false, metaKey: false, target: { tagName: 'BODY' }, preventDefault: () => (prevented = true) });
      return prevented;
    };
    expect([press(' '), press('?'), press('ArrowLeft'), press('x')]).toEqual([true, true, false, false]);
    expect(ran).toEqual(['play', 'help']);
  });
  it('maps the drawing tools, undo and redo (Ctrl or ⌘, Shift told apart)', () => {
    expect(key('a')).toBe('toolAngle');
    expect(key('N')).toBe('toolLine');
    expect(key('Delete')).toBe('deleteDrawing');
    expect(key('z', undefined, { ctrlKey: true })).toBe('undo');
    expect(key('z', undefined, { metaKey: true })).toBe('undo');
    expect(key('Z', undefined, { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', undefined, { ctrlKey: true })).toBe('redo');
    expect(key('z')).toBeNull();
    expect(key('a', undefined, { ctrlKey: true })).toBeNull();
    expect(key('z', undefined, { ctrlKey: true, altKey: true })).toBeNull();
  });
  it('lists every command once in the help, each with keys that trigger it', () => {
    const commands = SHORTCUTS.map((s) => s.command);
    expect(new Set(commands).size).toBe(commands.length);
    expect(commands.sort()).toEqual(
      ['closeHelp', 'help', 'pause', 'playOrFaster', 'rateDown', 'rateUp', 'slowerOrBack', 'stepBack', 'stepForward', 'togglePlay',
        'toolLine', 'toolArrow', 'toolAngle', 'toolCircle', 'toolPencil', 'toolText', 'deleteDrawing', 'undo', 'redo', 'previousStroke', 'nextStroke'].sort(),
    );
    for (const s of SHORTCUTS) for (const k of s.eventKeys) expect(key(k, undefined, { ctrlKey: s.ctrl ?? false, shiftKey: s.shift ?? false })).toBe(s.command);
  });
});
