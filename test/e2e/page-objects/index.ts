/** The end-to-end page objects. */
export { AppPage, ARTIFACTS_DIR } from './app-page.js';
export { LibraryPage } from './library-page.js';
export { NewAnalysisPage } from './new-analysis-page.js';
export { SessionPage, type OverlayBox, type PlaySample, type SwingDebugState } from './session-page.js';
export { SettingsPage } from './settings-page.js';
export { ExportPage, type DownloadedFile, type SessionFormat } from './export-page.js';
export { ComparePage, type CompareDebugState } from './compare-page.js';
