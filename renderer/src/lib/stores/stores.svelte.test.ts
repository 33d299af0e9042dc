import { describe, expect, it } from 'vitest';
import type { JobView, SessionSummary } from '../../../../preload/contract.js';
import { Failure, installFakeApi } from '../fake-api.test-support.js';
import { JobsManager } from './jobs.svelte.js';
import { LibraryManager } from './library.svelte.js';
import { SettingsManager } from './settings.svelte.js';
import { ToastManager } from './toasts.svelte.js';
import { ApiError } from '../api-error.js';

function job(id: number, state: JobView['state']): JobView {
  return { id, kind: 'analysis', state, share: 0, warnings: [], input: { backend: 'local' }, attempts: 0, createdAt: '', updatedAt: '' };
}

function summary(id: number, tags: string[]): SessionSummary {
  return { id, playerId: 1, playerName: 'Ana', recordedAt: '2026-11-20', sport: 'tennis', swingType: 'forehand_drive', overallScore: 60, title: `s${id}`, tags, thumbnailPath: null };
}

describe('JobsManager', () => {
  it('lists jobs at start and follows job events, telling when one finishes', async () => {
    const fake = installFakeApi({ 'jobs.list': () => [job(1, 'done'), job(2, 'analysing')] });
    const m = new JobsManager();
    await m.load();
    expect(m.jobs.map((j) => j.id)).toEqual([2, 1]);
    expect(m.active.map((j) => j.id)).toEqual([2]);
    const done: number[] = [];
    m.onDone((j) => done.push(j.id));
    const stop = m.subscribe();
    fake.emit('jobs.changed', { ...job(2, 'done'), sessionId: 7 });
    fake.emit('jobs.changed', job(3, 'queued'));
    expect(m.jobs.map((j) => `${j.id}:${j.state}`)).toEqual(['3:queued', '2:done', '1:done']);
    expect(done).toEqual([2]);
    stop();
    fake.emit('jobs.changed', job(4, 'queued'));
    expect(m.jobs).toHaveLength(3);
  });
});

describe('LibraryManager', () => {
  it('loads with the filter, collects tags and applies edits', async () => {
    const fake = installFakeApi({
      'library.listPlayers': () => [],
      'library.listSessions': () => [summary(1, ['b', 'a']), summary(2, ['a'])],
      'library.renameSession': () => null,
      'library.setTags': () => null,
      'library.deleteSession': () => null,
    });
    const m = new LibraryManager();
    m.filter.text = 'ana';
    m.filter.sport = 'tennis';
    await m.refresh();
    expect(fake.calls.find((c) => c.channel === 'library.listSessions')?.input).toEqual({ text: 'ana', sport: 'tennis' });
    expect(m.tags).toEqual(['a', 'b']);
    await m.rename(1, '  Forehand day ');
    expect(m.sessions[0]?.title).toBe('Forehand day');
    await m.setTags(2, ['x']);
    expect(m.sessions[1]?.tags).toEqual(['x']);
    await m.remove(1);
    expect(m.sessions.map((s) => s.id)).toEqual([2]);
    expect(fake.calls.map((c) => c.channel)).toContain('library.deleteSession');
  });

  it('throws the typed failure with its tip', async () => {
    installFakeApi({
      'library.deleteSession': () => {
        throw new Failure({ kind: 'not-found', message: 'session 9 does not exist', tip: 'Refresh the library.' });
      },
    });
    const err = await new LibraryManager().remove(9).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'not-found', message: 'session 9 does not exist', tip: 'Refresh the library.' });
  });
});

describe('SettingsManager', () => {
  it('derives units and theme and never keeps the key', async () => {
    const view = { backend: 'local', remote: { baseUrl: '', techniqueUrl: '' }, units: 'imperial', theme: 'light', libraryDir: '/l', libraryDirAfterRestart: null, hasApiKey: false, keyProtection: 'file', inference: { requested: 'auto', planned: 'cpu', used: null, fallback: null, settingProblem: null } } as const;
    const fake = installFakeApi({ 'settings.get': () => view, 'settings.setApiKey': () => ({ ...view, hasApiKey: true }) });
    const m = new SettingsManager();
    expect(m.units).toBe('metric');
    await m.load();
    expect(m.units).toBe('imperial');
    expect(m.theme).toBe('light');
    await m.setApiKey('secret-key-123');
    expect(m.view?.hasApiKey).toBe(true);
    expect(JSON.stringify(m.view)).not.toContain('secret-key-123');
    expect(fake.calls.at(-1)).toEqual({ channel: 'settings.setApiKey', input: { key: 'secret-key-123' } });
  });
});

describe('ToastManager', () => {
  it('shows, de-duplicates and dismisses', () => {
    const t = new ToastManager();
    const id = t.show('error', 'Could not save', 'Try again');
    expect(t.show('error', 'Could not save')).toBe(id);
    expect(t.items).toEqual([{ id, severity: 'error', message: 'Could not save', tip: 'Try again' }]);
    t.dismiss(id);
    expect(t.items).toEqual([]);
  });
});
