import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import type { IpcError, OrderView, PositionView, TpSlLegsView } from '../../../main/ipc/contract.ts';
import { createTestCore, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

let core: TestCore;
/** Main's questions are declined, as with no desktop, unless a test answers them. */
const desktop = scriptedDesktop();
desktop.confirmAnswer = false;
let main = '';
let alpha = '';

type Reply<T> = { ok: true; value: T } | { ok: false; error: IpcError };

function call<T>(name: string, input: unknown): Promise<Reply<T>> {
  return core.router.dispatch(name as never, input as never, { origin: 'test' }) as Promise<Reply<T>>;
}

function value<T>(reply: Reply<T>): T {
  if (!reply.ok) throw new Error(`expected success, got ${reply.error.message}`);
  return reply.value;
}

function error<T>(reply: Reply<T>): IpcError {
  if (reply.ok) throw new Error('expected a refusal');
  return reply.error;
}

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  const accounts = value(await call<Array<{ id: string; label: string }>>('accounts.list', undefined));
  main = accounts.find((a) => a.label === 'Sandbox main')?.id ?? '';
  alpha = accounts.find((a) => a.label === 'Sandbox sub-alpha')?.id ?? '';
  expect(main).not.toBe('');
  expect(alpha).not.toBe('');
  // A long of 0.01 BTC on the perpetual, opened with a collateral market order.
  value(
    await call('orders.place', {
      accountId: main,
      draft: { kind: 'collateral_market', market: 'BTC_PERP', side: 'buy', amount: '0.01' },
    }),
  );
}, 60_000);
afterAll(() => core.close());

