/**
 * Report HTML → PDF in the desktop app with Electron's printToPDF: the page is served by the
 * app's own `app://` scheme on the report window's private session (never from a file:// page,
 * and the file protocol's extra privileges are off by fuse, electron-builder.yml), with the
 * report Content-Security-Policy as its header (main/export/report/report-csp.ts: only the
 * page's own inline scripts by hash, no network). The hidden window is sandboxed, with no
 * preload and no Node; we wait for its charts (`document.body.dataset.chartsReady`), print A4
 * with backgrounds and CSS page sizes, and write the file atomically. The same page is printed
 * by headless Chromium in the CLI (main/export/report/pdf-chromium.ts). What the protocol answers
 * and the wait are plain Node in report-page.ts (tested); this file is the Electron glue.
 */
import { randomUUID } from 'node:crypto';
import { BrowserWindow, session } from 'electron';
import { writeFileAtomic } from '../files/index.js';
import { CHARTS_READY_SCRIPT } from '../export/report/charts-ready.js';
import { APP_SCHEME } from './protocols.js';
import { reportPage, waitForChartsReady } from './report-page.js';

/**
 * Renders `html` to a PDF at `outPath`.
 * @throws Error when the page never signals its charts are drawn (CHARTS_READY_TIMEOUT_MS, 30 s).
 */
export async function htmlToPdfElectron(html: string, outPath: string): Promise<void> {
  // A fresh in-memory session per report: its app:// answers this one page and nothing else.
  const partition = `swing-report-${randomUUID()}`;
  const ses = session.fromPartition(partition, { cache: false });
  const page = reportPage(html);
  ses.protocol.handle(APP_SCHEME, (request) => {
    const a = page.answer(request.method, request.url);
    return new Response(a.body, { status: a.status, headers: a.headers });
  });
  const win = new BrowserWindow({
    show: false,
    webPreferences: { partition, sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: true, offscreen: true },
  });
  try {
    win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    win.webContents.on('will-navigate', (e) => e.preventDefault());
    await win.loadURL(page.url);
    await waitForChartsReady(() => win.webContents.executeJavaScript(CHARTS_READY_SCRIPT) as Promise<unknown>);
    const pdf = await win.webContents.printToPDF({ pageSize: 'A4', printBackground: true, preferCSSPageSize: true });
    writeFileAtomic(outPath, pdf);
  } finally {
    win.destroy();
    ses.protocol.unhandle(APP_SCHEME);
  }
}
