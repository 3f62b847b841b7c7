import { describe, expect, it } from 'vitest';
import { Engine } from '../../../main/sandbox/engine/engine.ts';
import { ApiError } from '../../../main/sandbox/http/errors.ts';
import { createState } from '../../../main/sandbox/fixture.ts';
import { LEDGER_SCALE } from '../../../main/sandbox/ledger.ts';
import { createRng } from '../../../main/sandbox/rng.ts';

const OWNERS = ['acc-1', 'acc-2', 'acc-5'];
const ASSETS = ['BTC', 'USDT'];

describe('sandbox engine invariants under random order flow', () => {
  it('conserves funds, keeps freezes equal to open orders, never crosses the book', () => {
    const state = createState(3, () => 1_800_000_000_000);
    const engine = new Engine(state);
    const m = state.markets.get('BTC_USDT');
    if (!m) throw new Error('fixture');
    const quoteScale = 10n ** BigInt(LEDGER_SCALE - m.moneyPrec - m.stockPrec);
    const baseScale = 10n ** BigInt(LEDGER_SCALE - m.stockPrec);
    const total = (asset: string) =>
      OWNERS.reduce((s, id) => {
        const b = state.accounts.get(id)?.spot.get(asset);
        return s + (b ? b.available + b.freeze : 0n);
      }, 0n);
    const initial = new Map(ASSETS.map((a) => [a, total(a)]));
    const fees = new Map(ASSETS.map((a) => [a, 0n]));
    const rng = createRng(99);
    let rejected = 0;
    for (let i = 0; i < 4000; i++) {
      const owner = OWNERS[rng.int(OWNERS.length)] as string;
      const side = rng.next() < 0.5 ? 'buy' : 'sell';
      const r = rng.next();
      const before = new Map([...engine.orders.values()].map((o) => [o.id, o.dealFee]));
      try {
        if (r < 0.1) {
          const open = engine.openOrders(owner);
          const o = open[rng.int(open.length)];
          if (o) engine.cancel(o);
        } else if (r < 0.2) {
          engine.place({
            owner,
            market: m.name,
            side,
            type: side === 'buy' ? 'market' : 'stock market',
            quoteAmount: side === 'buy',
            amount: side === 'buy' ? BigInt(1 + rng.int(500)) * 10n ** 8n : BigInt(1 + rng.int(5000)),
            stp: (['no', 'cb', 'cn', 'co'] as const)[rng.int(4)],
          });
        } else {
          engine.place({
            owner,
            market: m.name,
            side,
            type: 'limit',
            amount: BigInt(100 + rng.int(5000)),
            price: BigInt(6_400_000 + rng.int(500) * 10),
            ioc: rng.next() < 0.1,
            stp: (['no', 'cb', 'cn', 'co'] as const)[rng.int(4)],
          });
        }
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        rejected++;
      }
      // fees charged by this step
      for (const o of engine.orders.values()) {
        const delta = o.dealFee - (before.get(o.id) ?? 0n);
        if (delta !== 0n) fees.set(o.feeAsset, (fees.get(o.feeAsset) ?? 0n) + delta);
      }
      if (i % 200 !== 0) continue;
      for (const a of ASSETS)
        expect(total(a) + (fees.get(a) ?? 0n), `${a} at step ${i}`).toBe(initial.get(a));
      for (const id of OWNERS) {
        let quote = 0n;
        let base = 0n;
        for (const o of engine.openOrders(id)) {
          if (o.side === 'buy') quote += o.frozen * quoteScale;
          else base += o.frozen * baseScale;
        }
        const acc = state.accounts.get(id);
        expect(acc?.spot.get('USDT')?.freeze ?? 0n, `${id} USDT freeze`).toBe(quote);
        expect(acc?.spot.get('BTC')?.freeze ?? 0n, `${id} BTC freeze`).toBe(base);
        for (const a of ASSETS) expect((acc?.spot.get(a)?.available ?? 0n) >= 0n).toBe(true);
      }
      const bid = engine.book(m.name).best('buy');
      const ask = engine.book(m.name).best('sell');
      if (bid !== null && ask !== null) expect(bid < ask, `crossed at step ${i}`).toBe(true);
    }
    expect(rejected).toBeLessThan(4000);
    expect([...engine.deals.values()].flat().length).toBeGreaterThan(100);
  });
});
