/**
 * An account's fee rates (`market/fee`: the defaults, the markets whose own rates differ, as the
 * engine charges them) and its positions' ADL ranks (`collateral-account/adl-quantile`).
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Harness } from './support.ts';

let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 53 });
});
afterAll(async () => {
  await h.sandbox.close();
});

const ok = (label: string, path: string, fields: Record<string, unknown> = {}) =>
  h.client(label).ok(path, fields);

describe('market fees', () => {
  it('gives the default rates in percent, and a market whose rate differs as the engine charges it', async () => {
    expect(await ok('sub-alpha', '/api/v4/market/fee')).toEqual({
      error: null,
      taker: '0.1',
      maker: '0.1',
      futures_taker: '0.1',
      futures_maker: '0.1',
      rpi_maker_fee_premium: null,
      futures_rpi_maker_fee_premium: null,
      custom_fee: {},
    });
    const eth = h.sandbox.control.state.markets.get('ETH_USDT');
    if (!eth) throw new Error('no ETH_USDT');
    eth.takerFee = '0.002';
    const fees = await ok('sub-alpha', '/api/v4/market/fee');
    expect(fees.custom_fee).toEqual({ ETH_USDT: { taker: '0.2', maker: '0.1' } });
    expect(fees.taker).toBe('0.1');

    const order = await ok('sub-alpha', '/api/v4/order/market', {
      market: 'ETH_USDT',
      side: 'sell',
      amount: '0.01',
    });
    const deals = (await ok('sub-alpha', '/api/v4/trade-account/order', { orderId: order.orderId }))
      .records as Array<Record<string, string>>;
    expect(deals.length).toBeGreaterThan(0);
    for (const d of deals) {
      const base = d['feeAsset'] === 'USDT' ? d['deal'] : d['amount'];
      expect(
        new Decimal(d['fee'] ?? '0')
          .div(base ?? '1')
          .times(100)
          .toFixed(),
      ).toBe(fees.custom_fee.ETH_USDT.taker);
    }
  });
});

describe('ADL quantile', () => {
  it('ranks each side the account holds, null where it holds none, and rises with the position’s profit', async () => {
    expect(await ok('sub-maker', '/api/v4/collateral-account/adl-quantile')).toEqual([]);
    await ok('sub-maker', '/api/v4/order/collateral/market', {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.01',
    });
    await ok('sub-maker', '/api/v4/order/collateral/market', {
      market: 'ETH_PERP',
      side: 'sell',
      amount: '0.1',
    });
    const opened = await ok('sub-maker', '/api/v4/collateral-account/adl-quantile');
    expect(opened).toEqual([
      { market: 'BTC_PERP', long: expect.any(Number), short: null },
      { market: 'ETH_PERP', long: null, short: expect.any(Number) },
    ]);
    const last = new Decimal(h.sandbox.control.state.lastPrices.get('BTC_PERP') ?? '0');
    h.sandbox.control.setPrice('BTC_PERP', last.times('1.5').toDecimalPlaces(1).toFixed());
    const risen = (await ok('sub-maker', '/api/v4/collateral-account/adl-quantile')) as Array<{
      long: number | null;
    }>;
    // half as much again on a long: the highest rank
    expect(risen[0]?.long).toBe(4);
    expect(risen[0]?.long).toBeGreaterThan(opened[0].long);
  });
});
