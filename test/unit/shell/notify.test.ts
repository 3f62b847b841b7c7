import { afterEach, describe, expect, it, vi } from 'vitest';
import { electronPlatform } from '../../../main/shell/platform.ts';
import { BrowserWindow } from './fake-electron.ts';

const { FakeNotification } = vi.hoisted(() => {
  /** Electron's Notification as the shell uses it: constructed with options, shown, clicked. */
  class FakeNotification {
    static supported = true;
    static created: FakeNotification[] = [];
    static isSupported(): boolean {
      return FakeNotification.supported;
    }
    readonly options: { title: string; body: string };
    readonly handlers = new Map<string, () => void>();
    shown = 0;
    constructor(options: { title: string; body: string }) {
      this.options = options;
      FakeNotification.created.push(this);
    }
    on(event: string, handler: () => void): this {
      this.handlers.set(event, handler);
      return this;
    }
    show(): void {
      this.shown += 1;
    }
  }
  return { FakeNotification };
});

vi.mock('electron', async () => ({
  ...(await import('./fake-electron.ts')),
  Notification: FakeNotification,
}));

afterEach(() => {
  FakeNotification.created = [];
  FakeNotification.supported = true;
  BrowserWindow.created.length = 0;
});

describe('desktop notifications of the shell', () => {
  it('shows an Electron notification with the title and body', () => {
    electronPlatform.notify({ title: 'Workers offline on desk-pool', body: '1 worker went offline' });
    expect(FakeNotification.created).toHaveLength(1);
    const [n] = FakeNotification.created;
    expect(n?.options).toEqual({ title: 'Workers offline on desk-pool', body: '1 worker went offline' });
    expect(n?.shown).toBe(1);
  });

  it('a click brings the window back and focuses it', () => {
    const window = new BrowserWindow({});
    let minimized = true;
    const calls: string[] = [];
    Object.assign(window, {
      isMinimized: () => minimized,
      restore: () => {
        minimized = false;
        calls.push('restore');
      },
      focus: () => calls.push('focus'),
    });
    electronPlatform.notify({ title: 'Fill on Sandbox main', body: 'Bought 0.01 ETH/USDT at 3000' });
    FakeNotification.created[0]?.handlers.get('click')?.();
    expect(calls).toEqual(['restore', 'focus']);
  });

  it('does nothing where the desktop has no notifications', () => {
    FakeNotification.supported = false;
    electronPlatform.notify({ title: 'x', body: 'y' });
    expect(FakeNotification.created).toEqual([]);
  });
});
