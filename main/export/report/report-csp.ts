/**
 * Content-Security-Policy of the PDF report pages (session and progress reports), applied where
 * a page is rendered: as a `<meta http-equiv>` first in `<head>` for headless Chromium (CLI,
 * pdf-chromium.ts) and as the response header of the app's own protocol in Electron
 * (main/electron/report-pdf.ts). The page is self-contained, so the policy allows only what the
 * template needs:
 *  - scripts: exactly the page's own inline `<script>` blocks (uPlot and the chart code), each
 *    allowed by its SHA-256 hash (CSP Level 2 §4.2); no other inline script, no inline event
 *    handler (`onerror=`…), no eval-free exception, no external script;
 *  - styles inline (the template's `<style>` and uPlot's sizing attributes);
 *  - images and fonts from `data:` / `blob:` only (key frames are data URLs, charts canvases);
 *  - no network at all (`connect-src`, `default-src 'none'`), no forms, no base URL, no frames.
 */
import { createHash } from 'node:crypto';

const SCRIPT_RE = /<script>([\s\S]*?)<\/script>/g;

/** The policy for `html`: its own attribute-less `<script>` blocks are allowed by hash, nothing else. */
export function reportCsp(html: string): string {
  const hashes = [...html.matchAll(SCRIPT_RE)].map((m) => `'sha256-${createHash('sha256').update(m[1] ?? '', 'utf8').digest('base64')}'`);
  return [
    "default-src 'none'",
    `script-src ${hashes.length ? [...new Set(hashes)].join(' ') : "'none'"}`,
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    'font-src data:',
    "connect-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * `html` with its {@link reportCsp} as the first element of `<head>` (before any script).
 * @throws Error when the page has no `<head>` (every report template has one).
 */
export function withReportCsp(html: string): string {
  const at = html.search(/<head[^>]*>/i);
  if (at < 0) throw new Error('report page has no <head> for its Content-Security-Policy');
  const end = html.indexOf('>', at) + 1;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${reportCsp(html)}">`;
  return html.slice(0, end) + meta + html.slice(end);
}
