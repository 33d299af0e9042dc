/**
 * One line for a failed PDF print with the system's Chromium (pdf-chromium.ts). Playwright's own
 * errors carry the whole launch command line, the browser's output and a "Call log:" of every
 * step (about 40 lines, with terminal colour codes); a coach needs which Chromium, what happened
 * and the first thing the browser said.
 */

/** Longest quoted browser output, characters. */
const MAX_OUTPUT_CHARS = 160;

/** A PDF print that failed; `message` is one line. */
export class PdfPrintError extends Error {
  override readonly name = 'PdfPrintError';
}

/** Removes terminal colour codes (`ESC[2m` …) from Playwright's logs. */
function plain(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

/** The first line the browser process printed (`[pid=N][err] …` in Playwright's browser log), capped. */
function firstBrowserLine(message: string): string | null {
  const m = /^\[pid=\d+\]\[(?:err|out)\] *(.*\S.*)$/m.exec(plain(message));
  if (!m?.[1]) return null;
  const line = m[1].trim();
  return line.length > MAX_OUTPUT_CHARS ? `${line.slice(0, MAX_OUTPUT_CHARS - 1)}…` : line;
}

/** Exit code or signal of the browser process from Playwright's log (`<process did exit: exitCode=3, signal=null>`). */
function exitText(message: string): string | null {
  const m = /<process did exit: exitCode=(\w+), signal=(\w+)>/.exec(message);
  if (!m) return null;
  return m[1] !== 'null' ? `exit code ${m[1]}` : m[2] !== 'null' ? `signal ${m[2]}` : null;
}

/** The first line of an error's message without Playwright's `page.pdf: `-style call prefix. */
function firstLine(err: unknown): string {
  const text = plain(err instanceof Error ? err.message : String(err));
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.replace(/^[A-Za-z]+\.[A-Za-z]+: /, '').trim() || 'unknown error';
}

/**
 * Process id of the browser a failed launch started (`<launched> pid=N` in Playwright's call log),
 * or null. Playwright leaves a browser that never answered running for up to 30 s after the
 * launch gave up (its close timeout), which keeps the CLI process alive; the caller kills it.
 */
export function launchedPid(err: unknown): number | null {
  const m = /<launched> pid=(\d+)/.exec(err instanceof Error ? err.message : String(err));
  return m ? Number(m[1]) : null;
}

/** What to do about a Chromium that does not work. */
const CHROMIUM_TIP = 'install chromium or set SWING_STUDIO_CHROMIUM to a working Chromium';

/**
 * The one-line error for a launch of Chromium at `exe` that failed: it exited at once ("Chromium
 * at /x exited at start (exit code 3: <its first output line>)"), did not start within
 * `deadlineMs`, or failed otherwise (the first line of Playwright's message).
 */
export function launchFailure(exe: string, err: unknown, deadlineMs: number): PdfPrintError {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof Error && err.name === 'TimeoutError') {
    return new PdfPrintError(
      `Chromium at ${exe} did not start within ${deadlineMs / 1000} s (it hangs): ${CHROMIUM_TIP}`,
    );
  }
  const exited = exitText(message);
  const said = firstBrowserLine(message);
  if (exited || said || /Browser logs:|has been closed/.test(message)) {
    const why = [exited, said].filter(Boolean).join(': ');
    return new PdfPrintError(`Chromium at ${exe} exited at start${why ? ` (${why})` : ''}: ${CHROMIUM_TIP}`);
  }
  return new PdfPrintError(`Chromium at ${exe} could not be started (${firstLine(err)}): ${CHROMIUM_TIP}`);
}

/** The one-line error for a print by a running Chromium at `exe` that failed or passed `deadlineMs` (`timedOut`). */
export function printFailure(
  exe: string,
  err: unknown,
  deadlineMs: number,
  timedOut: boolean,
): PdfPrintError {
  if (timedOut)
    return new PdfPrintError(
      `the PDF was not printed within ${deadlineMs / 1000} s (Chromium at ${exe} hangs): try again, or ${CHROMIUM_TIP}`,
    );
  return new PdfPrintError(`printing the PDF with Chromium at ${exe} failed: ${firstLine(err)}`);
}
