/**
 * Player exports through the CLI program (in-process, real library in SWING_STUDIO_HOME): the
 * progress PDF (text checked with pdftotext, pages saved as artifacts) and the feature CSV over
 * two sessions; session export and import commands; one clear stderr line on failure.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProgram, runCli } from '../../main/cli/program.js';
import { DoneLine } from '../../main/contract/technique-schema.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { listSessions } from '../../main/library/sessions.js';
import { analysedClip } from '../support/analysed-clip.js';
import { REPO_ROOT } from '../support/media.js';
import { sessionFixture, type SessionFixture } from './session-fixture.js';

const ARTIFACTS = join(REPO_ROOT, 'test-artifacts', 'export');
let fx: SessionFixture;
let secondId: number;

beforeAll(async () => {
  fx = await sessionFixture();
  mkdirSync(fx.out, { recursive: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  const { done } = await analysedClip();
  // A later session of the same player whose scores are 10 points better (capped at 100).
  const better = DoneLine.parse({
    ...done,
    uid: 'second-session',
    result: { ...done.result, features: done.result.features.map((f) => ({ ...f, score: Math.min(100, f.score + 10) })) },
  });
  const s = fx.detail.session;
  secondId = ingestAnalysis(fx.db, {
    player: fx.detail.player.id,
    session: { sourceClipPath: fx.clipPath, recordedAt: '2026-11-16T10:00:00Z', sport: s.sport, swingType: s.swingType, durationS: s.durationS, fps: s.fps, width: s.width, height: s.height },
    analysis: better,
    backend: 'local',
  });
  process.env.SWING_STUDIO_HOME = fx.home;
});
afterAll(() => fx?.close());

async function cli(...args: string[]): Promise<{ out: string; err: string; code: number }> {
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  process.exitCode = 0;
  try {
    await runCli(buildProgram(), ['node', 'swing-studio', ...args]);
    return { out: out.mock.calls.map((c) => String(c[0])).join(''), err: err.mock.calls.map((c) => String(c[0])).join(''), code: Number(process.exitCode ?? 0) };
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = 0;
  }
}

describe('player exports (CLI)', () => {
  it('progress-pdf: every feature with its scores, best and weakest called out', async () => {
    const pdf = join(fx.out, 'progress.pdf');
    const r = await cli('export', '--player', 'Roger Test', '--format', 'progress-pdf', '--out', pdf);
    expect(r).toMatchObject({ code: 0, out: `${pdf}\n` });
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const h of ['Roger Test — progress', '2 analysed sessions', 'Best features', 'Weakest features', 'Most improved', '2026-11-02', '2026-11-16']) expect(text).toContain(h);
    for (const f of fx.detail.features) expect(text).toContain(f.feature_human_readable_name);
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf, join(ARTIFACTS, 'progress-report')]);
  });

  it('csv: one row per feature per session', async () => {
    const csv = join(fx.out, 'player.csv');
    expect((await cli('export', '--player', String(fx.detail.player.id), '--format', 'csv', '--out', csv)).code).toBe(0);
    const rows = parse<Record<string, string>>(readFileSync(csv), { columns: true });
    expect(rows).toHaveLength(fx.detail.features.length * 2);
    expect(new Set(rows.map((r) => r.session_id))).toEqual(new Set([String(fx.sessionId), String(secondId)]));
  });

  it('session export and import through the CLI; failures are one stderr line', async () => {
    const zip = join(fx.out, 'handover.zip');
    expect((await cli('export', String(fx.sessionId), '--format', 'handover', '--out', zip)).code).toBe(0);
    const again = await cli('import', zip);
    expect(again).toMatchObject({ code: 0, out: `already in the library as session ${fx.sessionId}\n` });
    const bad = await cli('export', '999', '--format', 'csv', '--out', join(fx.out, 'nope.csv'));
    expect(bad.code).toBe(1);
    expect(bad.err).toBe('swing-studio: no session with id 999\n');
    const wrong = await cli('export', '--player', 'Nobody', '--format', 'csv', '--out', join(fx.out, 'nope.csv'));
    expect(wrong.err).toBe('swing-studio: no player named or numbered "Nobody"\n');
    expect(listSessions(fx.db).length).toBe(2);
  });
});
