/**
 * The Mining screen's payout form: the button says the change main will be asked for, the form knows
 * when it changes nothing, and what came back is said in words: done, waiting for approval, refused.
 */
import { describe, expect, it } from 'vitest';
import {
  MiningPayoutState,
  payoutAction,
  payoutWhere,
} from '../../../renderer/src/lib/managers/mining-payout.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const MAIN = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const BTC = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const input = { accountId: MAIN, miningAccount: 'desk-pool' };
const fresh = { stale: false };
const atMain = {
  ok: true,
  value: { miningAccount: 'desk-pool', destination: 'main_balance', address: null },
};

describe('the payout words', () => {
  it('name the destination and the change', () => {
    expect(payoutWhere('main_balance', 'ignored')).toBe('the main balance');
    expect(payoutWhere('external_address', ` ${BTC} `)).toBe(BTC);
    expect(payoutAction('desk-pool', 'main_balance', '')).toBe("Pay desk-pool's rewards to the main balance");
    expect(payoutAction('desk-pool', 'external_address', '  ')).toBe('Give the BTC address first');
    expect(payoutAction('desk-pool', 'external_address', ` ${BTC}`)).toBe(
      `Pay desk-pool's rewards to ${BTC}`,
    );
  });
});

describe('MiningPayoutState', () => {
  it('shows where the rewards go, and changes nothing until the form differs', async () => {
    const { api } = fakeBridge({ 'mining.payoutDestination': atMain });
    const payout = new MiningPayoutState(api);
    await payout.load(input, fresh);
    expect(payout.current?.destination).toBe('main_balance');
    expect(payout.changes).toBe(false);
    payout.destination = 'external_address';
    expect(payout.changes).toBe(true);
    payout.destination = 'main_balance';
    payout.address = BTC;
    expect(payout.changes).toBe(false);
  });

  it('sends the address only for an external one, and says the result', async () => {
    const { api, calls } = fakeBridge({
      'mining.payoutDestination': atMain,
      'mining.setPayoutDestination': {
        ok: true,
        value: { miningAccount: 'desk-pool', destination: 'external_address', address: BTC },
      },
    });
    const payout = new MiningPayoutState(api);
    await payout.load(input, fresh);
    payout.destination = 'external_address';
    payout.address = BTC;
    await payout.change();
    expect(calls.at(-1)).toEqual([
      'mining.setPayoutDestination',
      { ...input, destination: 'external_address', address: BTC },
    ]);
    expect(payout.result).toBe(`The rewards of desk-pool are paid to ${BTC} from the next payout.`);
    expect(payout.current?.address).toBe(BTC);
    expect(payout.changes).toBe(false);

    payout.destination = 'main_balance';
    await payout.change();
    expect(calls.at(-1)).toEqual(['mining.setPayoutDestination', { ...input, destination: 'main_balance' }]);
  });

  it('says a proposal waits for another treasurer, and keeps a refusal in words', async () => {
    let answer: unknown = {
      ok: true,
      value: {
        proposed: [
          { kind: 'payout', title: `Pay the rewards of mining account desk-pool to ${BTC}`, expiresAtMs: 0 },
        ],
      },
    };
    const { api } = fakeBridge((p) => (p === 'mining.payoutDestination' ? atMain : answer));
    const payout = new MiningPayoutState(api);
    await payout.load(input, fresh);
    payout.destination = 'external_address';
    payout.address = BTC;
    await payout.change();
    expect(payout.result).toMatch(/^Asked for approval: ".+" waits in Approvals for another treasurer until/);
    expect(payout.current?.destination).toBe('main_balance');

    answer = { ok: false, error: { code: 'not_confirmed', message: 'Nothing was done.' } };
    await payout.change();
    expect(payout.sendError?.code).toBe('not_confirmed');
    expect(payout.result).toBeUndefined();
  });

  it('drops an answer about a mining account no longer shown', async () => {
    const { api } = fakeBridge({ 'mining.payoutDestination': atMain });
    const payout = new MiningPayoutState(api);
    await payout.load(input, { stale: true });
    expect(payout.current).toBeUndefined();
  });
});
