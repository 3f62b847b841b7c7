// What a packaged build offers someone at the keyboard or on the command line: no DevTools, no menu
// entry to them, and no other page than the app's own as the origin IPC trusts.
import { describe, expect, it, vi } from 'vitest';
import { DEV_SERVER_ARG, developmentServer } from '../../../main/shell/development.ts';
import { menuTemplate } from '../../../main/shell/menu.ts';
import { createMainWindow } from '../../../main/shell/window.ts';
import type { BrowserWindow as FakeWindow } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

interface Item {
  role?: string;
  submenu?: Item[];
}
const roles = (items: Item[]): string[] =>
  items.flatMap((i) => [...(i.role ? [i.role] : []), ...roles(i.submenu ?? [])]);

describe('production lockdown', () => {
  it('opens the window without DevTools unless in development mode', () => {
    const options = (w: unknown) => (w as FakeWindow).options as { webPreferences: { devTools: boolean } };
    expect(options(createMainWindow('/p.cjs', 'app://txc/index.html')).webPreferences.devTools).toBe(false);
    expect(
      options(createMainWindow('/p.cjs', 'http://localhost:5173/', { development: true })).webPreferences
        .devTools,
    ).toBe(true);
  });

  it('has no DevTools or reload in the menu of a packaged build, on every platform', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const production = roles(menuTemplate(false, platform) as Item[]);
      expect(production, platform).toEqual(expect.arrayContaining(['copy', 'paste', 'zoomIn']));
      for (const role of ['toggleDevTools', 'reload', 'forceReload'])
        expect(production, platform).not.toContain(role);
      expect(roles(menuTemplate(true, platform) as Item[]), platform).toContain('toggleDevTools');
    }
  });

  it('loads the dev server only with the argument npm run dev passes, from source, on this machine', () => {
    const flag = `${DEV_SERVER_ARG}http://localhost:5173/`;
    vi.stubEnv('TXC_DEV_SERVER_URL', 'http://localhost:5173/');
    try {
      // `npm start`: the environment variable alone is ignored.
      expect(developmentServer(['electron', '.'], false)).toBeUndefined();
    } finally {
      vi.unstubAllEnvs();
    }
    expect(developmentServer(['electron', '.', flag], false)).toBe('http://localhost:5173/');
    expect(developmentServer(['TXC Desk', flag], true)).toBeUndefined();
    expect(
      developmentServer(['electron', '.', `${DEV_SERVER_ARG}https://evil.example/`], false),
    ).toBeUndefined();
    expect(developmentServer(['electron', '.', `${DEV_SERVER_ARG}not a url`], false)).toBeUndefined();
  });
});
