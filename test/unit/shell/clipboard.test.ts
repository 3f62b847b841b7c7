import { describe, expect, it, vi } from 'vitest';
import { electronPlatform } from '../../../main/shell/platform.ts';
import { headlessPlatform } from '../../../main/platform.ts';
import { clipboard } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

describe("the desktop's clipboard", () => {
  it('puts what main copies on the clipboard, and takes a secret back off it once', async () => {
    expect(await electronPlatform.writeToClipboard('TXCUSDT0123ABCD')).toBe(true);
    expect(clipboard.text).toBe('TXCUSDT0123ABCD');
    expect(await electronPlatform.takeSecretFromClipboard()).toBe('TXCUSDT0123ABCD');
    expect(clipboard.text).toBe('');
  });

  it('headless, declines to copy', async () => {
    expect(await headlessPlatform.writeToClipboard('x')).toBe(false);
  });
});
