/**
 * The application menu: File (New analysis, Quit), Edit, View (reload and devtools in
 * development only, zoom, full screen), Window, Help (Keyboard shortcuts). Items the renderer
 * carries out are sent as `app.command` events. Built as a plain template so it is testable
 * without Electron; app.ts passes it to Menu.buildFromTemplate.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '../../preload/contract.js';

/** What the menu needs from the app. */
export interface MenuOptions {
  /** process.platform: on macOS the first menu is the app menu. */
  platform: NodeJS.Platform;
  /** Development build (not packaged): adds Reload and Toggle Developer Tools. */
  isDev: boolean;
  /** Sends a command to the renderer. */
  command(command: AppCommand['command']): void;
}

/** The menu template. */
export function menuTemplate(o: MenuOptions): MenuItemConstructorOptions[] {
  const mac = o.platform === 'darwin';
  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: 'Swing Studio',
          submenu: [
            { role: 'about' },
            { type: 'separator' },
            { label: 'Settings…', accelerator: 'CmdOrCtrl+,', click: () => o.command('open-settings') },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : [];
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: 'New Analysis…', accelerator: 'CmdOrCtrl+N', click: () => o.command('new-analysis') },
      ...(mac
        ? []
        : ([
            { label: 'Settings…', accelerator: 'CmdOrCtrl+,', click: () => o.command('open-settings') },
            { type: 'separator' },
            { role: 'quit' },
          ] satisfies MenuItemConstructorOptions[])),
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      ...(o.isDev
        ? ([
            { role: 'reload' },
            { role: 'forceReload' },
            { role: 'toggleDevTools' },
            { type: 'separator' },
          ] satisfies MenuItemConstructorOptions[])
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const windowMenu: MenuItemConstructorOptions = {
    label: '&Window',
    role: 'windowMenu',
    submenu: [
      { role: 'minimize' },
      { role: 'zoom' },
      ...(mac
        ? ([{ type: 'separator' }, { role: 'front' }] satisfies MenuItemConstructorOptions[])
        : [{ role: 'close' } as const]),
    ],
  };
  const help: MenuItemConstructorOptions = {
    label: '&Help',
    role: 'help',
    submenu: [
      { label: 'Keyboard Shortcuts', accelerator: 'CmdOrCtrl+/', click: () => o.command('show-shortcuts') },
    ],
  };
  return [...appMenu, file, { label: '&Edit', role: 'editMenu' }, view, windowMenu, help];
}
