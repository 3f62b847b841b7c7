/**
 * ccxt's whitebit client, unchanged, reads a perpetual position's funding from the sandbox
 * (`fetchFundingHistory`, the exchange's `collateral-account/funding-history`): one payment per period
 * the position was held, as the exchange's own records say, in ccxt's own parsing.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whitebitOn, type Whitebit } from '../../support/ccxt.ts';
import { start, type Harness } from './support.ts';

const HOUR = 3_600_000;
let h: Harness;
let ex: Whitebit;
/** The sandbox's clock, which the test moves across funding periods (its market simulates them). */
let nowMs = Date.now() - 20 * 24 * HOUR;

beforeAll(async () => {
  h = await start({ seed: 77, now: () => nowMs, simulate: true });
  ex = whitebitOn(h.sandbox.rest, h.account('sub-alpha'));
  await ex.loadMarkets();
});
afterAll(async () => {
  await h.sandbox.close();
});

describe('ccxt reads funding against the sandbox', () => {
  it('a long held over two funding periods: two payments, each as the exchange recorded it', async () => {
    await ex.createOrder('BTC/USDT:USDT', 'market', 'buy', 0.01);
    for (const _ of [1, 2]) {
      nowMs += 8 * HOUR;
      // a signed read moves the simulated market (and its funding) up to the sandbox's clock
      await h.client('sub-alpha').ok('/api/v4/collateral-account/summary');
    }
    const raw = await h.client('sub-alpha').ok('/api/v4/collateral-account/funding-history', {
      market: 'BTC_PERP',
    });
    const records = (raw as { records: Array<Record<string, string>> }).records;
    expect(records).toHaveLength(2);

    const read = await ex.fetchFundingHistory('BTC/USDT:USDT');
    expect(read).toHaveLength(2);
    // ccxt sorts oldest first; the exchange answers newest first
    const byTime = [...records].reverse();
    read.forEach((f, i) => {
      const r = byTime[i] as Record<string, string>;
      expect(f.symbol).toBe('BTC/USDT:USDT');
      // the exchange stamps Unix seconds (as published); ccxt passes the number on as it comes
      expect(f.timestamp).toBe(Number(r['fundingTime']));
      // ccxt holds amounts as floats: equal to the exchange's decimal to a float's precision
      expect(f.amount).toBeCloseTo(new Decimal(r['fundingAmount'] ?? 'NaN').toNumber(), 12);
      // the perpetual's rate is positive: the long pays
      expect(f.amount).toBeLessThan(0);
    });
  });
});
