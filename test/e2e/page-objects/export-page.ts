/**
 * The export controls (session "Export…" menu, player exports in the Library) and the
 * hand-over import dialog; downloads are fetched with the page's request context (the
 * bridge's token-protected `/exports/<name>?t=` URLs).
 */
import { writeFileSync } from 'node:fs';
import { AppPage } from './app-page.js';

/** Formats of the session Export menu (main/export/formats.ts). */
export type SessionFormat = 'pdf' | 'csv' | 'pose-csv' | 'json' | 'archive' | 'kva' | 'trc' | 'mp4' | 'handover';

/** A downloaded export: the link's file name and the bytes the URL served. */
export interface DownloadedFile {
  name: string;
  url: string;
  status: number;
  body: Buffer;
}

/** Page object of the exports and the import dialog. */
export class ExportPage extends AppPage {
  /** Opens the session's Export menu. */
  async openMenu(): Promise<void> {
    await this.page.getByTestId('export-toggle').click();
    await this.page.getByTestId('export-menu').waitFor();
  }

  /** Labels of the menu items, in order. */
  async menuLabels(): Promise<string[]> {
    return this.page.getByTestId('export-menu').getByRole('menuitem').allInnerTexts();
  }

  /** Exports the open session as `format` from the menu and waits until the links appear. */
  async exportSession(format: SessionFormat, timeout = 120_000): Promise<void> {
    await this.#exportFromMenu(`export-${format}`, timeout);
  }

  /** Exports the Compare screen's pair as `format` from its menu and waits until the links appear. */
  async exportCompare(format: 'pdf' | 'mp4', timeout = 240_000): Promise<void> {
    await this.#exportFromMenu(`export-compare-${format}`, timeout);
  }

  async #exportFromMenu(testId: string, timeout: number): Promise<void> {
    await this.clearDownloads();
    if ((await this.page.getByTestId('export-menu').count()) === 0) await this.openMenu();
    await this.page.getByTestId(testId).click();
    await this.page.getByTestId('export-download').first().waitFor({ timeout });
  }

  /** Clicks a player export button in the Library and waits for the links. */
  async exportPlayer(format: 'progress-pdf' | 'csv', timeout = 120_000): Promise<void> {
    await this.clearDownloads();
    await this.page.getByTestId(`player-export-${format}`).click();
    await this.page.getByTestId('export-download').first().waitFor({ timeout });
  }

  /** Hides shown download links (so the next wait sees only fresh ones). */
  async clearDownloads(): Promise<void> {
    const close = this.page.getByRole('button', { name: 'Hide the download links' });
    if ((await close.count()) > 0) await close.click();
  }

  /** Fetches every download link shown, with the page's cookies and origin. */
  async fetchDownloads(): Promise<DownloadedFile[]> {
    const links = this.page.getByTestId('export-download');
    const out: DownloadedFile[] = [];
    for (let i = 0; i < (await links.count()); i++) {
      const link = links.nth(i);
      const url = (await link.getAttribute('href')) ?? '';
      const name = (await link.getAttribute('download')) ?? '';
      const res = await this.page.request.get(url);
      out.push({ name, url, status: res.status(), body: await res.body() });
    }
    return out;
  }

  /** Fetches the first download link and writes it to `path`. */
  async saveFirstDownload(path: string): Promise<DownloadedFile> {
    const [first] = await this.fetchDownloads();
    if (!first || first.status !== 200) throw new Error(`download failed: ${first?.status ?? 'no link'}`);
    writeFileSync(path, first.body);
    return first;
  }

  /** Opens the Import hand-over dialog from the Library. */
  async openImport(): Promise<void> {
    await this.page.getByTestId('import-handover').click();
    await this.page.getByTestId('import-dialog').waitFor({ state: 'visible' });
  }

  /** Uploads the .zip in the import dialog (browser bridge). */
  async chooseHandover(path: string): Promise<void> {
    await this.page.getByTestId('handover-input').setInputFiles(path);
  }

  /** Waits for the "player exists" question and returns its text. */
  async playerExistsQuestion(timeout = 60_000): Promise<string> {
    const q = this.page.getByTestId('import-player-exists');
    await q.waitFor({ timeout });
    return q.innerText();
  }

  /** Answers the question. */
  async answerPlayer(choice: 'merge' | 'new' | 'cancel'): Promise<void> {
    await this.page.getByTestId(`import-${choice}`).click();
  }

  /** Waits until the import dialog is closed. */
  async waitImportClosed(timeout = 60_000): Promise<void> {
    await this.page.getByTestId('import-dialog').waitFor({ state: 'hidden', timeout });
  }
}
