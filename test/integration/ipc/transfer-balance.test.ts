// Transfers and sweeps are checked against the balance they come from before main asks anything, as
// the ticket checks an order: 999,999,999 never reaches the exchange, and the refusal says what the
// balance holds and offers all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptOutcome } from '../../../main/exchange/http.ts';
import type { IpcError } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
const { ok, refused } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore({
    platform: desktop.platform,
    connection: { kind: 'sandbox', persist: false, extraSubAccounts: 3 },
  });
}, 60_000);
afterAll(() => core.close());

const idOf = (label: string): string => {
  const a = core.accounts.registry.list().find((x) => x.label === label);
  if (!a) throw new Error(`no account ${label}`);
  return a.id;
};

/** Runs `act`, answering what it was refused with, the questions it asked and the paths it sent. */
async function watched(
  act: () => Promise<IpcError>,
): Promise<{ error: IpcError; asked: number; sent: string[] }> {
  const seen: AttemptOutcome[] = [];
  const stop = core.connection.http.observe((o) => seen.push(o));
  const before = desktop.confirmations.length;
  try {
    const error = await act();
    return { error, asked: desktop.confirmations.length - before, sent: seen.map((o) => o.path) };
  } finally {
    stop();
  }
}

const MOVES = ['/api/v4/main-account/transfer', '/api/v4/sub-account/transfer'];

describe('a move is checked against its balance before the question', () => {
  it('between two balances of one account: 999,999,999 USDT is refused, nothing asked or sent', async () => {
    const { error, asked, sent } = await watched(() =>
      refused('wallet.transfer', {
        accountId: idOf('Sandbox main'),
        from: 'main',
        to: 'spot',
        ticker: 'USDT',
        amount: '999999999',
      }),
    );
    expect(error).toMatchObject({ code: 'rule_violation', field: 'amount' });
    expect(error.message).toMatch(
      /^999,999,999 USDT is more than the main balance of Sandbox main holds: [\d,.]+ USDT\.$/,
    );
    expect(error.suggestions?.[0]).toMatch(/^\d+(\.\d+)?$/);
    expect(asked).toBe(0);
    expect(sent.filter((p) => MOVES.includes(p))).toEqual([]);
    // all of it, as suggested, is asked and moved
    const all = error.suggestions?.[0] ?? '';
    await ok('wallet.transfer', {
      accountId: idOf('Sandbox main'),
      from: 'main',
      to: 'spot',
      ticker: 'USDT',
      amount: all,
    });
    expect(desktop.confirmations.at(-1)?.title).toContain(`Move ${all} USDT`);
    // and back, for the cases below
    await ok('wallet.transfer', {
      accountId: idOf('Sandbox main'),
      from: 'spot',
      to: 'main',
      ticker: 'USDT',
      amount: all,
    });
  });

  it('between main and a sub-account, both directions', async () => {
    const sub = idOf('Sandbox sub-001');
    for (const direction of ['main_to_sub', 'sub_to_main'] as const) {
      const { error, asked, sent } = await watched(() =>
        refused('subaccounts.transfer', {
          accountId: sub,
          direction,
          ticker: 'USDT',
          amount: '999999999',
        }),
      );
      expect(error.code).toBe('rule_violation');
      expect(error.message).toContain(
        direction === 'main_to_sub'
          ? 'is more than the main balance of Sandbox main holds'
          : 'is more than the main balance of "Sandbox sub-001" holds',
      );
      expect(asked).toBe(0);
      expect(sent.filter((p) => MOVES.includes(p))).toEqual([]);
    }
  });

  it('a sweep out of main is refused at preview when the main balance does not cover every transfer', async () => {
    const subs = ['Sandbox sub-001', 'Sandbox sub-002', 'Sandbox sub-003'].map(idOf);
    const { error, asked, sent } = await watched(() =>
      refused('subaccounts.previewSweep', {
        accountIds: subs,
        plan: { direction: 'main_to_sub', ticker: 'USDT', amount: '999999999' },
      }),
    );
    expect(error.message).toMatch(
      /^999999999 USDT to each of 3 sub-accounts \(2999999997 USDT in all\) is more than the main balance of Sandbox main holds: [\d,.]+ USDT\.$/,
    );
    expect(asked).toBe(0);
    expect(sent.filter((p) => MOVES.includes(p))).toEqual([]);
  });

  it('a sweep back to main names the sub-accounts whose balance is short', async () => {
    const subs = ['Sandbox sub-001', 'Sandbox sub-002'].map(idOf);
    const error = await refused('subaccounts.previewSweep', {
      accountIds: subs,
      plan: { direction: 'sub_to_main', ticker: 'USDT', amount: '999999999' },
    });
    expect(error.message).toMatch(
      /^999999999 USDT is more than the main balance of 2 sub-accounts hold: Sandbox sub-001 \([\d.]+\), Sandbox sub-002 \([\d.]+\)\. Lower the amount, or move "all"\.$/,
    );
  });

  it('a balance that fell after the preview is caught before the question', async () => {
    const subs = ['Sandbox sub-003'].map(idOf);
    const main = idOf('Sandbox main');
    const { previewId, legs } = await ok<{ previewId: string; legs: Array<{ amount: string }> }>(
      'subaccounts.previewSweep',
      { accountIds: subs, plan: { direction: 'sub_to_main', ticker: 'USDT', amount: 'all' } },
    );
    expect(legs).toHaveLength(1);
    // the sub-account's balance leaves another way meanwhile
    await ok('subaccounts.transfer', {
      accountId: subs[0],
      direction: 'sub_to_main',
      ticker: 'USDT',
      amount: legs[0]?.amount,
    });
    const asked = desktop.confirmations.length;
    const error = await refused('subaccounts.runSweep', { previewId });
    expect(error.code).toBe('preview_stale');
    expect(error.message).toContain('The balance of "Sandbox sub-003" fell since the preview');
    expect(desktop.confirmations).toHaveLength(asked);
    expect(main).toBeTruthy();
  });
});
