import { afterAll, describe, expect, it } from 'vitest';
import { openLibrary, openLibraryReadonly } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { playerFeatureHistory } from '../../main/library/history.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { claimNext, enqueue, getJob, listUnfinished, markInterruptedOnStart, setState } from '../../main/library/jobs.js';
import { createPlayer, deletePlayer, findPlayerByName, listPlayers, renamePlayer, updatePlayer } from '../../main/library/players.js';
import { countSessions, deleteSession, ftsQuery, listSessions, renameSession, setNotes, setTags } from '../../main/library/sessions.js';
import { getTennisTask, saveTennisTask } from '../../main/library/tennis-results.js';
import { fakeClip, ingestInput, tempHome } from './helpers.js';

const t = tempHome();
afterAll(t.cleanup);
const db = openLibrary(t.home);
afterAll(() => db.close());

describe('players', () => {
  it('create, rename, update, list, find by name, delete', () => {
    const zoe = createPlayer(db, { name: '  Zoe Park ', dominantHand: 'left', heightMm: 1590 });
    expect(zoe).toMatchObject({ name: 'Zoe Park', dominantHand: 'left', heightMm: 1590, notes: '' });
    expect(() => createPlayer(db, { name: 'zoe park', dominantHand: 'right', heightMm: 1600 })).toThrow(/a player named "zoe park" already exists/);
    expect(() => createPlayer(db, { name: 'X', dominantHand: 'right', heightMm: 0 })).toThrow(/height must be > 0 mm/);
    expect(() => createPlayer(db, { name: ' ', dominantHand: 'right', heightMm: 1600 })).toThrow(/name must not be empty/);
    createPlayer(db, { name: 'Ben Ito', dominantHand: 'right', heightMm: 1820, notes: 'junior' });
    expect(listPlayers(db).map((p) => p.name)).toEqual(['Ben Ito', 'Zoe Park']);
    expect(renamePlayer(db, zoe.id, 'Zoe Kim').name).toBe('Zoe Kim');
    expect(updatePlayer(db, zoe.id, { heightMm: 1600, notes: 'lefty' })).toMatchObject({ name: 'Zoe Kim', heightMm: 1600, notes: 'lefty' });
    expect(findPlayerByName(db, 'ZOE KIM')?.id).toBe(zoe.id);
    expect(findPlayerByName(db, 'nobody')).toBeNull();
    deletePlayer(db, zoe.id);
    expect(() => deletePlayer(db, zoe.id)).toThrow(/no player with id/);
  });
});

