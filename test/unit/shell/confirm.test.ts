import { afterEach, describe, expect, it, vi } from 'vitest';
import { electronPlatform } from '../../../main/shell/platform.ts';
import { dialog } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

afterEach(() => {
  dialog.messageBoxes.length = 0;
  dialog.press = 0;
});

const question = {
  title: 'Withdraw 20 USDT?',
  facts: [
    { label: 'Account', value: 'Desk main' },
    { label: 'Address', value: '0xabc' },
  ],
  action: 'Withdraw',
  warning: 'This address is not in your address book.',
};

describe('native confirmation', () => {
  it('states every fact on its own line, with Cancel first and the default', async () => {
    await electronPlatform.confirm(question);
    expect(dialog.messageBoxes).toHaveLength(1);
    const box = dialog.messageBoxes[0] as Record<string, unknown>;
    expect(box).toMatchObject({
      message: 'Withdraw 20 USDT?',
      buttons: ['Cancel', 'Withdraw'],
      defaultId: 0,
      cancelId: 0,
    });
    expect(String(box.detail).split('\n')).toEqual([
      'Account   Desk main',
      'Address   0xabc',
      '',
      'This address is not in your address book.',
    ]);
  });

  it('is true only when the action button is pressed', async () => {
    dialog.press = 0;
    expect(await electronPlatform.confirm(question)).toBe(false);
    dialog.press = 1;
    expect(await electronPlatform.confirm(question)).toBe(true);
  });
});
