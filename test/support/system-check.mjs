#!/usr/bin/env node
/**
 * Runs before `npm test`: the test suite needs programs the app itself does not (the app ships
 * its FFmpeg; its PDF export uses a Chromium it finds on the system). When one is missing this
 * says exactly which and how to get it, and stops before any test runs:
 * - Chromium: the renderer's end-to-end tests and the PDF export tests (SWING_STUDIO_CHROMIUM or
 *   CHROMIUM_PATH, else /usr/bin/chromium, as main/export/report/pdf-chromium.ts looks).
 * - ffmpeg + ffprobe CLIs: tests make clips at test time and check written videos independently.
 * - pdftotext + pdftoppm (poppler): tests read report text and save report pages as PNG.
 * - a font (DejaVu): report pages render text.
 * `.ci/run` installs them all first (Debian packages).
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const onPath = (name) => (process.env.PATH ?? '').split(delimiter).some((d) => {
  try {
    accessSync(join(d, name), constants.X_OK);
    return true;
  } catch {
    return false;
  }
});
const chromium = [process.env.SWING_STUDIO_CHROMIUM, process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].some((p) => p && existsSync(p));
const needs = [
  { ok: chromium, what: 'Chromium (set SWING_STUDIO_CHROMIUM to its path, or install it)', deb: 'chromium' },
  { ok: onPath('ffmpeg') && onPath('ffprobe'), what: 'the ffmpeg and ffprobe commands', deb: 'ffmpeg' },
  { ok: onPath('pdftotext') && onPath('pdftoppm'), what: 'pdftotext and pdftoppm (poppler)', deb: 'poppler-utils' },
  { ok: process.platform !== 'linux' || existsSync('/usr/share/fonts/truetype/dejavu'), what: 'the DejaVu fonts', deb: 'fonts-dejavu-core' },
];
const missing = needs.filter((n) => !n.ok);
if (missing.length) {
  console.error('The tests need programs this machine does not have:');
  for (const m of missing) console.error(`  - ${m.what}`);
  console.error(`Debian/Ubuntu: sudo apt-get install -y --no-install-recommends ${missing.map((m) => m.deb).join(' ')}`);
  console.error('(The app itself needs none of them to analyse: `npx swing-studio analyze <clip>` works without.)');
  process.exit(1);
}
