import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import * as subAccounts from '../../../main/exchange/endpoints/sub-accounts.ts';
import { AuthError } from '../../../main/exchange/errors.ts';
import { DeskService } from '../../../main/features/desk/desk.ts';
import { applyPermissions, previewPermissions } from '../../../main/services/desk/key-permissions.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

let core: TestCore;
const { ok } = procedureCalls(() => core);
let desk: DeskService;
const desktop = scriptedDesktop();

beforeAll(async () => {
  core = await createTestCore({
    platform: desktop.platform,
    connection: { kind: 'sandbox', persist: false, extraSubAccounts: 50 },
  });
  desk = new DeskService(core.accounts, core.connection);
}, 60_000);

interface Leg {
  account: string;
  amount: string;
}
const previewSweep = (accountIds: string[], plan: object) =>
  ok<{ previewId: string; legs: Leg[] }>('subaccounts.previewSweep', { accountIds, plan });
const runSweep = async (accountIds: string[], plan: object) =>
  ok<Array<Leg & { ok: boolean; transactionId?: string }>>('subaccounts.runSweep', {
    previewId: (await previewSweep(accountIds, plan)).previewId,
  });
afterAll(() => core.close());

const extras = () => core.accounts.registry.list().filter((a) => /^Sandbox sub-\d{3}$/.test(a.label));

