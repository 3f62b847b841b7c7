/**
 * The application menu. Electron's default menu offers Toggle Developer Tools and Force Reload; the
 * app's own menu has them only in development mode, so a packaged build has no way to them.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';

export function menuTemplate(development: boolean, platform: NodeJS.Platform): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (development)
    view.push({ type: 'separator' }, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' });
  return [
    ...(mac ? [{ role: 'appMenu' } as const] : []),
    { label: 'File', submenu: [mac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
}

/** Replaces Electron's default menu with the app's own. */
export function installMenu(development: boolean): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(development, process.platform)));
}
