/**
 * Where a mining account's rewards are paid, through the real core against its embedded sandbox: read,
 * and changed only after main's own question, which names the account, the mining account, where the
 * rewards go now and where they will go; a declined question, an address that is not Bitcoin's, a
 * stray address beside the main balance and a change to where they go already send nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountView, PayoutDestinationView } from '../../../main/ipc/contract.ts';
import type { Sandbox } from '../../../main/sandbox/index.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const BTC = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const desktop = scriptedDesktop();
let core: TestCore;
const { call, ok } = procedureCalls(() => core);
let sandbox: Sandbox;
let main: AccountView;
const edits: string[] = [];

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  const sb = core.connection.sandbox;
  if (!sb) throw new Error('no embedded sandbox');
  sandbox = sb;
  sandbox.control.watchRequests((r) => {
    if (r.path.endsWith('/payout-destination/edit')) edits.push(JSON.stringify(r.body));
  });
  main = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView;
});
afterAll(() => core?.close());
beforeEach(() => {
  desktop.confirmAnswer = true;
  desktop.confirmations.length = 0;
  edits.length = 0;
});

const destination = () =>
  ok<PayoutDestinationView>('mining.payoutDestination', { accountId: main.id, miningAccount: 'desk-pool' });
const change = (destination: string, address?: string) =>
  call('mining.setPayoutDestination', {
    accountId: main.id,
    miningAccount: 'desk-pool',
    destination,
    ...(address === undefined ? {} : { address }),
  });

describe("a mining account's payout destination", () => {
  it('is the main balance at first', async () => {
    expect(await destination()).toEqual({
      miningAccount: 'desk-pool',
      destination: 'main_balance',
      address: null,
    });
  });

  it('goes to an external address only after main asks, naming the account and the address', async () => {
    expect(await change('external_address', ` ${BTC} `)).toEqual({
      ok: true,
      value: { miningAccount: 'desk-pool', destination: 'external_address', address: BTC },
    });
    const [question] = desktop.confirmations;
    expect(question?.title).toBe(`Pay the rewards of mining account desk-pool to ${BTC}?`);
    expect(question?.facts).toEqual([
      { label: 'Account', value: 'Sandbox main' },
      { label: 'Mining account', value: 'desk-pool' },
      { label: 'Paid now to', value: 'the main balance' },
      { label: 'Paid from the next payout to', value: `the BTC address ${BTC}` },
      { label: 'Address book', value: 'not in the address book' },
    ]);
    expect(question?.warning).toMatch(/NOT in the address book: check every character/);
    // what was signed is what the question named, the address trimmed
    expect(edits.map((e) => JSON.parse(e) as Record<string, unknown>)).toMatchObject([
      { accountName: 'desk-pool', destination: 'external_address', address: BTC },
    ]);
    expect(await destination()).toMatchObject({ destination: 'external_address', address: BTC });
  });

  it('stays where it is when the question is declined: nothing is sent', async () => {
    desktop.confirmAnswer = false;
    const reply = await change('main_balance');
    expect(reply).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(desktop.confirmations[0]?.facts).toContainEqual({ label: 'Paid now to', value: BTC });
    expect(edits).toEqual([]);
    expect(await destination()).toMatchObject({ destination: 'external_address', address: BTC });
  });

  it('refuses, before any question, what cannot be what the person meant', async () => {
    const refused = async (
      destination: string,
      address: string | undefined,
      field: string,
      words: RegExp,
    ) => {
      const reply = await change(destination, address);
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input', field } });
      if (!reply.ok) expect(reply.error.message).toMatch(words);
    };
    await refused('external_address', '0x52908400098527886E0F7030069857D2E4169EE7', 'address', /Bitcoin/);
    await refused('external_address', '', 'address', /Give the BTC address/);
    await refused('external_address', undefined, 'address', /Give the BTC address/);
    await refused('main_balance', BTC, 'address', /only when the rewards go to an external address/);
    await refused('external_address', BTC, 'destination', /paid to bc1q\S+ already: nothing to change/);
    await refused('elsewhere', undefined, 'destination', /./);
    expect(desktop.confirmations).toEqual([]);
    expect(edits).toEqual([]);
  });

  it('goes back to the main balance, once asked', async () => {
    expect(await change('main_balance')).toMatchObject({ ok: true, value: { destination: 'main_balance' } });
    expect(desktop.confirmations[0]?.title).toBe(
      'Pay the rewards of mining account desk-pool to the main balance?',
    );
    expect(desktop.confirmations[0]?.warning).toBeUndefined();
    expect(edits).toHaveLength(1);
  });
});
