// The renderer is not trusted: an injected script can call every procedure of `window.txc` directly,
// skipping every review step of the screens. Main must decide: it re-reads the amounts strictly, sends
// only what a preview it keeps showed, and asks the person in its own dialog before value moves or a
// key changes. Declined, nothing changes at the exchange or in the keychain.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as subAccounts from '../../../main/exchange/endpoints/sub-accounts.ts';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import type { Reply } from '../../../main/ipc/contract.ts';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import type { AccountRecord } from '../../../main/vault/registry.ts';
import { KeytarSecretStore } from '../../../main/vault/secret-store.ts';
import type { BridgeTransport } from '../../../preload/bridge.ts';
import { createTestCore, replyHelpers, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { keyIdsIn } from '../../support/keychain.ts';

const desktop = scriptedDesktop();
const keychain = new KeytarSecretStore({ service: `txc-desk-test-${randomBytes(4).toString('hex')}` });
let core: TestCore;
let txc: BridgeTransport;

beforeAll(async () => {
  core = await createTestCore({
    platform: desktop.platform,
    secrets: keychain,
    connection: { kind: 'sandbox', persist: false, extraSubAccounts: 10 },
  });
  txc = inProcessTransport(core.router, core.events, 'renderer');
}, 60_000);
afterAll(async () => {
  for (const id of await keyIdsIn(keychain)) await keychain.delete(id);
  await core.close();
});

/** What an injected script gets back from `window.txc.<procedure>(input)`. */
const call = (procedure: string, input?: unknown) => txc.invoke(procedure, input) as Promise<Reply<unknown>>;
const { ok } = replyHelpers(call);
const byLabel = (label: string): AccountRecord => {
  const account = core.accounts.registry.list().find((a) => a.label === label);
  if (!account) throw new Error(`no account ${label}`);
  return account;
};
const extra = (n: number) => byLabel(`Sandbox sub-${String(n).padStart(3, '0')}`);
const main = () => byLabel('Sandbox main');

async function subMain(sub: AccountRecord): Promise<string> {
  const balances = await subAccounts.balances(await core.accounts.caller(main().id), {
    id: sub.subAccountId ?? '',
    ticker: 'USDT',
  });
  return balances['USDT']?.[0]?.main ?? '0';
}

function answering<T>(answer: boolean, run: () => Promise<T>): Promise<T> {
  desktop.confirmAnswer = answer;
  return run().finally(() => (desktop.confirmAnswer = true));
}

const facts = (i = -1) =>
  Object.fromEntries((desktop.confirmations.at(i)?.facts ?? []).map((f) => [f.label, f.value]));

describe('sweeps and transfers', () => {
  it('moves nothing when the person declines main’s question, and the preview is used up', async () => {
    const subs = [extra(1), extra(2)];
    const before = await Promise.all(subs.map(subMain));
    const { previewId } = await ok<{ previewId: string }>('subaccounts.previewSweep', {
      accountIds: subs.map((s) => s.id),
      plan: { direction: 'main_to_sub', ticker: 'USDT', amount: '5' },
    });
    const asked = desktop.confirmations.length;
    const refused = await answering(false, () => call('subaccounts.runSweep', { previewId }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(desktop.confirmations).toHaveLength(asked + 1);
    expect(await Promise.all(subs.map(subMain))).toEqual(before);
    expect(await call('subaccounts.runSweep', { previewId })).toMatchObject({
      ok: false,
      error: { code: 'preview_stale' },
    });
    expect(await Promise.all(subs.map(subMain))).toEqual(before);
  });

  it('states direction, currency, how many transfers, the total and the largest before moving them', async () => {
    const [a, b] = [extra(3), extra(4)];
    await subAccounts.transfer(await core.accounts.caller(main().id), {
      id: a.subAccountId ?? '',
      direction: 'main_to_sub',
      amount: '1.5',
      ticker: 'USDT',
    });
    const preview = await ok<{ previewId: string; legs: Array<{ amount: string }> }>(
      'subaccounts.previewSweep',
      {
        accountIds: [a.id, b.id],
        plan: { direction: 'sub_to_main', ticker: 'USDT', amount: 'all' },
      },
    );
    expect(preview.legs.map((l) => l.amount)).toEqual(['101.5', '100']);
    const done = await ok<Array<{ ok: boolean }>>('subaccounts.runSweep', { previewId: preview.previewId });
    expect(done.map((r) => r.ok)).toEqual([true, true]);
    expect(desktop.confirmations.at(-1)).toMatchObject({
      title: 'Transfer 201.5 USDT from 2 sub-accounts to the main account?',
      action: 'Transfer',
    });
    expect(facts()).toEqual({
      Direction: 'sub-accounts → Sandbox main',
      Currency: 'USDT',
      Transfers: '2: Sandbox sub-003, Sandbox sub-004',
      Total: '201.5 USDT',
      Largest: '101.5 USDT (Sandbox sub-003)',
    });
    expect(await Promise.all([a, b].map(subMain))).toEqual(['0', '0']);
  });

  it('runs only by a preview id main made: a plan sent straight to run is refused', async () => {
    const sub = extra(1);
    const before = await subMain(sub);
    const straight = await call('subaccounts.runSweep', {
      accountIds: [sub.id],
      plan: { direction: 'main_to_sub', ticker: 'USDT', amount: '5' },
    });
    expect(straight).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const unknown = await call('subaccounts.runSweep', { previewId: '0b4e7f52-3a51-4c56-9d1e-5e1f7c2b9a40' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'preview_stale' } });
    expect(await subMain(sub)).toBe(before);
  });
});

describe('amounts are read strictly in main', () => {
  const accountIds = () => [extra(5).id, extra(6).id];
  const draft = { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0', price: '20000' };

  it.each(['0x10', '1e3', 'Infinity', '-1', 'NaN', ' 1'])(
    'refuses %j as a desk amount, total or price',
    async (bad) => {
      expect(
        await call('board.previewOrder', {
          accountIds: accountIds(),
          draft,
          sizing: { kind: 'fixed', amount: bad },
        }),
      ).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'sizing.amount' } });
      const weights = Object.fromEntries(accountIds().map((id) => [id, 1]));
      expect(
        await call('board.previewOrder', {
          accountIds: accountIds(),
          draft,
          sizing: { kind: 'weight', total: bad, weights },
        }),
      ).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'sizing.total' } });
      expect(
        await call('board.previewOrder', {
          accountIds: accountIds(),
          draft: { ...draft, price: bad },
          sizing: { kind: 'share', share: '0.1' },
        }),
      ).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'draft.price' } });
      expect(
        await call('subaccounts.previewSweep', {
          accountIds: accountIds(),
          plan: { direction: 'main_to_sub', ticker: 'USDT', amount: bad },
        }),
      ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    },
  );

  it('names the field in plain words', async () => {
    const reply = await call('board.previewOrder', {
      accountIds: accountIds(),
      draft,
      sizing: { kind: 'fixed', amount: '1e3' },
    });
    expect(reply.ok ? '' : reply.error.message).toMatch(
      /^The amount for each account must be a plain number/,
    );
  });
});