describe('positions procedures against the sandbox', () => {
  it('lists the open position with its liquidation price, margin and profit', async () => {
    const open = value(await call<PositionView[]>('positions.open', { accountId: main }));
    const btc = open.find((p) => p.market === 'BTC_PERP');
    expect(btc).toMatchObject({ amount: '0.01', positionSide: 'BOTH' });
    expect(btc?.margin).toMatch(/^\d+(\.\d+)?$/);
    expect(btc?.pnl).toMatch(/^-?\d+(\.\d+)?$/);
  });

  it('reads the ADL rank of the open futures position from the exchange (collateral-account/adl-quantile)', async () => {
    const ranks = value(
      await call<Array<{ market: string; positionSide: string; quantile: number }>>('positions.adl', {
        accountId: main,
      }),
    );
    // the exchange ranks a market's long and short exposure: this long position's side is LONG
    const btc = ranks.find((r) => r.market === 'BTC_PERP');
    expect(btc?.positionSide).toBe('LONG');
    expect(btc?.quantile).toBeGreaterThanOrEqual(0);
    expect(btc?.quantile).toBeLessThanOrEqual(4);
  });

  it('adds a take-profit / stop-loss pair over the WebSocket: two reduce-only stop legs closing the long', async () => {
    const legs = value(
      await call<TpSlLegsView>('positions.addTpSl', {
        accountId: main,
        market: 'BTC_PERP',
        takeProfit: '90000',
        stopLoss: '40000',
      }),
    );
    expect(legs.takeProfit).toMatchObject({ market: 'BTC_PERP', side: 'sell', amount: '0.01' });
    expect(legs.stopLoss).toMatchObject({ market: 'BTC_PERP', side: 'sell', amount: '0.01' });
    expect(legs.takeProfit?.activation_price).toBe('90000');
    expect(legs.stopLoss?.activation_price).toBe('40000');
    const active = value(await call<OrderView[]>('orders.active', { accountId: main, market: 'BTC_PERP' }));
    const ids = active.map((o) => o.orderId);
    expect(ids).toContain(legs.takeProfit?.orderId);
    expect(ids).toContain(legs.stopLoss?.orderId);
  });

  it('adds a stop-loss alone as one reduce-only stop-market leg', async () => {
    const legs = value(
      await call<TpSlLegsView>('positions.addTpSl', {
        accountId: main,
        market: 'BTC_PERP',
        stopLoss: '45000',
      }),
    );
    expect(legs.takeProfit).toBeUndefined();
    expect(legs.stopLoss).toMatchObject({ side: 'sell', amount: '0.01', activation_price: '45000' });
  });

  it('adds a take-profit alone as one reduce-only limit order closing the long', async () => {
    const legs = value(
      await call<TpSlLegsView>('positions.addTpSl', {
        accountId: main,
        market: 'BTC_PERP',
        takeProfit: '95000',
      }),
    );
    expect(legs.stopLoss).toBeUndefined();
    expect(legs.takeProfit).toMatchObject({ side: 'sell', amount: '0.01', price: '95000' });
  });

  it('refuses a price off the tick grid naming the field and the nearest prices, sending nothing', async () => {
    const before = value(await call<OrderView[]>('orders.active', { accountId: main, market: 'BTC_PERP' }));
    const e = error(
      await call('positions.addTpSl', {
        accountId: main,
        market: 'BTC_PERP',
        takeProfit: '90000',
        stopLoss: '40000.05',
      }),
    );
    expect(e.field).toBe('stopLoss');
    expect(e.message).toMatch(/multiple of 0\.1; nearest: 40000 or 40000\.1/);
    const after = value(await call<OrderView[]>('orders.active', { accountId: main, market: 'BTC_PERP' }));
    expect(after).toHaveLength(before.length);
  });

  it('refuses an inverted pair on the long, naming the field and its bound in words, sending nothing', async () => {
    const before = value(await call<OrderView[]>('orders.active', { accountId: main, market: 'BTC_PERP' }));
    const e = error(
      await call('positions.addTpSl', {
        accountId: main,
        market: 'BTC_PERP',
        takeProfit: '60000',
        stopLoss: '70000',
      }),
    );
    expect(e.field).toBe('takeProfit');
    expect(e.message).toMatch(
      /^Take-profit must be above [\d,.]+, the (mark|last) price, for a long position\.$/,
    );
    const after = value(await call<OrderView[]>('orders.active', { accountId: main, market: 'BTC_PERP' }));
    expect(after).toHaveLength(before.length);
  });

  it('positions.checkTpSl flags both legs of an inverted pair in the ticket’s words, against the named market price', async () => {
    const check = value(
      await call<{
        issues: Array<{ field: string; message: string }>;
        reference?: { price: string; name: string };
      }>('positions.checkTpSl', {
        accountId: main,
        market: 'BTC_PERP',
        takeProfit: '60000',
        stopLoss: '70000',
      }),
    );
    expect(check.reference?.name).toMatch(/^the (mark|last) price$/);
    expect(check.issues.map((i) => i.field)).toEqual(['takeProfit', 'stopLoss']);
    const draft = {
      kind: 'collateral_market',
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.002',
      takeProfit: '60000',
      stopLoss: '70000',
    };
    const ticket = value(
      await call<{ issues: Array<{ field: string; message: string }> }>('orders.check', {
        accountId: main,
        draft,
      }),
    );
    expect(check.issues).toEqual(
      ticket.issues.filter((i) => i.field === 'takeProfit' || i.field === 'stopLoss'),
    );
  });

  it('lists the legs waiting on the position as its take-profit and stop-loss', async () => {
    const open = value(await call<PositionView[]>('positions.open', { accountId: main, market: 'BTC_PERP' }));
    const kinds = (open[0]?.tpsl ?? []).map((l) => [l.kind, l.activationPrice]);
    expect(kinds).toContainEqual(['takeProfit', '90000']);
    expect(kinds).toContainEqual(['stopLoss', '40000']);
  });

  it('orders.check and orders.place refuse an inverted pair on a new collateral market order', async () => {
    const draft = {
      kind: 'collateral_market',
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.002',
      takeProfit: '60000',
      stopLoss: '70000',
    };
    const { issues } = value(
      await call<{ issues: Array<{ field: string; message: string }> }>('orders.check', {
        accountId: alpha,
        draft,
      }),
    );
    expect(issues.map((i) => i.field)).toEqual(['takeProfit', 'stopLoss']);
    expect(issues[0]?.message).toMatch(
      /^Take-profit must be above [\d,.]+, the (mark|last) price, for a long position\.$/,
    );
    expect(issues[1]?.message).toMatch(
      /^Stop-loss must be below [\d,.]+, the (mark|last) price, for a long position\.$/,
    );
    const e = error(await call('orders.place', { accountId: alpha, draft }));
    expect(e.field).toBe('takeProfit');
    const open = value(
      await call<PositionView[]>('positions.open', { accountId: alpha, market: 'BTC_PERP' }),
    );
    expect(open).toEqual([]);
  });

  it('refuses when neither price is given, naming takeProfit', async () => {
    const e = error(await call('positions.addTpSl', { accountId: main, market: 'BTC_PERP' }));
    expect(e.field).toBe('takeProfit');
    expect(e.message).toMatch(/take-profit price, a stop-loss price or both/);
  });

  it('refuses in words when the account has no open position on the market', async () => {
    const e = error(
      await call('positions.addTpSl', {
        accountId: main,
        market: 'ETH_PERP',
        takeProfit: '4000',
        stopLoss: '2000',
      }),
    );
    expect(e.field).toBe('market');
    expect(e.message).toBe('There is no open position on ETH_PERP to put a take-profit or stop-loss on.');
  });

  it('changes leverage within the allowed set and refuses a level above an open market maximum', async () => {
    value(
      await call('orders.place', {
        accountId: alpha,
        draft: { kind: 'collateral_market', market: 'ETH_PERP', side: 'buy', amount: '0.01' },
      }),
    );
    // raising it waits for main's question: declined, the leverage stays
    const asked = desktop.confirmations.length;
    const declined = error(await call('positions.setLeverage', { accountId: alpha, leverage: 20 }));
    expect(declined.code).toBe('not_confirmed');
    expect(desktop.confirmations.slice(asked).map((q) => q.title)).toEqual([
      'Raise the leverage of "Sandbox sub-alpha" from 10× to 20×?',
    ]);
    desktop.confirmAnswer = true;
    try {
      expect(value(await call<number>('positions.setLeverage', { accountId: alpha, leverage: 20 }))).toBe(20);
    } finally {
      desktop.confirmAnswer = false;
    }
    const e = error(await call('positions.setLeverage', { accountId: alpha, leverage: 100 }));
    expect(e.field).toBe('leverage');
    expect(e.message).toMatch(/at most 50/);
    const bad = error(await call('positions.setLeverage', { accountId: alpha, leverage: 4 }));
    expect(bad.field).toBe('leverage');
  });

  it('in hedge mode puts the legs on the side named, and refuses a side with no position in words', async () => {
    const accounts = value(await call<Array<{ id: string; label: string }>>('accounts.list', undefined));
    const maker = accounts.find((a) => a.label === 'Sandbox sub-maker')?.id ?? '';
    await collateral.setHedgeMode(await core.accounts.caller(maker), true);
    value(
      await call('orders.place', {
        accountId: maker,
        draft: {
          kind: 'collateral_market',
          market: 'BTC_PERP',
          side: 'buy',
          amount: '0.01',
          positionSide: 'LONG',
        },
      }),
    );
    const legs = value(
      await call<TpSlLegsView>('positions.addTpSl', {
        accountId: maker,
        market: 'BTC_PERP',
        takeProfit: '90000',
        stopLoss: '40000',
        positionSide: 'LONG',
      }),
    );
    expect(legs.takeProfit).toMatchObject({ side: 'sell', positionSide: 'LONG' });
    expect(legs.stopLoss).toMatchObject({ side: 'sell', positionSide: 'LONG' });
    const e = error(
      await call('positions.addTpSl', {
        accountId: maker,
        market: 'BTC_PERP',
        stopLoss: '90000',
        positionSide: 'SHORT',
      }),
    );
    expect(e.message).toBe(
      'There is no open short position on BTC_PERP to put a take-profit or stop-loss on.',
    );
  });
});
