import { afterEach, describe, expect, it, vi } from 'vitest';
import { concealedFormats, COPIED_FOR_MS } from '../../../main/shell/clipboard.ts';
import { electronPlatform } from '../../../main/shell/platform.ts';
import { headlessPlatform } from '../../../main/platform.ts';
import { app, clipboard } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const raw = (format: string) => `electron application/osclipboard;format="${format}"`;

afterEach(() => {
  vi.useRealTimers();
  clipboard.clear();
  clipboard.selection.clear();
});

describe("the desktop's clipboard", () => {
  it('puts a service code on the clipboard concealed, and takes a secret back off it once', async () => {
    expect(await electronPlatform.writeToClipboard('TXCUSDT0123ABCD')).toBe(true);
    expect(clipboard.text).toBe('TXCUSDT0123ABCD');
    // This machine is Linux: the mark KDE's clipboard history and others leave out.
    expect(clipboard.formats).toEqual({
      'text/plain': 'TXCUSDT0123ABCD',
      [raw('x-kde-passwordManagerHint')]: 'secret',
    });
    expect(await electronPlatform.takeSecretFromClipboard()).toBe('TXCUSDT0123ABCD');
    expect(clipboard.text).toBe('');
  });

  it('marks it concealed the way each desktop reads it', () => {
    expect(Object.keys(concealedFormats('darwin'))).toContain(raw('org.nspasteboard.ConcealedType'));
    const windows = concealedFormats('win32');
    expect(Object.keys(windows)).toEqual([
      raw('ExcludeClipboardContentFromMonitorProcessing'),
      raw('CanIncludeInClipboardHistory'),
      raw('CanUploadToCloudClipboard'),
    ]);
    expect((windows[raw('CanIncludeInClipboardHistory')] as Blob).size).toBe(4);
  });

  it('clears a copied service code after 60 s, unless something else was copied since', async () => {
    vi.useFakeTimers();
    expect(COPIED_FOR_MS).toBe(60_000);
    await electronPlatform.writeToClipboard('CODE-ONE-0001');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(clipboard.text).toBe('CODE-ONE-0001');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(clipboard.text).toBe('');

    await electronPlatform.writeToClipboard('CODE-TWO-0002');
    // The person copied something of their own meanwhile: it stays.
    await clipboard.writeText('an address of mine');
    await vi.advanceTimersByTimeAsync(COPIED_FOR_MS);
    expect(clipboard.text).toBe('an address of mine');
  });

  it('clears a copied service code when the app quits before the minute is up', async () => {
    vi.useFakeTimers();
    await electronPlatform.writeToClipboard('CODE-THREE-0003');
    app.emit('will-quit');
    await vi.advanceTimersByTimeAsync(0);
    expect(clipboard.text).toBe('');
  });

  it('clears the PRIMARY selection too when it holds the secret taken, and leaves another selection', async () => {
    const secret = 'a'.repeat(32);
    await clipboard.writeText(`${secret}\n`);
    await clipboard.selection.writeText(`  ${secret} `);
    expect(await electronPlatform.takeSecretFromClipboard()).toBe(secret);
    expect(clipboard.selection.text).toBe('');

    await clipboard.writeText(secret);
    await clipboard.selection.writeText('some words the person selected');
    expect(await electronPlatform.takeSecretFromClipboard()).toBe(secret);
    expect(clipboard.selection.text).toBe('some words the person selected');
  });

  it('headless, declines to copy', async () => {
    expect(await headlessPlatform.writeToClipboard('x')).toBe(false);
  });
});
