/**
 * Export and import channels through the real bridge (plain Node): exports land in
 * <home>/exports and download over HTTP with the token; paths and names from outside are refused;
 * a hand-over must be picked (uploaded) before it is imported; a same-name player is asked about.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type Bridge } from '../../main/bridge/server.js';
import { dispatch } from '../../main/ipc/dispatch.js';
import { probeVideo } from '../../main/av/index.js';
import { openLibrary } from '../../main/library/db.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { analysedClip } from '../support/analysed-clip.js';
import { REPO_ROOT } from '../support/media.js';

let home: string;
let bridge: Bridge;
let sessionId: number;
let playerId: number;

beforeAll(async () => {
  const { clipPath, done } = await analysedClip();
  home = mkdtempSync(join(tmpdir(), 'export-channels-'));
  const db = openLibrary(home);
  const info = await probeVideo(clipPath);
  sessionId = ingestAnalysis(db, {
    player: { name: 'Ann Example', dominantHand: 'right', heightMm: 1680 },
    session: { sourceClipPath: clipPath, recordedAt: '2026-11-20', sport: 'tennis', swingType: 'forehand_drive', durationS: info.durationS, fps: info.fps, width: info.width, height: info.height },
    analysis: done,
    backend: 'local',
  });
  playerId = (db.prepare('SELECT player_id FROM sessions WHERE id = ?').pluck().get(sessionId) as number);
  db.close();
  bridge = await startBridge({ home, rendererDir: join(REPO_ROOT, 'renderer', 'dist') });
});
afterAll(async () => {
  await bridge?.close();
  rmSync(home, { recursive: true, force: true });
});

const call = (channel: Parameters<typeof dispatch>[1], input?: unknown) => dispatch(bridge.services.handlers, channel, input);

describe('export channels (bridge)', () => {
  it('export.session writes under exports/ and the file downloads with the token only', async () => {
    const r = await call('export.session', { id: sessionId, format: 'csv' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const v = r.value as { files: string[]; downloadUrls: string[] };
    expect(v.files[0]!.startsWith(join(home, 'exports'))).toBe(true);
    expect(v.files[0]).toMatch(/Ann-Example-2026-11-20-forehand_drive-csv\.csv$|Ann-Example-2026-11-20-forehand-drive-csv\.csv$/);
    const res = await fetch(v.downloadUrls[0]!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''/);
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(v.files[0]!))).toBe(true);
    expect((await fetch(v.downloadUrls[0]!.replace(/\?t=.*$/, ''))).status).toBe(401);
    const base = `${bridge.origin}/exports/`;
    const t = `?t=${encodeURIComponent(bridge.token)}`;
    for (const bad of ['..%2Flibrary%2Flibrary.sqlite', '%2E%2E%2Fsettings.json', 'nope.csv', 'x%00.csv']) {
      expect((await fetch(`${base}${bad}${t}`)).status).toBe(404);
    }
  });

  it('export.player makes a progress PDF', async () => {
    const r = await call('export.player', { playerId, format: 'progress-pdf' });
    expect(r.ok && (r.value as { files: string[] }).files[0]!.endsWith('Ann-Example-progress.pdf')).toBe(true);
    if (r.ok) expect(readFileSync((r.value as { files: string[] }).files[0]!).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses unknown sessions, formats and output paths', async () => {
    expect(await call('export.session', { id: 999, format: 'csv' })).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(await call('export.session', { id: sessionId, format: 'docx' })).toMatchObject({ ok: false, error: { kind: 'input' } });
    expect(await call('export.session', { id: sessionId, format: 'csv', out: '/etc/x' })).toMatchObject({ ok: false, error: { kind: 'input' } });
  });

  it('import.handover needs a picked file, then imports and asks about a same-name player', async () => {
    const ex = await call('export.session', { id: sessionId, format: 'handover' });
    expect(ex.ok).toBe(true);
    if (!ex.ok) return;
    const zip = (ex.value as { files: string[] }).files[0]!;
    // Not picked: refused even though the file exists.
    expect(await call('import.handover', { path: zip })).toMatchObject({ ok: false, error: { kind: 'input' } });
    // Uploaded through the bridge: picked.
    const up = await fetch(`${bridge.origin}/upload?t=${encodeURIComponent(bridge.token)}&name=handover.zip`, { method: 'POST', body: readFileSync(zip), headers: { origin: bridge.origin } });
    const picked = (await up.json()) as { ok: boolean; value: { path: string }[] };
    expect(picked.ok).toBe(true);
    const path = picked.value[0]!.path;
    expect(await call('import.handover', { path })).toMatchObject({ ok: true, value: { status: 'already-present', sessionId } });
    // In a second library the same-name player is asked about, then merged.
    const other = mkdtempSync(join(tmpdir(), 'export-channels-b-'));
    const b = await startBridge({ home: other, rendererDir: join(REPO_ROOT, 'renderer', 'dist') });
    try {
      await dispatch(b.services.handlers, 'library.createPlayer', { name: 'Ann Example', dominantHand: 'right', heightMm: 1680 });
      const up2 = await fetch(`${b.origin}/upload?t=${encodeURIComponent(b.token)}&name=handover.zip`, { method: 'POST', body: readFileSync(zip), headers: { origin: b.origin } });
      const p2 = ((await up2.json()) as { value: { path: string }[] }).value[0]!.path;
      expect(await dispatch(b.services.handlers, 'import.handover', { path: p2 })).toMatchObject({ ok: true, value: { status: 'player-exists', playerName: 'Ann Example' } });
      const merged = await dispatch(b.services.handlers, 'import.handover', { path: p2, playerMerge: 'merge' });
      expect(merged).toMatchObject({ ok: true, value: { status: 'imported' } });
      const players = await dispatch(b.services.handlers, 'library.listPlayers', undefined);
      expect(players.ok && (players.value as unknown[]).length).toBe(1);
    } finally {
      await b.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