describe('sessions', () => {
  const ids: number[] = [];
  it('list with filters, text search, tags, paging', () => {
    const ben = findPlayerByName(db, 'Ben Ito');
    if (!ben) throw new Error('no Ben');
    const specs = [
      { uid: 's1', player: ben.id, recordedAt: '2026-10-01T09:00:00', title: 'Backhand basics', sport: 'tennis', swingType: 'backhand_drive', tags: ['basics'] },
      { uid: 's2', player: ben.id, recordedAt: '2026-10-15T09:00:00', title: 'Forehand power', notes: 'hips open early', tags: ['power', 'Basics'] },
      { uid: 's3', recordedAt: '2026-11-02', title: 'Dinks', notes: 'soft hands' },
    ] as const;
    for (const s of specs) ids.push(ingestAnalysis(db, ingestInput({ ...s, clip: fakeClip(t.home, `${s.uid}.mp4`), frames: 20, seed: ids.length + 1, tags: [...(('tags' in s && s.tags) || [])] })));
    const titles = (f: Parameters<typeof listSessions>[1]) => listSessions(db, f).map((s) => s.title);
    expect(titles({})).toEqual(['Dinks', 'Forehand power', 'Backhand basics']);
    expect(titles({ playerId: ben.id })).toEqual(['Forehand power', 'Backhand basics']);
    expect(titles({ from: '2026-10-10', to: '2026-11-02' })).toEqual(['Dinks', 'Forehand power']);
    expect(titles({ to: '2026-10-01' })).toEqual(['Backhand basics']);
    expect(titles({ sport: 'tennis' })).toEqual(['Backhand basics']);
    expect(titles({ swingType: 'forehand_drive' })).toEqual(['Dinks', 'Forehand power']);
    expect(titles({ tag: 'BASICS' })).toEqual(['Forehand power', 'Backhand basics']);
    expect(titles({ text: 'hip' })).toEqual(['Forehand power']);
    expect(titles({ text: 'ana' })).toEqual(['Dinks']);
    expect(titles({ text: 'ben back' })).toEqual(['Backhand basics']);
    expect(titles({ text: '"*)(' })).toEqual(['Dinks', 'Forehand power', 'Backhand basics']);
    expect(titles({ limit: 1, offset: 1 })).toEqual(['Forehand power']);
    expect(countSessions(db, { playerId: ben.id })).toBe(2);
    const s2 = listSessions(db, { text: 'power' })[0];
    expect(s2).toMatchObject({ playerName: 'Ben Ito', tags: ['basics', 'power'], sport: 'pickleball', thumbnailPath: null });
    expect(s2?.overallScore).toBeGreaterThan(0);
    expect(ftsQuery('Hüft-Rotation 2')).toBe('"Hüft"* "Rotation"* "2"*');
  });

  it('rename, notes, tags, and search follows edits and player renames', () => {
    const [s1, s2] = ids as [number, number];
    renameSession(db, s1, 'Slice practice');
    setNotes(db, s1, 'low to high');
    setTags(db, s1, ['slice', ' Slice ', '']);
    const d = getSessionDetail(db, s1);
    expect(d?.session).toMatchObject({ title: 'Slice practice', notes: 'low to high', tags: ['slice'] });
    expect(listSessions(db, { text: 'slice' }).map((s) => s.id)).toEqual([s1]);
    expect(listSessions(db, { tag: 'basics' }).map((s) => s.id)).toEqual([s2]);
    const ben = findPlayerByName(db, 'Ben Ito');
    renamePlayer(db, ben?.id ?? 0, 'Benjamin Ito');
    expect(listSessions(db, { text: 'benjamin' })).toHaveLength(2);
    expect(() => renameSession(db, 9999, 'x')).toThrow(/no session with id 9999/);
    expect(() => setTags(db, s1, ['bad\u0007tag'])).toThrow(/control character/);
  });

  it('feature history of a player, oldest first', () => {
    const ben = findPlayerByName(db, 'Benjamin Ito');
    const h = playerFeatureHistory(db, ben?.id ?? 0, 'knee_bend');
    expect(h.map((p) => p.recordedAt)).toEqual(['2026-10-01T09:00:00', '2026-10-15T09:00:00']);
    expect(h[0]).toMatchObject({ featureName: 'knee_bend', featureHumanReadableName: 'Knee bend at loading', unit: 'deg' });
    expect(playerFeatureHistory(db, ben?.id ?? 0)).toHaveLength(16);
  });

  it('tennis task results, kept raw and linked to a session', () => {
    const raw = { shots: [{ type: 'serve', speed_kmh: 142.5 }], rally_count: 3 };
    saveTennisTask(db, { taskId: '6f1c2d4e-0000-4000-8000-000000000001', raw, sessionId: ids[0] ?? null });
    expect(getTennisTask(db, '6f1c2d4e-0000-4000-8000-000000000001')?.raw).toEqual(raw);
    expect(getSessionDetail(db, ids[0] ?? 0)?.tennisTask?.raw).toEqual(raw);
    saveTennisTask(db, { taskId: '6f1c2d4e-0000-4000-8000-000000000001', raw: { rally_count: 4 } });
    expect(getTennisTask(db, '6f1c2d4e-0000-4000-8000-000000000001')).toMatchObject({ raw: { rally_count: 4 }, sessionId: null });
  });

  it('a read-only connection reads the same data', () => {
    const ro = openLibraryReadonly(t.home);
    try {
      expect(listSessions(ro).map((s) => s.id)).toEqual(listSessions(db).map((s) => s.id));
      expect(() => ro.prepare('DELETE FROM sessions').run()).toThrow(/readonly/);
    } finally {
      ro.close();
    }
  });

  it('deleting a player with sessions is refused until they are deleted', () => {
    const ben = findPlayerByName(db, 'Benjamin Ito');
    expect(() => deletePlayer(db, ben?.id ?? 0)).toThrow(/has 2 session\(s\)/);
    for (const s of listSessions(db, { playerId: ben?.id })) deleteSession(db, s.id);
    deletePlayer(db, ben?.id ?? 0);
    expect(listPlayers(db).map((p) => p.name)).toEqual(['Ana Lopez']);
  });
});

describe('jobs', () => {
  it('enqueue, claim, progress, finish, and recovery after a restart', () => {
    const a = enqueue(db, { kind: 'analysis', input: { clip: '/x.mp4' } });
    const b = enqueue(db, { kind: 'tennis', input: { url: 'https://x' } });
    expect(a).toMatchObject({ state: 'queued', attempts: 0, safePoint: null, input: { clip: '/x.mp4' } });
    expect(claimNext(db, { kind: 'tennis' })?.id).toBe(b.id);
    const claimed = claimNext(db);
    expect(claimed).toMatchObject({ id: a.id, state: 'uploading', attempts: 1 });
    expect(setState(db, a.id, 'analysing', { safePoint: { downloadUrl: 'https://d' } })).toMatchObject({ state: 'analysing', safePoint: { downloadUrl: 'https://d' } });
    expect(claimNext(db)).toBeNull();
    expect(listUnfinished(db).map((j) => j.id)).toEqual([a.id, b.id]);
    const recovered = markInterruptedOnStart(db, { maxAttempts: 2 });
    expect(recovered.map((j) => [j.id, j.state, j.reason])).toEqual([
      [a.id, 'queued', 'interrupted while analysing'],
      [b.id, 'queued', 'interrupted while uploading'],
    ]);
    expect(getJob(db, a.id)?.safePoint).toEqual({ downloadUrl: 'https://d' });
    claimNext(db);
    expect(markInterruptedOnStart(db, { maxAttempts: 2 })[0]).toMatchObject({ id: a.id, state: 'failed', reason: 'interrupted while uploading after 2 attempts' });
    expect(() => setState(db, a.id, 'queued')).toThrow(/already failed/);
    claimNext(db);
    expect(setState(db, b.id, 'done', { sessionId: null }).state).toBe('done');
    expect(listUnfinished(db)).toEqual([]);
  });
});