describe('desk: many accounts at once', () => {
  it('fans balances out over every account under the shared limits, with no rejection', async () => {
    const ids = core.accounts.registry.list().map((a) => a.id);
    expect(ids.length).toBe(55);
    const arrived: string[] = [];
    const results = await desk.balances(ids, (r) => arrived.push(r.account));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(arrived)).toEqual(new Set(ids));
  });

  it('reads the balances of every sub-account with the main key as background work, each told as it arrives', async () => {
    const told: string[] = [];
    const stopEvents = core.events.subscribe((name, payload) => {
      if (name === 'subaccounts.balance') told.push((payload as { subAccountId: string }).subAccountId);
    });
    const lanes: Array<boolean | undefined> = [];
    const stopObserving = core.connection.http.observe((outcome) => {
      if (outcome.path === '/api/v4/sub-account/balances') lanes.push(outcome.background);
    });
    const reply = (await core.router.dispatch('subaccounts.balances', undefined, { origin: 'test' })) as {
      ok: boolean;
      value: Array<{ subAccountId: string; ok: boolean; balances?: Record<string, unknown> }>;
    };
    stopEvents();
    stopObserving();
    expect(reply.ok).toBe(true);
    expect(reply.value).toHaveLength(54);
    expect(reply.value.every((r) => r.ok && r.balances && 'USDT' in r.balances)).toBe(true);
    expect(new Set(told)).toEqual(new Set(reply.value.map((r) => r.subAccountId)));
    // Behind the main key's transfers and key changes, which share the budget of sub-account calls.
    expect(lanes).toHaveLength(54);
    expect(lanes.every((background) => background === true)).toBe(true);
  });

  it('sends one order to 50 accounts: the one whose size breaks a rule fails alone, the others are placed once', async () => {
    const accounts = extras().map((a) => a.id);
    expect(accounts).toHaveLength(50);
    const tiny = accounts[17] as string;
    const weights = Object.fromEntries(accounts.map((id) => [id, id === tiny ? 0.0001 : 1]));
    const draft = { kind: 'limit' as const, market: 'BTC_USDT', side: 'buy', amount: '0', price: '20000' };
    const sizing = { kind: 'weight' as const, total: '0.0490001', weights };

    // Through the procedures, so the batch also lands in the audit log.
    const preview = await ok<Awaited<ReturnType<DeskService['preview']>>>('board.previewOrder', {
      accountIds: accounts,
      draft,
      sizing,
    });
    expect(preview.children.filter((c) => c.issues.length > 0).map((c) => c.account)).toEqual([tiny]);
    expect(preview.children.find((c) => c.account !== tiny)?.amount).toBe('0.001');

    // Far below the market: the price band's question is acknowledged.
    const { parentId, results } = await ok<Awaited<ReturnType<DeskService['place']>>>('board.placeOrder', {
      previewId: preview.previewId,
    });
    expect(parentId).toBe(preview.parentId);
    expect(results[0]).toMatchObject({
      account: tiny,
      ok: false,
      error: { code: 'rule_violation', field: 'amount' },
    });
    expect(results.filter((r) => r.ok)).toHaveLength(49);
    for (const r of results.slice(1)) {
      expect(r.clientOrderId.startsWith(`${parentId}-`)).toBe(true);
      const open = await trading.activeOrders(await core.accounts.caller(r.account), { market: 'BTC_USDT' });
      expect(open.filter((o) => o.clientOrderId === r.clientOrderId)).toHaveLength(1);
    }

    // The audit log holds the batch under its parent id with every child's outcome.
    const log = (await core.router.dispatch('board.batches', { parentId }, { origin: 'test' })) as {
      ok: true;
      value: Array<{
        kind: string;
        children: Array<{
          account: string;
          childRef?: string;
          outcome: string;
          errorCode?: string;
          detail?: string;
        }>;
      }>;
    };
    const [batch] = log.value;
    expect(batch?.kind).toBe('order');
    expect(batch?.children).toHaveLength(50);
    expect(batch?.children.filter((c) => c.outcome === 'failed')).toEqual([
      { account: tiny, childRef: results[0]?.clientOrderId, outcome: 'failed', errorCode: 'rule_violation' },
    ]);
    for (const r of results.slice(1))
      expect(batch?.children.find((c) => c.account === r.account)).toEqual({
        account: r.account,
        childRef: r.clientOrderId,
        outcome: 'ok',
        detail: String(r.result?.order?.orderId),
      });
  }, 60_000);

  it('re-sends a batch under its parent id without placing again the children that filled', async () => {
    const accounts = extras()
      .slice(20, 23)
      .map((a) => a.id);
    // Priced through the asks: each child fills at once and leaves the book, so the exchange would
    // accept its client order id again.
    const draft = { kind: 'limit' as const, market: 'BTC_USDT', side: 'buy', amount: '0', price: '70000' };
    const sizing = { kind: 'fixed' as const, amount: '0.0005' };
    const send = async (parentId: string) => {
      const { previewId } = await ok<{ previewId: string }>('board.previewOrder', {
        accountIds: accounts,
        draft,
        sizing,
        parentId,
      });
      return ok<Awaited<ReturnType<DeskService['place']>>>('board.placeOrder', {
        previewId,
      });
    };
    const filledDeals = async (account: string, clientOrderId: string) => {
      const answer = await trading.executedDealsOfClientOrder(
        await core.accounts.caller(account),
        clientOrderId,
      );
      return (Array.isArray(answer) ? answer : Object.values(answer).flat()).length;
    };
    const openCount = async (account: string) =>
      (await trading.activeOrders(await core.accounts.caller(account), { market: 'BTC_USDT' })).length;

    const parentId = (await desk.preview(accounts, draft, sizing)).parentId;
    const openBefore = await Promise.all(accounts.map(openCount));
    const first = await send(parentId);
    expect(first.results.map((r) => [r.ok, r.already ?? false])).toEqual(accounts.map(() => [true, false]));
    const deals = await Promise.all(first.results.map((r) => filledDeals(r.account, r.clientOrderId)));
    expect(deals.every((n) => n > 0)).toBe(true);

    const again = await send(parentId);
    expect(again.results.map((r) => [r.ok, r.already])).toEqual(accounts.map(() => [true, true]));
    expect(again.results.every((r) => (r.result?.deals?.length ?? 0) > 0)).toBe(true);
    // Nothing new at the exchange: no order left open, no more deals under those client order ids.
    expect(await Promise.all(accounts.map(openCount))).toEqual(openBefore);
    expect(await Promise.all(again.results.map((r) => filledDeals(r.account, r.clientOrderId)))).toEqual(
      deals,
    );
  }, 60_000);

  it('applies one permission change to many sub-account keys, previewing the per-key diff', async () => {
    const three = extras()
      .slice(0, 3)
      .map((a) => a.id);
    const change = [{ url: '/api/v4/order/new', enable: false }];
    const preview = previewPermissions(core.accounts, three, change);
    expect(preview.map((p) => p.changes)).toEqual(
      three.map(() => [{ url: '/api/v4/order/new', before: 'unknown', after: false }]),
    );
    const results = await applyPermissions(core.accounts, desktop.platform, three, change);
    expect(Array.isArray(results) && results.every((r) => r.ok)).toBe(true);
    const refused = await trading
      .limitOrder(await core.accounts.caller(three[0] as string), {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.001',
        price: '20000',
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AuthError);
    // Now known: the same change again has nothing to do.
    expect(previewPermissions(core.accounts, three, change).every((p) => p.changes.length === 0)).toBe(true);
    // Unlisted URLs kept their value: balances are still readable with those keys.
    expect(await trading.tradeBalance(await core.accounts.caller(three[1] as string))).toHaveProperty('USDT');
  });

  it('sweeps a currency out to sub-accounts and all of it back, with a preview', async () => {
    const subs = extras().slice(10, 13);
    const ids = subs.map((a) => a.id);
    const out = await runSweep(ids, { direction: 'main_to_sub', ticker: 'USDT', amount: '2' });
    expect(out.map((r) => [r.ok, r.amount])).toEqual([
      [true, '2'],
      [true, '2'],
      [true, '2'],
    ]);
    const back = await previewSweep(ids, { direction: 'sub_to_main', ticker: 'USDT', amount: 'all' });
    expect(back.legs.map((l) => l.amount)).toEqual(['102', '102', '102']);
    const done = await ok<Array<{ ok: boolean; account: string; transactionId?: string }>>(
      'subaccounts.runSweep',
      {
        previewId: back.previewId,
      },
    );
    expect(done.every((r) => r.ok)).toBe(true);
    const log = (await core.router.dispatch('board.batches', { limit: 1 }, { origin: 'test' })) as {
      ok: true;
      value: Array<{
        parentId: string;
        kind: string;
        children: Array<{ account: string; childRef?: string; outcome: string; detail?: string }>;
      }>;
    };
    expect(log.value[0]?.parentId).toMatch(/^txw-/);
    expect(log.value[0]?.kind).toBe('sweep');
    expect(log.value[0]?.children).toEqual(
      subs.map((sub) => ({
        account: sub.id,
        childRef: sub.subAccountId,
        outcome: 'ok',
        detail: String(done.find((r) => r.account === sub.id)?.transactionId),
      })),
    );
    const main = core.accounts.registry.list().find((a) => a.kind === 'main');
    const caller = await core.accounts.caller(main?.id ?? '');
    for (const sub of subs) {
      const balances = await subAccounts.balances(caller, { id: sub.subAccountId ?? '', ticker: 'USDT' });
      expect(balances['USDT']?.[0]?.main).toMatch(/^0(\.0+)?$/);
    }
    expect(
      (await previewSweep(ids, { direction: 'sub_to_main', ticker: 'USDT', amount: 'all' })).legs,
    ).toEqual([]);
  });
});
