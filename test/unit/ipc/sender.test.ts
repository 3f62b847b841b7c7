import { describe, expect, it } from 'vitest';
import { isTrustedSender, originOf } from '../../../main/ipc/sender.ts';

const trusted = { webContentsId: 7, origin: 'app://txc' };

describe('sender check', () => {
  it('reads the origin of custom-scheme and http URLs', () => {
    expect(originOf('app://txc/index.html#/trade')).toBe('app://txc');
    expect(originOf('http://127.0.0.1:5173/')).toBe('http://127.0.0.1:5173');
    expect(originOf('not a url')).toBeUndefined();
  });

  it.each([
    [{ webContentsId: 7, frameUrl: 'app://txc/index.html', isTopFrame: true }, true],
    [{ webContentsId: 7, frameUrl: 'app://txc/index.html', isTopFrame: false }, false],
    [{ webContentsId: 8, frameUrl: 'app://txc/index.html', isTopFrame: true }, false],
    [{ webContentsId: 7, frameUrl: 'app://txc.evil/index.html', isTopFrame: true }, false],
    [{ webContentsId: 7, frameUrl: 'app://evil/txc', isTopFrame: true }, false],
    [{ webContentsId: 7, frameUrl: undefined, isTopFrame: true }, false],
  ])('%o trusted: %s', (sender, expected) => {
    expect(isTrustedSender(sender, trusted)).toBe(expected);
  });
});