describe('key permissions', () => {
  it.each(['/api/v4/../v1/order/new', '/api/v4/order/new?x=1', '/api/v4/', '/api/v1/order/new'])(
    'refuses %j as a permission path in main, asking nothing',
    async (url) => {
      const sub = extra(7);
      const asked = desktop.confirmations.length;
      const reply = await call('subaccounts.applyPermissions', {
        accountIds: [sub.id],
        urls: [{ url, enable: true }],
      });
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'urls.0.url' } });
      expect(desktop.confirmations).toHaveLength(asked);
      expect(core.accounts.registry.get(sub.id)?.urlPermissions).toEqual({});
    },
  );

  it('changes no key when the person declines', async () => {
    const subs = [extra(7), extra(8)];
    const refused = await answering(false, () =>
      call('subaccounts.applyPermissions', {
        accountIds: subs.map((s) => s.id),
        urls: [{ url: '/api/v4/trade-account/balance', enable: false }],
      }),
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    for (const sub of subs) {
      expect(core.accounts.registry.get(sub.id)?.urlPermissions).toEqual({});
      // The exchange still lets the key read its balance: nothing was sent.
      expect(await ok('balances.spot', { accountId: sub.id })).toHaveProperty('USDT');
    }
  });

  it('names the keys and the URLs turned on and off, with a warning when a withdraw URL is turned on', async () => {
    const subs = [extra(7), extra(8)];
    const results = await ok<Array<{ ok: boolean }>>('subaccounts.applyPermissions', {
      accountIds: subs.map((s) => s.id),
      urls: [
        { url: '/api/v4/main-account/withdraw', enable: true },
        { url: '/api/v4/order/new', enable: false },
      ],
    });
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    const question = desktop.confirmations.at(-1);
    expect(question?.title).toBe('Change the API permissions of 2 sub-account keys?');
    expect(facts()).toEqual({
      Keys: '2: Sandbox sub-007, Sandbox sub-008',
      'Turns on': '/api/v4/main-account/withdraw',
      'Turns off': '/api/v4/order/new',
    });
    expect(question?.warning).toMatch(/withdraw/);
    expect(core.accounts.registry.get(subs[0]?.id ?? '')?.urlPermissions).toEqual({
      '/api/v4/main-account/withdraw': true,
      '/api/v4/order/new': false,
    });
  });
});

