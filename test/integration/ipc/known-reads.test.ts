import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, KnownEntryView, OrderView } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';

let core: TestCore;
const { call, ok } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore();
});
afterAll(() => core.close());

describe('last known state of the screens', () => {
  it('keeps what each read saw, and recalls it with its age while the exchange is down', async () => {
    const accounts = await ok<AccountView[]>('accounts.list');
    const main = accounts.find((a) => a.kind === 'main') as AccountView;
    const subs = accounts.filter((a) => a.kind === 'sub');
    expect(await ok<KnownEntryView[]>('known.recall', { kind: 'balances.spot' })).toEqual([]);

    const before = Date.now();
    const spot = await ok<Record<string, unknown>>('balances.spot', { accountId: main.id });
    const orders = await ok<OrderView[]>('orders.active', { accountId: main.id, market: 'BTC_USDT' });
    await ok('subaccounts.balances');
    await ok('wallet.balances', { accountId: main.id });

    await core.connection.sandbox?.suspend();
    try {
      expect((await call('balances.spot', { accountId: main.id })).ok).toBe(false);
      const [kept] = await ok<KnownEntryView[]>('known.recall', {
        kind: 'balances.spot',
        accountIds: [main.id],
      });
      expect(kept).toEqual({ account: main.id, asOfMs: expect.any(Number), value: spot });
      expect(kept?.asOfMs).toBeGreaterThanOrEqual(before);
      // The failed read left the last known state as it was.
      const open = await ok<KnownEntryView[]>('known.recall', {
        kind: 'orders.open',
        accountIds: [main.id],
        scope: 'BTC_USDT',
      });
      expect(open.map((e) => e.value)).toEqual([orders]);
      const subBalances = await ok<KnownEntryView[]>('known.recall', { kind: 'subaccount.balances' });
      expect(subBalances.map((e) => e.account).sort()).toEqual(subs.map((s) => s.id).sort());
      expect(await ok<KnownEntryView[]>('known.recall', { kind: 'balances.main' })).toHaveLength(1);
    } finally {
      await core.connection.sandbox?.resume();
    }
  });

  it('refuses an unknown kind', async () => {
    const reply = await call('known.recall', { kind: 'secrets' });
    expect(reply.ok).toBe(false);
  });
});
