import { describe, expect, it, vi } from 'vitest';
import { createBridge } from '../../../preload/bridge.ts';
import {
  describeOrder,
  draftOf,
  emptyFields,
  OrderTicket,
  OVER_WS_KEY,
  type TicketTimers,
} from '../../../renderer/src/lib/managers/order-ticket.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { ORDER_KINDS } from '../../../main/rules/types.ts';
import { fakeBridge } from './fake-bridge.ts';

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';

/** A bridge whose answers are given per call (a queue per procedure), recording calls. */

/** Timers run by hand: `fire()` runs what is pending. */
function manualTimers(): TicketTimers & { fire(): void; pending: number } {
  let next: (() => void) | undefined;
  return {
    set: (run) => {
      next = run;
      return run;
    },
    clear: (handle) => {
      if (handle === next) next = undefined;
    },
    fire() {
      const run = next;
      next = undefined;
      run?.();
    },
    get pending() {
      return next ? 1 : 0;
    },
  };
}

describe('describeOrder', () => {
  it('says exactly what a limit order will do, its value and its flags', () => {
    const f = { ...emptyFields('BTC_USDT'), amount: '0.001', price: '30000' };
    // until main answered for this draft, the value reads "…"
    expect(describeOrder(f)).toBe('Buy 0.001 BTC at 30,000 (… USDT) — limit');
    const exact = { source: 'price', base: '0.001', value: '30' } as const;
    expect(describeOrder(f, exact)).toBe('Buy 0.001 BTC at 30,000 (30 USDT) — limit');
    expect(describeOrder({ ...f, side: 'sell', postOnly: true, stp: 'cb' }, exact)).toBe(
      'Sell 0.001 BTC at 30,000 (30 USDT) — limit, post-only, STP cb',
    );
  });

  it('states both the base amount and the value of a market order, whichever it is sized in', () => {
    const f = { ...emptyFields('ETH_USDT'), kind: 'market' as const, amount: '10' };
    expect(describeOrder(f)).toBe('Buy … ETH for 10 USDT — market');
    const bought = { source: 'book', base: '0.003174573', value: '10', complete: true } as const;
    expect(describeOrder(f, bought)).toBe('Buy about 0.00317457 ETH for 10 USDT — market');
    const sold = { source: 'book', base: '0.01', value: '31.5025123', complete: true } as const;
    expect(describeOrder({ ...f, side: 'sell', amount: '0.01' }, sold)).toBe(
      'Sell 0.01 ETH (about 31.5 USDT) — market',
    );
    // a perpetual is valued in USDT
    const perp = { ...f, market: 'BTC_PERP', kind: 'collateral_market' as const, amount: '0.5' };
    expect(describeOrder(perp, { source: 'book', base: '0.5', value: '32125.25' })).toBe(
      'Buy 0.5 BTC (about 32,125.25 USDT) — collateral market',
    );
  });

  it('names the activation price of stop orders', () => {
    const f = {
      ...emptyFields('BTC_USDT'),
      kind: 'stop_limit' as const,
      amount: '0.01',
      price: '31000',
      activationPrice: '30500',
    };
    expect(describeOrder(f)).toBe(
      'Buy 0.01 BTC at 31,000 when the price reaches 30,500 (… USDT) — stop-limit',
    );
  });

  it('says a market order larger than the book main read is more than it holds, never the value of the part it holds', () => {
    // the book read holds 0.54 BTC of asks, worth 34,269 USDT
    const partial = {
      source: 'book',
      base: '0.54',
      value: '34269',
      complete: false,
      sideBase: '0.54',
    } as const;
    const buy = { ...emptyFields('BTC_USDT'), kind: 'stock_market' as const, amount: '5' };
    expect(describeOrder(buy, partial)).toBe(
      'Buy 5 BTC (more than the book holds: 0.54 BTC) — market (amount in base)',
    );
    const spend = { ...emptyFields('BTC_USDT'), kind: 'market' as const, amount: '300000' };
    const spent = describeOrder(spend, partial);
    expect(spent).toBe('Buy BTC for 300,000 USDT (more than the book holds: 0.54 BTC) — market');
    for (const text of [describeOrder(buy, partial), spent]) expect(text).not.toMatch(/about|34,269/);
  });
});

describe('draftOf', () => {
  it('sends only the fields the kind of order takes', () => {
    const f = { ...emptyFields('BTC_USDT'), amount: ' 1 ', price: '5', activationPrice: '6', postOnly: true };
    expect(draftOf(f)).toEqual({
      kind: 'limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '1',
      price: '5',
      postOnly: true,
    });
    expect(draftOf({ ...f, kind: 'market' })).toEqual({
      kind: 'market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '1',
    });
  });
});