describe('desk orders are sent by a preview id main keeps', () => {
  interface Preview {
    previewId: string;
    children: Array<{ account: string; clientOrderId: string; amount?: string }>;
  }
  interface Placed {
    results: Array<{ ok: boolean; clientOrderId: string; error?: { code: string } }>;
  }
  const openOf = async (account: string) =>
    trading.activeOrders(await core.accounts.caller(account), { market: 'BTC_USDT', limit: 100 });
  const lockUsdt = async (account: string) =>
    (
      await ok<{ order: { orderId: number } }>('orders.place', {
        accountId: account,
        draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.002', price: '20000' },
      })
    ).order.orderId;
  const shareDraft = { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0', price: '20000' };

  it('refuses an unknown preview id, and the old form that let the renderer say what to send', async () => {
    const account = extra(9).id;
    const before = (await openOf(account)).length;
    expect(
      await call('board.placeOrder', { previewId: '3f0c6a0e-9d4b-4f5e-8e2a-7b1c0d9e8f70' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'preview_stale' },
    });
    const old = await call('board.placeOrder', {
      accountIds: [account],
      draft: shareDraft,
      sizing: { kind: 'fixed', amount: '0.001' },
      parentId: 'txb-forged-1',
    });
    expect(old).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((await openOf(account)).length).toBe(before);
  });

  it('sends exactly the previewed share even when the balance grew since, and a preview only once', async () => {
    const account = extra(9).id;
    const locked = await lockUsdt(account);
    const preview = await ok<Preview>('board.previewOrder', {
      accountIds: [account],
      draft: shareDraft,
      sizing: { kind: 'share', share: '0.5' },
    });
    const amount = preview.children[0]?.amount;
    await ok('orders.cancel', { accountId: account, market: 'BTC_USDT', orderId: locked });
    const placed = await ok<Placed>('board.placeOrder', { previewId: preview.previewId });
    expect(placed.results.map((r) => r.ok)).toEqual([true]);
    const sent = (await openOf(account)).filter(
      (o) => o.clientOrderId === preview.children[0]?.clientOrderId,
    );
    expect(sent.map((o) => o.amount)).toEqual([amount]);
    expect(await call('board.placeOrder', { previewId: preview.previewId })).toMatchObject({
      ok: false,
      error: { code: 'preview_stale' },
    });
    expect(
      (await openOf(account)).filter((o) => o.clientOrderId === preview.children[0]?.clientOrderId),
    ).toHaveLength(1);
  });

  it('refuses a share preview whose balance fell since, sending nothing', async () => {
    const account = extra(10).id;
    const preview = await ok<Preview>('board.previewOrder', {
      accountIds: [account],
      draft: shareDraft,
      sizing: { kind: 'share', share: '0.9' },
    });
    await lockUsdt(account);
    const before = (await openOf(account)).length;
    expect(await call('board.placeOrder', { previewId: preview.previewId })).toMatchObject({
      ok: false,
      error: { code: 'preview_stale' },
    });
    expect((await openOf(account)).length).toBe(before);
  });

  it('sends nothing when the person declines main’s question, which states the order, accounts, total, largest and each order beyond a guard', async () => {
    const accounts = [extra(5), extra(6)];
    const before = await Promise.all(accounts.map(async (a) => (await openOf(a.id)).length));
    const weights = { [accounts[0]?.id ?? '']: 1, [accounts[1]?.id ?? '']: 3 };
    const preview = await ok<Preview>('board.previewOrder', {
      accountIds: accounts.map((a) => a.id),
      draft: shareDraft,
      sizing: { kind: 'weight', total: '0.004', weights },
    });
    const refused = await answering(false, () => call('board.placeOrder', { previewId: preview.previewId }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(desktop.confirmations.at(-1)).toMatchObject({
      title: 'Send a limit buy on BTC_USDT for 2 accounts?',
      action: 'Send orders',
    });
    const band = expect.stringMatching(
      /^Price band: Buy 0\.00[13] BTC at 20,000 — [\d.]+% below the market price [\d,.]+ \(your band is 5%\)\.$/,
    ) as unknown;
    expect(facts()).toEqual({
      Market: 'BTC_USDT',
      Order: 'Buy, limit',
      Price: '20,000 USDT',
      Accounts: '2: Sandbox sub-005, Sandbox sub-006',
      Total: '0.004 BTC (80 USDT at 20,000)',
      Largest: '0.003 BTC (Sandbox sub-006)',
      'Sandbox sub-005': band,
      'Sandbox sub-006': band,
    });
    expect(await Promise.all(accounts.map(async (a) => (await openOf(a.id)).length))).toEqual(before);
    // Declined, the preview is used up: sending it again is refused too.
    expect(await call('board.placeOrder', { previewId: preview.previewId })).toMatchObject({
      ok: false,
      error: { code: 'preview_stale' },
    });
  });

  // Last in the file: the clock moves on and does not come back before the core closes.
  it('refuses a preview older than 30 seconds, sending nothing', async () => {
    const account = extra(10).id;
    const preview = await ok<Preview>('board.previewOrder', {
      accountIds: [account],
      draft: shareDraft,
      sizing: { kind: 'fixed', amount: '0.001' },
    });
    const before = (await openOf(account)).length;
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      const reply = await call('board.placeOrder', { previewId: preview.previewId });
      expect(reply).toMatchObject({ ok: false, error: { code: 'preview_stale' } });
      expect(reply.ok ? '' : reply.error.message).toMatch(/older than 30 seconds/);
      expect((await openOf(account)).length).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });
});
