/**
 * Issue 25 finding 12, the PDF printer: a Chromium that exits at once, or one that never starts
 * (hangs), makes `swing-studio export <id> --format pdf` fail with one stderr line naming the
 * browser and what happened — not Playwright's ~40-line launch log, not a wait of minutes. The
 * browsers are real processes: shell scripts given as SWING_STUDIO_CHROMIUM. The deadline is
 * shortened with SWING_STUDIO_PDF_DEADLINE_MS so the hang case ends soon (no timing asserted).
 */
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFailure, PdfPrintError } from '../../main/export/report/chromium-failure.js';
import {
  chromiumPath,
  htmlToPdfChromium,
  pdfDeadlineMs,
  PDF_DEADLINE_MS,
} from '../../main/export/report/pdf-chromium.js';
import { runCliCapture } from '../cli/run-cli.js';
import { sessionFixture, type SessionFixture } from './session-fixture.js';

let fx: SessionFixture;
let dir: string;

/** A fake browser: a shell script in the temp folder. */
function script(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** Runs the PDF export of the fixture's session with `chromium` as the browser. */
async function exportPdf(chromium: string, out: string) {
  return runCliCapture(['export', String(fx.sessionId), '--format', 'pdf', '--out', out], {
    SWING_STUDIO_HOME: fx.home,
    SWING_STUDIO_CHROMIUM: chromium,
    SWING_STUDIO_PDF_DEADLINE_MS: '3000',
  });
}

/** Whether `pid` runs (not gone, not a zombie) after SIGKILL has had up to 5 s to land. */
async function stillRunning(pid: number): Promise<boolean> {
  const running = () => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  for (let i = 0; i < 50 && running(); i++) await new Promise((r) => setTimeout(r, 100));
  return running();
}

/** Non-empty lines of a text. */
function lines(text: string): string[] {
  return text.split('\n').filter((l) => l.trim() !== '');
}

beforeAll(async () => {
  fx = await sessionFixture();
  dir = mkdtempSync(join(tmpdir(), 'ss-fake-chromium-'));
});

afterAll(() => {
  fx?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('PDF export with a Chromium that does not work', () => {
  it('a Chromium that exits at once: one line with its exit code and first output line', async () => {
    const exe = script(
      'exits.sh',
      'echo "fake chromium: cannot open display :0" >&2\necho "second line" >&2\nexit 3',
    );
    const out = join(dir, 'exits.pdf');
    const run = await exportPdf(exe, out);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(lines(run.stderr)).toEqual([
      `swing-studio: Chromium at ${exe} exited at start (exit code 3: fake chromium: cannot open display :0): install chromium or set SWING_STUDIO_CHROMIUM to a working Chromium`,
    ]);
    expect(run.stderr).not.toMatch(/Call log|<launching>/);
    expect(run.stderr).not.toContain('\u001b['); // Playwright's colour codes
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('exits.pdf'))).toEqual([]);
  });

  it('a Chromium that hangs: one line after the deadline, and the process is gone', async () => {
    const pidFile = join(dir, 'hang.pid');
    const exe = script('hangs.sh', `echo $$ > '${pidFile}'\nexec sleep 600`);
    const out = join(dir, 'hangs.pdf');
    const run = await exportPdf(exe, out);
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      `swing-studio: Chromium at ${exe} did not start within 3 s (it hangs): install chromium or set SWING_STUDIO_CHROMIUM to a working Chromium`,
    ]);
    expect(existsSync(out)).toBe(false);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(await stillRunning(pid)).toBe(false); // killed, not left for Playwright's 30 s close wait
  });

  it('a page that never gets ready: one line at the deadline, no file left', async () => {
    const out = join(dir, 'never-ready.pdf');
    const err = await htmlToPdfChromium(
      '<!doctype html><html><head><title>x</title></head><body><p>charts never drawn</p><script>document.title = "waiting";</script></body></html>',
      out,
      {
        deadlineMs: 2000,
      },
    ).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(PdfPrintError);
    expect((err as Error).message).toBe(
      `the PDF was not printed within 2 s (Chromium at ${chromiumPath()} hangs): try again, or install chromium or set SWING_STUDIO_CHROMIUM to a working Chromium`,
    );
    expect(readdirSync(dir).filter((f) => f.startsWith('never-ready.pdf'))).toEqual([]);
  });

  it('a page whose charts are drawn after load prints (the charts wait works under the report CSP)', async () => {
    const out = join(dir, 'late.pdf');
    const late = '<script>setTimeout(() => { document.body.dataset.chartsReady = "1"; }, 300);</script>';
    await htmlToPdfChromium(
      `<!doctype html><html><head><title>x</title></head><body><p>late charts</p>${late}</body></html>`,
      out,
    );
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the deadline is 120 s unless SWING_STUDIO_PDF_DEADLINE_MS says otherwise; a bad value is one line', () => {
    expect(PDF_DEADLINE_MS).toBe(120_000);
    expect(pdfDeadlineMs({})).toBe(120_000);
    expect(pdfDeadlineMs({ SWING_STUDIO_PDF_DEADLINE_MS: '2500' })).toBe(2500);
    expect(() => pdfDeadlineMs({ SWING_STUDIO_PDF_DEADLINE_MS: 'soon' })).toThrow(
      'SWING_STUDIO_PDF_DEADLINE_MS must be a positive number of milliseconds (got "soon")',
    );
  });

  it('a launch error without a browser log keeps only its first line', () => {
    const err = launchFailure(
      '/x/chromium',
      new Error('browserType.launch: spawn EACCES\nCall log:\n  - <launching> /x/chromium'),
      1000,
    );
    expect(err.message).toBe(
      'Chromium at /x/chromium could not be started (spawn EACCES): install chromium or set SWING_STUDIO_CHROMIUM to a working Chromium',
    );
  });
});