describe('OrderTicket', () => {
  it("offers the order types of the ticket's market and leaves one the market does not take", () => {
    const { api } = fakeBridge(() => ({ ok: true, value: { issues: [], questions: [] } }));
    const ticket = new OrderTicket(api, manualTimers());
    ticket.set({ market: 'BTC_USDT', kind: 'stop_limit' });
    ticket.offerKinds(['limit', 'market', 'stop_limit', 'collateral_market']);
    expect(ticket.fields.kind).toBe('stop_limit');
    ticket.set({ market: 'BTC_PERP' });
    ticket.offerKinds(['collateral_market']);
    expect(ticket.kinds).toEqual(['collateral_market']);
    expect(ticket.fields.kind).toBe('collateral_market');
    expect(ticket.summary).toContain('collateral market');
    // A market not known yet: every type, the one chosen kept.
    ticket.offerKinds(undefined);
    expect(ticket.kinds).toEqual(ORDER_KINDS);
    expect(ticket.fields.kind).toBe('collateral_market');
  });

  it('checks once after typing pauses, shows the issues per field, and a suggestion fixes the field', async () => {
    const timers = manualTimers();
    const { api, calls } = fakeBridge((_p, input) => {
      const price = (input as { draft: { price?: string } }).draft.price;
      return {
        ok: true,
        value: {
          issues:
            price === '30000.123'
              ? [
                  {
                    field: 'price',
                    message: 'price must be a multiple of 0.1',
                    suggestions: ['30000.1', '30000.2'],
                  },
                ]
              : [],
          questions: [],
        },
      };
    });
    const ticket = new OrderTicket(api, timers);
    ticket.set({ market: 'BTC_USDT', amount: '0.001' });
    ticket.set({ price: '30000.1' });
    ticket.set({ price: '30000.123' });
    expect(calls).toEqual([]);
    expect(ticket.checking).toBe(true);
    timers.fire();
    await vi.waitFor(() => expect(ticket.checking).toBe(false));
    expect(calls).toHaveLength(1);
    expect(ticket.issuesFor('price').map((i) => i.suggestions)).toEqual([['30000.1', '30000.2']]);
    expect(ticket.issuesFor('amount')).toEqual([]);
    expect(ticket.ready).toBe(false);

    ticket.apply('price', '30000.2');
    expect(ticket.fields.price).toBe('30000.2');
    timers.fire();
    await vi.waitFor(() => expect(ticket.checking).toBe(false));
    expect(ticket.issues).toEqual([]);
    expect(ticket.ready).toBe(true);
  });

  it("checks against the working account, and again when it changes (main knows each account's hedge mode)", async () => {
    const timers = manualTimers();
    // Main answers for a hedge-mode account that a collateral order needs LONG or SHORT.
    const { api } = fakeBridge((_procedure, input) => {
      const hedged = (input as { accountId?: string }).accountId === ACCOUNT;
      return {
        ok: true,
        value: {
          issues: hedged
            ? [{ field: 'positionSide', message: 'positionSide must be LONG or SHORT in hedge mode' }]
            : [],
          questions: [],
        },
      };
    });
    const ticket = new OrderTicket(api, timers);
    ticket.set({ market: 'BTC_PERP', kind: 'collateral_market', amount: '0.001' });
    timers.fire();
    await vi.waitFor(() => expect(ticket.checking).toBe(false));
    expect(ticket.issuesFor('positionSide')).toEqual([]);
    ticket.setAccount(ACCOUNT);
    timers.fire();
    await vi.waitFor(() => expect(ticket.checking).toBe(false));
    expect(ticket.issuesFor('positionSide').map((i) => i.message)).toEqual([
      'positionSide must be LONG or SHORT in hedge mode',
    ]);
    expect(ticket.ready).toBe(false);
  });

  it('drops the answer to an older draft', async () => {
    const resolvers: Array<(v: unknown) => void> = [];
    const api = createBridge({
      invoke: () => new Promise((resolve) => resolvers.push(resolve)),
      listen: () => () => undefined,
    });
    const ticket = new OrderTicket(api, manualTimers());
    ticket.set({ market: 'BTC_USDT', amount: '1', price: '1' });
    const first = ticket.check();
    const second = ticket.check();
    resolvers[1]?.({ ok: true, value: { issues: [], questions: [] } });
    await second;
    resolvers[0]?.({ ok: true, value: { issues: [{ field: 'price', message: 'stale' }], questions: [] } });
    await first;
    expect(ticket.issues).toEqual([]);
  });

  it("keeps main's questions apart from the issues, and sends the order with nothing that answers them", async () => {
    const question = { guard: 'price_band', field: 'price', message: 'Buy 0.001 BTC at 700,000 — …' };
    const { api, calls } = fakeBridge((procedure) =>
      procedure === 'orders.check'
        ? { ok: true, value: { issues: [], questions: [question] } }
        : { ok: true, value: { clientOrderId: 'a', recovered: false, order: { orderId: 1 } } },
    );
    const ticket = new OrderTicket(api, manualTimers());
    ticket.set({ market: 'BTC_USDT', amount: '0.001', price: '700000' });
    await ticket.check();
    expect(ticket.questions).toEqual([question]);
    expect(ticket.ready).toBe(true);
    await ticket.place(ACCOUNT);
    expect(calls.at(-1)).toEqual([
      'orders.place',
      {
        accountId: ACCOUNT,
        draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '700000' },
      },
    ]);
  });

  it('shows a place error next to the field main names', async () => {
    const { api } = fakeBridge(() => ({
      ok: false,
      error: { code: 'invalid_input', message: 'amount is below the minimum', field: 'draft.amount' },
    }));
    const ticket = new OrderTicket(api, manualTimers());
    ticket.set({ market: 'BTC_USDT', amount: '0.00001', price: '30000' });
    expect(await ticket.place(ACCOUNT)).toBeUndefined();
    expect(ticket.placeErrorFor('amount')?.message).toBe('amount is below the minimum');
    expect(ticket.placeErrorFor('price')).toBeUndefined();
    expect(ticket.placeErrorUnclaimed).toBeUndefined();
  });

  it('ends a pending check when the order is sent, and forgets the placed line when its order is cancelled or the account changes', async () => {
    const timers = manualTimers();
    const { api } = fakeBridge((procedure) =>
      procedure === 'orders.check'
        ? { ok: true, value: { issues: [], questions: [] } }
        : {
            ok: true,
            value: { clientOrderId: 'a', recovered: false, order: { orderId: 6925, status: 'NEW' } },
          },
    );
    const ticket = new OrderTicket(api, timers);
    ticket.setAccount(ACCOUNT);
    ticket.set({ market: 'BTC_USDT', amount: '0.001', price: '30000' });
    await ticket.check();
    // A key pressed just before Enter schedules a check that the send makes pointless.
    ticket.set({ amount: '0.002' });
    expect(ticket.checking).toBe(true);
    await ticket.place(ACCOUNT);
    expect(ticket.checking).toBe(false);
    expect(timers.pending).toBe(0);
    expect(ticket.placed?.order?.orderId).toBe(6925);
    ticket.orderGone(1);
    expect(ticket.placed).toBeDefined();
    ticket.orderGone(6925);
    expect(ticket.placed).toBeUndefined();
    await ticket.place(ACCOUNT);
    expect(ticket.placed).toBeDefined();
    ticket.setAccount('another');
    expect(ticket.placed).toBeUndefined();
  });

  it('clears the typed values on Esc but keeps market, kind and side', () => {
    const ticket = new OrderTicket(fakeBridge(() => ({ ok: true, value: [] })).api, manualTimers());
    ticket.set({ market: 'ETH_USDT', side: 'sell', kind: 'market', amount: '2' });
    ticket.clear();
    expect(ticket.fields).toEqual({ ...emptyFields('ETH_USDT'), side: 'sell', kind: 'market' });
  });
});

describe('"Send orders over the WebSocket"', () => {
  const placed = {
    ok: true,
    value: { clientOrderId: 'c1', recovered: false, sentOver: 'rest', note: 'over REST' },
  };

  it('is remembered in the profile and sends through orders.placeWs while on, orders.place while off', async () => {
    const { api, calls } = fakeBridge({ 'orders.placeWs': placed, 'orders.place': placed });
    const store = memoryStore();
    const ticket = new OrderTicket(api);
    ticket.useStore(store);
    expect(ticket.overWs).toBe(false);
    ticket.set({ market: 'BTC_USDT', amount: '1', price: '5' });
    await ticket.place('acc');
    ticket.setOverWs(true);
    expect(store.getItem(OVER_WS_KEY)).toBe('true');
    await ticket.place('acc');
    expect(calls.filter(([p]) => p.startsWith('orders.place')).map(([p]) => p)).toEqual([
      'orders.place',
      'orders.placeWs',
    ]);
    expect(ticket.placed?.note).toBe('over REST');

    const again = new OrderTicket(api);
    again.useStore(store);
    expect(again.overWs).toBe(true);
  });
});
