/**
 * Report HTML → PDF in the desktop app with Electron's printToPDF: the page is loaded in a
 * hidden, sandboxed window with no preload and no Node (the report is self-contained: inline CSS,
 * uPlot and data URLs), we wait for its charts (`document.body.dataset.chartsReady`), print A4
 * with backgrounds and CSS page sizes, and write the file atomically. Electron-only glue; the
 * same page is printed by headless Chromium in the CLI (main/export/report/pdf-chromium.ts).
 */
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { BrowserWindow } from 'electron';
import { writeFileAtomic } from '../archive/atomic-file.js';

/** Renders `html` to a PDF at `outPath`. @throws Error when the page never signals its charts are drawn (30 s). */
export async function htmlToPdfElectron(html: string, outPath: string): Promise<void> {
  const page = join(tmpdir(), `swing-report-${randomUUID()}.html`);
  await writeFile(page, html, { mode: 0o600 });
  const win = new BrowserWindow({
    show: false,
    // Its own in-memory session: the app session's strict CSP (no inline script) is for the app's
    // pages; the report page needs its inline uPlot script and reaches nothing on the network.
    webPreferences: { partition: 'swing-report-pdf', sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: true, offscreen: true },
  });
  try {
    win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    win.webContents.on('will-navigate', (e) => e.preventDefault());
    await win.loadFile(page);
    const deadline = Date.now() + 30_000;
    while (!(await win.webContents.executeJavaScript('document.body.dataset.chartsReady === "1"'))) {
      if (Date.now() > deadline) throw new Error('the report page did not finish drawing its charts');
      await new Promise((r) => setTimeout(r, 50));
    }
    const pdf = await win.webContents.printToPDF({ pageSize: 'A4', printBackground: true, preferCSSPageSize: true });
    writeFileAtomic(outPath, pdf);
  } finally {
    win.destroy();
    await rm(page, { force: true });
  }
}
