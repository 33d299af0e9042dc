/**
 * Entry of the Electron main process (package.json "main": dist/main/electron/app.js).
 * One instance only; schemes registered before ready; on ready: session hardening, the API key
 * box, the app services (library, job queue, handlers), the app:// and swing-media://
 * protocols, IPC, the menu and the window. The local analysis service runs in a utility
 * process started on first use. Quitting stops the queue and the service first.
 */
import { app, BrowserWindow, dialog, Menu, session, shell } from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { homeDir, swingStudioHome } from '../config/home.js';
import { storedApiKeyForRedaction } from '../settings/api-key.js';
import { pathsOf } from '../library/paths.js';
import { sessionFile } from '../media/session-files.js';
import { openAppServices, type AppServices } from '../ipc/services.js';
import { registerIpc } from './ipc-main.js';
import { serviceProcess } from './local-service.js';
import { menuTemplate } from './menu.js';
import { htmlToPdfElectron } from './report-pdf.js';
import { handleAppProtocol, handleMediaProtocol, registerPrivilegedSchemes } from './protocols.js';
import { chooseSecretBox } from './secret-box.js';
import { hardenSession, hardenWebContents } from './security.js';
import { createMainWindow } from './window.js';

/** Video extensions the open dialog offers (the ones `/process` accepts, API.md endpoint 5). */
const VIDEO_EXTENSIONS = ['mp4', 'mov', 'avi', 'mkv'];

let win: BrowserWindow | null = null;

function focusWindow(): void {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  win.focus();
}

function start(): void {
  const home = homeDir(swingStudioHome());
  const root = app.getAppPath();
  const here = fileURLToPath(new URL('.', import.meta.url));
  const ses = session.defaultSession;
  hardenSession(ses);
  const { box, protection } = chooseSecretBox(home);
  const service = serviceProcess(home, join(here, 'service-entry.js'));
  const services: AppServices = openAppServices({
    home,
    secretBox: box,
    keyProtection: protection,
    mode: 'electron',
    version: app.getVersion(),
    mediaUrl: (id, kind) => `swing-media://session/${id}/${kind}`,
    pickedMediaUrl: (id) => `swing-media://picked/${id}`,
    localService: () => service.address(),
    localAnalyser: () => service.analyser(),
    localTasks: () => service.tasks(),
    openExternal: (url) => shell.openExternal(url),
    pickVideos: async () => {
      const options = {
        properties: ['openFile', 'multiSelections'] as ('openFile' | 'multiSelections')[],
        filters: [{ name: 'Videos', extensions: VIDEO_EXTENSIONS }],
      };
      const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return r.canceled ? [] : r.filePaths;
    },
    pickHandover: async () => {
      const options = { properties: ['openFile'] as 'openFile'[], filters: [{ name: 'Session hand-over', extensions: ['zip'] }] };
      const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return r.canceled ? [] : r.filePaths;
    },
    saveFile: async (suggestedName) => {
      const options = { defaultPath: join(app.getPath('documents'), suggestedName) };
      const r = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
      return r.canceled || !r.filePath ? null : r.filePath;
    },
    htmlToPdf: htmlToPdfElectron,
    pickFolder: async () => {
      const options = { properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[] };
      const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
  });
  const { db } = services.deps;
  handleAppProtocol(ses, join(root, 'renderer', 'dist'));
  handleMediaProtocol(ses, {
    libraryDir: pathsOf(db).root,
    picked: services.picked,
    sessionFile: (id, kind) => sessionFile(db, id, kind),
  });
  registerIpc(services.handlers, services.events, () => win, {
    secrets: () => [storedApiKeyForRedaction(home, box)],
    onInternalError: (channel, err) => console.error(`ipc ${channel} failed:`, err),
  });
  const isDev = !app.isPackaged;
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        platform: process.platform,
        isDev,
        command: (command) => services.events.emit('app.command', { command }),
      }),
    ),
  );
  win = createMainWindow({ home, preloadPath: join(root, 'dist', 'preload', 'index.cjs') });
  win.on('closed', () => (win = null));

  let stopping = false;
  app.on('before-quit', (event) => {
    if (stopping) return;
    stopping = true;
    event.preventDefault();
    void Promise.allSettled([services.close(), service.stop()]).then(() => app.quit());
  });
}

registerPrivilegedSchemes();
app.enableSandbox();
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', focusWindow);
  app.on('web-contents-created', (_e, contents) => hardenWebContents(contents));
  app.on('window-all-closed', () => app.quit());
  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => {
      dialog.showErrorBox('Swing Studio could not start', err instanceof Error ? err.message : String(err));
      app.exit(1);
    });
}
