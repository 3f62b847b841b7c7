import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_AFTER_MS, electronPlatform } from '../../../main/shell/platform.ts';
import { dialog } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

beforeEach(() => {
  vi.useFakeTimers();
  // a person reads the question for a second before answering
  dialog.answerAfterMs = 1_000;
});
afterEach(() => {
  vi.useRealTimers();
  dialog.messageBoxes.length = 0;
  dialog.presses.length = 0;
  dialog.press = 0;
  dialog.answerAfterMs = 0;
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

/** The answer, once the fake person has had the time they take. */
async function answered(ask: Promise<boolean>): Promise<boolean> {
  await vi.runAllTimersAsync();
  return ask;
}

const box = (i: number) => dialog.messageBoxes[i] as Record<string, unknown>;

describe('native confirmation', () => {
  it('states every fact on its own line, with Cancel first and the default', async () => {
    await answered(electronPlatform.confirm(question));
    expect(dialog.messageBoxes).toHaveLength(1);
    expect(box(0)).toMatchObject({
      message: 'Withdraw 20 USDT?',
      buttons: ['Cancel', 'Withdraw'],
      defaultId: 0,
      cancelId: 0,
    });
    expect(String(box(0).detail).split('\n')).toEqual([
      'Account   Desk main',
      'Address   0xabc',
      '',
      'This address is not in your address book.',
    ]);
  });

  it('is true only when the action button is pressed', async () => {
    dialog.press = 0;
    expect(await answered(electronPlatform.confirm(question))).toBe(false);
    dialog.press = 1;
    expect(await answered(electronPlatform.confirm(question))).toBe(true);
  });

  it('names its default button as the question asks, so Enter does what that label says', async () => {
    dialog.press = 0;
    await answered(electronPlatform.confirm({ ...question, action: 'Send anyway', cancel: "Don't send" }));
    expect(box(0)).toMatchObject({ buttons: ["Don't send", 'Send anyway'], defaultId: 0, cancelId: 0 });
  });

  it('ignores the action pressed sooner than 800 ms after the question appeared, and asks again', async () => {
    dialog.answerAfterMs = ANSWER_AFTER_MS - 100;
    dialog.presses.push(1, 1);
    const ask = electronPlatform.confirm(question);
    await vi.advanceTimersByTimeAsync(ANSWER_AFTER_MS - 100);
    // the first press came too soon: the same question is on screen again
    expect(dialog.messageBoxes).toHaveLength(2);
    dialog.answerAfterMs = ANSWER_AFTER_MS;
    dialog.press = 1;
    await vi.advanceTimersByTimeAsync(2 * ANSWER_AFTER_MS);
    expect(await ask).toBe(true);
    expect(dialog.messageBoxes.length).toBeGreaterThanOrEqual(3);
    expect(box(2)).toEqual(box(0));
  });

  it('takes Cancel at once, however soon it is pressed', async () => {
    dialog.answerAfterMs = 10;
    dialog.press = 0;
    expect(await answered(electronPlatform.confirm(question))).toBe(false);
    expect(dialog.messageBoxes).toHaveLength(1);
  });

  it('measures from when the question appears, not from when it was asked for', async () => {
    // the question appears at once; a person answers 900 ms later: that counts
    dialog.answerAfterMs = ANSWER_AFTER_MS + 100;
    dialog.press = 1;
    expect(await answered(electronPlatform.confirm(question))).toBe(true);
    expect(dialog.messageBoxes).toHaveLength(1);
  });

  it('shows no control or bidirectional characters and no line breaks, and hosts in punycode', async () => {
    dialog.press = 0;
    await answered(
      electronPlatform.confirm({
        title: 'Add "Cold\u202Ewallet" to your address book?',
        facts: [
          { label: 'Label', value: 'Cold wallet\nAddress   0xsafe' },
          { label: 'Address', value: '0x\u200Babc\u0007def' },
          { label: 'REST address', value: 'https://exаmple.com' },
        ],
        action: 'Add\u2066 address',
        warning: 'line one\r\nline two',
      }),
    );
    expect(box(0).message).toBe('Add "Coldwallet" to your address book?');
    expect(String(box(0).detail).split('\n')).toEqual([
      'Label          Cold wallet Address   0xsafe',
      'Address        0xabcdef',
      'REST address   https://xn--exmple-4nf.com',
      '',
      'line one line two',
    ]);
    expect(box(0).buttons).toEqual(['Cancel', 'Add address']);
  });
});
