// A packaged app started with remote debugging quits at once with a plain message: no window, no
// core, no single-instance lock taken; from source (`npm run dev`) the switches are the developer's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusedSwitch } from '../../../main/shell/launch-guard.ts';
import { runDesktopApp } from '../../../main/shell/app.ts';
import { app, BrowserWindow, dialog, protocol } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const argv = process.argv;
afterEach(() => {
  process.argv = argv;
  app.switches.clear();
  app.exitCode = undefined;
  app.isPackaged = true;
  dialog.errors.length = 0;
});

const paths = { preload: '/p.cjs', renderer: '/r' };

describe('the launcher', () => {
  it.each([
    ['--remote-debugging-port=9222'],
    ['--remote-debugging-pipe'],
    ['-remote-debugging-port=0'],
    ['--REMOTE-DEBUGGING-PORT=9222'],
    ['/remote-debugging-port=9222'],
  ])('quits a packaged app started with %s at once, saying why', (arg) => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    process.argv = ['/opt/TXC Desk/txc-desk', '--no-sandbox', arg];
    runDesktopApp(paths);
    stderr.mockRestore();
    expect(app.exitCode).toBe(1);
    expect(dialog.errors).toHaveLength(1);
    const [title, message] = dialog.errors[0] ?? [];
    expect(title).toBe('TXC Desk did not start');
    expect(message).toMatch(/^TXC Desk does not start with -{0,2}\/?remote-debugging-(port|pipe): /i);
    expect(message).toMatch(/Start TXC Desk without it\.$/);
    expect(protocol.privileged).toEqual([]);
    expect(app.listeners.size).toBe(0);
    expect(BrowserWindow.created).toEqual([]);
  });

  it('quits when Chromium was given the switch another way', () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    process.argv = ['/opt/TXC Desk/txc-desk'];
    app.switches.add('remote-debugging-pipe');
    runDesktopApp(paths);
    expect(app.exitCode).toBe(1);
  });

  it('reads only the refused switches, whole', () => {
    expect(refusedSwitch(['txc', '--remote-debugging-address=0.0.0.0'])).toBeUndefined();
    expect(refusedSwitch(['txc', '--remote-debugging-portal'])).toBeUndefined();
    expect(refusedSwitch(['txc', 'remote-debugging-port'])).toBeUndefined();
    expect(refusedSwitch(['txc', '--remote-debugging-port', '9222'])).toBe('--remote-debugging-port');
  });

  it('leaves the switches to the developer when run from source', () => {
    process.argv = ['electron', '.', '--remote-debugging-port=9222'];
    app.isPackaged = false;
    runDesktopApp(paths);
    expect(app.exitCode).toBeUndefined();
    expect(protocol.privileged).toHaveLength(1);
  });
});
