import { afterEach, describe, expect, it } from 'vitest';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { MarketCatalog } from '../../../main/services/market-catalog.ts';
import { RuleViolation, TradingService } from '../../../main/services/trading/trading.ts';
import { startHarness, type Harness } from '../exchange/support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function service(harness: Harness): TradingService {
  return new TradingService({ catalog: new MarketCatalog(harness.http), lookupDelayMs: 0 });
}

describe('trading service', () => {
  it('refuses an order that breaks a rule, naming the field and the nearest valid values, and sends nothing', async () => {
    h = await startHarness();
    const error = await service(h)
      .place(h.as('main'), {
        kind: 'limit',
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.001',
        price: '30000.05',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuleViolation);
    expect(error).toMatchObject({ field: 'price', code: 'rule_violation' });
    expect((error as Error).message).toMatch(/multiple of 0\.1; nearest: 30000 or 30000\.1/);
    expect(h.audit.filter((a) => a.path.startsWith('/api/v4/order'))).toEqual([]);
  });

  it('gives every order a client order id and maps legacy STP names', async () => {
    h = await startHarness();
    const placed = await service(h).place(h.as('main'), {
      kind: 'limit',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '30000',
      stp: 'cancel_both',
    });
    expect(placed.clientOrderId).toMatch(/^txc-[0-9a-z]+-[0-9a-f]{10}$/);
    expect(placed.order).toMatchObject({ clientOrderId: placed.clientOrderId, stp: 'cb' });
    expect(placed.recovered).toBe(false);
  });

  it('places 60 orders with a fifth of the answers lost after the exchange applied them: no duplicates', async () => {
    h = await startHarness({ faults: { dropRate: 0.2, seed: 5 } }, { maxRetries: 10 });
    const svc = service(h);
    const c = h.as('main');
    const results = [];
    for (let i = 0; i < 40; i++) {
      results.push(
        await svc.place(c, {
          kind: 'limit',
          market: 'BTC_USDT',
          side: 'buy',
          amount: '0.001',
          price: String(20000 + i),
        }),
      );
    }
    for (let i = 0; i < 20; i++) {
      results.push(await svc.place(c, { kind: 'market', market: 'ETH_USDT', side: 'sell', amount: '0.01' }));
    }
    expect(results.some((r) => r.recovered)).toBe(true);

    const open: trading.Order[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await trading.activeOrders(c, { market: 'BTC_USDT', limit: 100, offset });
      open.push(...page);
      if (page.length < 100) break;
    }
    const restingIds = results.slice(0, 40).map((r) => r.clientOrderId);
    const openIds = open.map((o) => o.clientOrderId).filter((id) => restingIds.includes(id));
    expect(openIds.sort()).toEqual([...restingIds].sort());

    const deals = await trading.executedDeals(c, 'ETH_USDT', { limit: 500 });
    const filledIds = new Set(results.slice(40).map((r) => r.clientOrderId));
    const ordersPerId = new Map<string, Set<number>>();
    for (const d of deals.filter((x) => filledIds.has(x.clientOrderId))) {
      const set = ordersPerId.get(d.clientOrderId) ?? new Set<number>();
      set.add(d.orderId);
      ordersPerId.set(d.clientOrderId, set);
    }
    expect(ordersPerId.size).toBe(20);
    expect([...ordersPerId.values()].every((orders) => orders.size === 1)).toBe(true);
  });
});
