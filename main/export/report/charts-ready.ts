/**
 * How a PDF renderer knows a report page is ready to print: the page sets
 * `document.body.dataset.chartsReady = "1"` once every chart is drawn (report-charts.ts; pages
 * without charts set it at once). One definition for both printers: headless Chromium in the
 * CLI (pdf-chromium.ts) and Electron's printToPDF in the app (main/electron/report-pdf.ts).
 */

/** Expression that is true in the page once its charts are drawn. */
export const CHARTS_READY_SCRIPT = 'document.body.dataset.chartsReady === "1"';

/**
 * Longest wait for the charts, ms. The whole session PDF of the 10 s bench clip takes 4.3 s
 * (README "Benchmarks and measured figures"); 30 s leaves room for a loaded machine.
 */
export const CHARTS_READY_TIMEOUT_MS = 30_000;
