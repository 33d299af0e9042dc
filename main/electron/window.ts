/**
 * The one main window: Electron's safe defaults spelled out (context isolation, sandbox, no
 * Node in the renderer, web security on), the renderer loaded from app://, its bounds restored
 * from and saved to settings.window.
 */
import { BrowserWindow, screen } from 'electron';
import { loadSettings, saveSettings } from '../settings/settings.js';
import { APP_ORIGIN } from './app-files.js';
import { initialBounds, MIN_SIZE } from './window-state.js';

/** Options of {@link createMainWindow}. */
export interface MainWindowOptions {
  home: string;
  /** Absolute path of the bundled preload (dist/preload/index.cjs). */
  preloadPath: string;
}

/** Creates, shows and returns the main window; its bounds are saved when it closes. */
export function createMainWindow(o: MainWindowOptions): BrowserWindow {
  const saved = loadSettings(o.home).window;
  const { bounds, maximized } = initialBounds(
    saved,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new BrowserWindow({
    ...bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Swing Studio',
    backgroundColor: '#15171a',
    webPreferences: {
      preload: o.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => {
    if (maximized) win.maximize();
    win.show();
  });
  win.on('close', () => {
    const b = win.getNormalBounds();
    try {
      saveSettings(o.home, {
        window: { x: b.x, y: b.y, width: b.width, height: b.height, maximized: win.isMaximized() },
      });
    } catch (err) {
      // A settings file that cannot be written must not stop the window from closing.
      console.error('could not save the window bounds:', err);
    }
  });
  void win.loadURL(`${APP_ORIGIN}/index.html`);
  return win;
}
