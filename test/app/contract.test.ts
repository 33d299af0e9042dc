/**
 * The contract's input schemas: every channel refuses a wrong type, a missing field and an
 * extra (dangerous) field, and accepts a valid input; the generated name lists match CONTRACT.
 */
import { describe, expect, it } from 'vitest';
import { CHANNELS, EVENT_NAMES } from '../../preload/channels.gen.js';
import { CONTRACT, EVENTS, type Channel } from '../../preload/contract.js';

const player = { name: 'Ana Lopez', dominantHand: 'right', heightMm: 1680 };
const job = {
  videoPath: '/videos/a.mp4',
  player,
  sport: 'tennis',
  swingType: 'forehand_drive',
  backend: 'local',
};

/** Per channel: a valid input, then bad ones (wrong type, missing field, extra dangerous field). */
const CASES: Record<Channel, { valid: unknown; bad: unknown[] }> = {
  'app.info': { valid: undefined, bad: [{ path: '/etc/passwd' }, 1, null] },
  'app.openExternal': {
    valid: { url: 'https://example.com/help' },
    bad: [
      { url: 3 },
      {},
      { url: 'https://example.com', path: '/etc/passwd' },
      { url: 'file:///etc/passwd' },
      { url: 'javascript:alert(1)' },
    ],
  },
  'library.listPlayers': { valid: undefined, bad: [{ sql: 'DROP TABLE players' }, 'x'] },
  'library.createPlayer': {
    valid: player,
    bad: [
      { ...player, heightMm: '1680' },
      { name: 'A', dominantHand: 'right' },
      { ...player, id: 5 },
      { ...player, heightMm: 1.68 },
      { ...player, name: '  ' },
    ],
  },
  'library.updatePlayer': {
    valid: { id: 1, patch: { heightMm: 1700 } },
    bad: [
      { id: '1', patch: {} },
      { patch: { name: 'B' } },
      { id: 1, patch: { createdAt: '2020-01-01' } },
      { id: -1, patch: {} },
    ],
  },
  'library.listSessions': {
    valid: { playerId: 2, tag: 'power', text: 'hip', limit: 10 },
    bad: [{ limit: 'all' }, { from: 'yesterday' }, { dbPath: '/tmp/other.sqlite' }, { limit: 5000 }],
  },
  'library.getSession': {
    valid: { id: 3 },
    bad: [{ id: 'x' }, {}, { id: 3, clipPath: '/etc/passwd' }, { id: 1.5 }],
  },
  'library.renameSession': {
    valid: { id: 3, title: 'New' },
    bad: [{ id: 3, title: 5 }, { id: 3 }, { id: 3, title: 'x', clipPath: '/etc' }],
  },
  'library.setTags': {
    valid: { id: 3, tags: ['power'] },
    bad: [
      { id: 3, tags: 'power' },
      { tags: ['a'] },
      { id: 3, tags: ['a'], sql: '1' },
      { id: 3, tags: ['a,b'] },
    ],
  },
  'library.setNotes': {
    valid: { id: 3, notes: '' },
    bad: [{ id: 3, notes: null }, { id: 3 }, { id: 3, notes: '', path: '/x' }],
  },
  'library.setCaptureFps': {
    valid: { id: 3, captureFps: 240 },
    bad: [{ id: 3, captureFps: 0 }, { id: 3, captureFps: -30 }, { id: 3, captureFps: 200_000 }, { id: 3, captureFps: '240' }, { id: 3 }, { id: 3, captureFps: null, fps: 30 }],
  },
  'library.correctStroke': {
    valid: { id: 3, correction: { op: 'set-contact', strokeIndex: null, frame: 40 } },
    bad: [
      { id: 3, correction: { op: 'set-contact', frame: -1 } },
      { id: 3, correction: { op: 'set-side', strokeIndex: 1, side: 'smash' } },
      { id: 3, correction: { op: 'delete-stroke', strokeIndex: 0 } },
      { id: 3, correction: { op: 'add-stroke', frame: 4 } },
      { id: 3, correction: { op: 'rewrite' } },
      { id: 3, correction: { op: 'delete-stroke', strokeIndex: 1, path: '/x' } },
    ],
  },
  'library.deleteSession': {
    valid: { id: 3 },
    bad: [{ id: [3] }, {}, { id: 3, clipPath: '/home/user/.ssh/id_rsa' }],
  },
  'library.checkClip': { valid: { id: 3 }, bad: [{}, { id: 0 }, { id: 3, path: '/x.mp4' }] },
  'library.locateClip': {
    valid: { id: 3, path: '/videos/practice.mp4' },
    bad: [{ id: 3 }, { path: '/videos/practice.mp4' }, { id: 3, path: 'relative.mp4' }, { id: 3, path: '/v.mp4', clipPath: '/x.mp4' }],
  },
  'library.listReferenceStrokes': { valid: undefined, bad: [{ playerId: 1 }, 'x'] },
  'library.setReferenceStroke': {
    valid: { playerId: 1, sessionId: 4, strokeIndex: null },
    bad: [{ playerId: 1, sessionId: 4, strokeIndex: 0 }, { playerId: 1, sessionId: '4' }, { playerId: 1 }, { playerId: 1, sessionId: 4, clipPath: '/x.mp4' }, { playerId: 1, sessionId: 4, strokeIndex: 1.5 }],
  },
  'library.listDrawings': { valid: { sessionId: 3 }, bad: [{}, { sessionId: 0 }, { sessionId: 3, clipPath: '/x.mp4' }] },
  'library.saveDrawing': {
    valid: { sessionId: 3, drawing: { kind: 'angle', frameNr: 40, fromFrameNr: 20, toFrameNr: 60, points: [{ joint: 1 }, { joint: 2 }, { x: 10.5, y: 20 }], colour: '#ffd400', onChart: true } },
    bad: [
      { sessionId: 3, drawing: { kind: 'angle', frameNr: 40, fromFrameNr: 20, toFrameNr: 60, points: [{ joint: 1 }], colour: '#ffd400' } },
      { sessionId: 3, drawing: { kind: 'circle', frameNr: 40, fromFrameNr: 20, toFrameNr: 60, points: [{ joint: 1 }, { x: 1, y: 1 }], colour: '#ffd400' } },
      { sessionId: 3, drawing: { kind: 'line', frameNr: 40, fromFrameNr: 41, toFrameNr: 60, points: [{ x: 0, y: 0 }, { x: 1, y: 1 }], colour: '#ffd400' } },
      { sessionId: 3, drawing: { kind: 'text', frameNr: 40, fromFrameNr: 20, toFrameNr: 60, points: [{ x: 0, y: 0 }], text: '', colour: '#ffd400' } },
      { sessionId: 3, drawing: { kind: 'line', frameNr: 40, fromFrameNr: 20, toFrameNr: 60, points: [{ x: 0, y: 0 }, { x: 1, y: 1 }], colour: 'red' } },
      { sessionId: 3, id: -1, drawing: { kind: 'line', frameNr: 40, fromFrameNr: 20, toFrameNr: 60, points: [{ x: 0, y: 0 }, { x: 1, y: 1 }], colour: '#ffd400' } },
    ],
  },
  'library.deleteDrawing': { valid: { sessionId: 3, id: 9 }, bad: [{ sessionId: 3 }, { id: 9 }, { sessionId: 3, id: 9, all: true }] },
  'library.playerHistory': {
    valid: { playerId: 1, featureName: 'hip_rotation' },
    bad: [{ playerId: 'me' }, {}, { playerId: 1, archivePath: '/x.zip' }],
  },
  'library.strokeHistory': {
    valid: { playerId: 1, side: 'backhand', featureName: 'unit_turn' },
    bad: [{ playerId: 1, side: 'lob' }, {}, { playerId: 1, featureName: 3 }],
  },
  'jobs.check': {
    valid: { paths: ['/videos/a.mp4'] },
    bad: [
      { paths: '/videos/a.mp4' },
      {},
      { paths: ['relative/a.mp4'] },
      { paths: ['/a\0.mp4'] },
      { paths: ['/a.mp4'], allowAll: true },
      { paths: [] },
    ],
  },
  'jobs.enqueueAnalysis': {
    valid: [job],
    bad: [
      job,
      [{ ...job, sport: 'golf' }],
      [{ ...job, videoPath: undefined }],
      [{ ...job, outputDir: '/etc' }],
      [{ ...job, videoPath: '../../etc/passwd' }],
      [],
    ],
  },
  'jobs.cancel': { valid: { id: 1 }, bad: [{ id: 'all' }, {}, { id: 1, force: true }] },
  'jobs.list': { valid: undefined, bad: [{ all: true }] },
  'settings.get': { valid: undefined, bad: [{ includeKey: true }] },
  'settings.update': {
    valid: { theme: 'dark', remote: { baseUrl: '', techniqueUrl: 'https://t.example.com' } },
    bad: [
      { theme: 3 },
      { remote: { baseUrl: 'https://a.example.com' } },
      { libraryDir: '/' },
      { window: { x: 0 } },
      { remote: { baseUrl: 'file:///x', techniqueUrl: '' } },
    ],
  },
  'settings.setApiKey': {
    valid: { key: 'sk-live-0123456789' },
    bad: [{ key: 12345678 }, {}, { key: 'sk-live-0123456789', path: '/x' }, { key: 'short' }],
  },
  'settings.testConnection': {
    valid: { backend: 'remote' },
    bad: [{ backend: 'ftp' }, {}, { backend: 'remote', url: 'http://evil' }],
  },
  'dialog.pickVideos': { valid: undefined, bad: [{ defaultPath: '/etc' }] },
  'dialog.pickHandover': { valid: undefined, bad: [{ defaultPath: '/etc' }] },
  'settings.chooseLibraryFolder': { valid: undefined, bad: [{ path: '/tmp/lib' }, '/tmp/lib'] },
  'export.session': {
    valid: { id: 3, format: 'pdf' },
    bad: [{ id: 3, format: 'docx' }, { id: 3, format: 'csv', out: '/etc/passwd' }, { id: -1, format: 'csv' }, { format: 'csv' }],
  },
  'export.player': {
    valid: { playerId: 2, format: 'progress-pdf' },
    bad: [{ playerId: 2, format: 'pdf' }, { playerId: 2, format: 'csv', path: '/tmp/x' }, { playerId: '2', format: 'csv' }],
  },
  'export.compare': {
    valid: { a: 1, b: 2, format: 'mp4' },
    bad: [
      { a: 1, b: 1, format: 'pdf' },
      { a: 1, b: 1, strokeA: 2, strokeB: 2, format: 'pdf' },
      { a: 1, b: 2, strokeA: 0, format: 'pdf' },
      { a: 1, b: 2, strokeB: 1.5, format: 'pdf' },
      { a: 1, b: 2, format: 'csv' },
      { a: 1, format: 'pdf' },
      { a: 1, b: 2, format: 'pdf', out: '/tmp/x.pdf' },
    ],
  },
  'import.handover': {
    valid: { path: '/home/coach/handover.zip' },
    bad: [{ path: 'relative.zip' }, { path: '/x.zip', playerMerge: 'overwrite' }, { path: '/a\0b.zip' }, {}],
  },
  'media.urlFor': {
    valid: { sessionId: 3 },
    bad: [
      { sessionId: '3' },
      {},
      { sessionId: 3, path: '../../etc/passwd' },
      { sessionId: 3, kind: 'archive' },
    ],
  },
  'media.previewUrl': {
    valid: { path: '/videos/clip.mp4' },
    bad: [{ path: 'relative.mp4' }, {}, { path: '/a\0b.mp4' }, { path: '/videos/clip.mp4', sessionId: 3 }],
  },
};

describe('contract input schemas', () => {
  it('has a case for every channel', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(CONTRACT).sort());
  });

  for (const channel of Object.keys(CASES) as Channel[]) {
    const { valid, bad } = CASES[channel];
    it(`${channel}: accepts a valid input`, () => {
      const r = CONTRACT[channel].input.safeParse(valid);
      expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    });
    it.each(bad.map((b) => [JSON.stringify(b) ?? 'undefined', b]))(
      `${channel}: refuses %s`,
      (_label, input) => {
        expect(CONTRACT[channel].input.safeParse(input).success).toBe(false);
      },
    );
  }

  it('applies defaults (media.urlFor kind = clip)', () => {
    expect(CONTRACT['media.urlFor'].input.parse({ sessionId: 1 })).toEqual({ sessionId: 1, kind: 'clip' });
  });
});

describe('generated name lists', () => {
  it('match CONTRACT and EVENTS (run `npx tsx preload/gen-channels.ts` when this fails)', () => {
    expect([...CHANNELS]).toEqual(Object.keys(CONTRACT));
    expect([...EVENT_NAMES]).toEqual(Object.keys(EVENTS));
  });
});
