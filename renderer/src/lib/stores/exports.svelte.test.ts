import { describe, expect, it } from 'vitest';
import { Failure, installFakeApi } from '../fake-api.test-support.js';
import { ExportManager, HandoverImporter } from './exports.svelte.js';
import { toasts } from './toasts.svelte.js';
import { downloadName, fileName, sessionExportItems } from '../exports/export-formats.js';
import { ApiError } from '../api-error.js';

const URL_A = 'http://127.0.0.1:4312/exports/2026-Ana-forehand%20drive.csv?t=tok';

describe('export formats', () => {
  it('lists the nine session formats in menu order and names downloads from their URL', () => {
    const items = sessionExportItems();
    expect(items.map((i) => i.format)).toEqual(['pdf', 'csv', 'pose-csv', 'json', 'archive', 'kva', 'trc', 'mp4', 'handover']);
    expect(items[0]?.label).toBe('PDF report');
    expect(downloadName(URL_A)).toBe('2026-Ana-forehand drive.csv');
    expect(downloadName('not a url')).toBe('not a url');
    expect(fileName('C:\\Users\\c\\report.pdf')).toBe('report.pdf');
    expect(fileName('/home/c/report.pdf')).toBe('report.pdf');
  });
});

describe('ExportManager', () => {
  it('keeps the bridge download links and sends the feature only with mp4', async () => {
    const fake = installFakeApi({ 'export.session': () => ({ files: ['/h/exports/a.csv'], downloadUrls: [URL_A] }) });
    const m = new ExportManager();
    const pending = m.exportSession(3, 'csv', 'hip_rotation_speed');
    expect(m.busy).toBe('Features CSV');
    await pending;
    expect(m.busy).toBeNull();
    expect(m.downloads).toEqual([{ name: '2026-Ana-forehand drive.csv', url: URL_A }]);
    await m.exportSession(3, 'mp4', 'hip_rotation_speed');
    expect(fake.calls.map((c) => c.input)).toEqual([
      { id: 3, format: 'csv' },
      { id: 3, format: 'mp4', feature: 'hip_rotation_speed' },
    ]);
    m.clearDownloads();
    expect(m.downloads).toEqual([]);
  });

  it('toasts where Electron saved, says nothing on a cancelled dialog, and rethrows failures', async () => {
    let answer: unknown = { files: ['/home/c/Ana-progress.pdf'], downloadUrls: [] };
    installFakeApi({
      'export.player': () => {
        if (answer instanceof Failure) throw answer;
        return answer;
      },
    });
    const m = new ExportManager();
    await m.exportPlayer(1, 'progress-pdf');
    expect(toasts.items.at(-1)?.message).toBe('Saved to /home/c/Ana-progress.pdf');
    const before = toasts.items.length;
    answer = null;
    expect(await m.exportPlayer(1, 'csv')).toBeNull();
    expect(toasts.items.length).toBe(before);
    answer = new Failure({ kind: 'not-found', message: 'no player with id 1' });
    await expect(m.exportPlayer(1, 'csv')).rejects.toBeInstanceOf(ApiError);
    expect(m.busy).toBeNull();
  });
});

describe('HandoverImporter', () => {
  it('asks when the player exists and imports again with the coach’s choice', async () => {
    const fake = installFakeApi({
      'import.handover': (input) =>
        (input as { playerMerge: string }).playerMerge === 'ask'
          ? { status: 'player-exists', playerName: 'Ana' }
          : { status: 'imported', sessionId: 9 },
    });
    const m = new HandoverImporter();
    const first = await m.importPath('/up/h.zip');
    expect(first.status).toBe('player-exists');
    expect(m.state).toEqual({ step: 'player-exists', path: '/up/h.zip', name: 'h.zip', playerName: 'Ana' });
    expect(await m.resolvePlayer('new')).toEqual({ status: 'imported', sessionId: 9 });
    expect(m.state).toEqual({ step: 'choose' });
    expect(fake.calls.map((c) => (c.input as { playerMerge: string }).playerMerge)).toEqual(['ask', 'new']);
    expect(toasts.items.at(-1)?.message).toBe('Imported h.zip.');
  });

  it('cancels the question without a call, and returns to the first step after a failure', async () => {
    let fail = false;
    const fake = installFakeApi({
      'import.handover': () => {
        if (fail) throw new Failure({ kind: 'decode', message: 'the hand-over is not a valid archive' });
        return { status: 'player-exists', playerName: 'Ana' };
      },
    });
    const m = new HandoverImporter();
    await m.importPath('/up/h.zip');
    expect(await m.resolvePlayer(null)).toBeNull();
    expect(m.state).toEqual({ step: 'choose' });
    expect(fake.calls.length).toBe(1);
    fail = true;
    await expect(m.importPath('/up/bad.zip')).rejects.toThrow(/not a valid archive/);
    expect(m.state).toEqual({ step: 'choose' });
  });
});
