import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WritableDB } from '../../../main/cache/db.ts';
import { openWritable } from '../../../main/cache/open.ts';
import { dealTotals } from '../../../main/cache/repos/deal-totals.ts';
import { upsertDeals } from '../../../main/cache/repos/deals.ts';
import { deal, range } from './deal-factory.ts';
import { tempDirs } from './temp-dir.ts';

const dirs = tempDirs();
let db: WritableDB;

beforeEach(() => {
  db = openWritable(`${dirs.make()}/cache.sqlite`).db;
});
afterEach(() => {
  db.close();
  dirs.cleanup();
});

describe('dealTotals', () => {
  it('sums volume, value, net amounts and fees per market and fee asset, exactly', () => {
    upsertDeals(db, [
      ...range(1, 10).map((i) =>
        deal(i, { side: 'buy', amount: '0.1', deal: '0.3', fee: '0.000000000000000001' }),
      ),
      deal(11, { side: 'sell', amount: '0.2', deal: '0.7', fee: '0.1', feeAsset: 'BTC' }),
      deal(12, { market: 'ETH_USDT', side: 'sell', amount: '3', deal: '9000', fee: '9' }),
    ]);
    expect(dealTotals(db, {})).toEqual({
      deals: 12,
      markets: [
        {
          market: 'BTC_USDT',
          deals: 11,
          buyAmount: '1',
          sellAmount: '0.2',
          netAmount: '0.8',
          buyValue: '3',
          sellValue: '0.7',
          netValue: '-2.3',
          volume: '1.2',
          value: '3.7',
          fees: [
            { asset: 'BTC', amount: '0.1' },
            { asset: 'USDT', amount: '0.00000000000000001' },
          ],
        },
        {
          market: 'ETH_USDT',
          deals: 1,
          buyAmount: '0',
          sellAmount: '3',
          netAmount: '-3',
          buyValue: '0',
          sellValue: '9000',
          netValue: '9000',
          volume: '3',
          value: '9000',
          fees: [{ asset: 'USDT', amount: '9' }],
        },
      ],
      fees: [
        { asset: 'BTC', amount: '0.1' },
        { asset: 'USDT', amount: '9.00000000000000001' },
      ],
    });
  });

  it('applies the same filters as the deals view', () => {
    upsertDeals(db, [deal(1, { account: 'a' }), deal(2, { account: 'b' }), deal(4, { account: 'b' })]);
    const totals = dealTotals(db, { accounts: ['b'], side: 'buy' });
    expect(totals.deals).toBe(2);
    expect(totals.markets[0]?.buyAmount).toBe('1');
    expect(dealTotals(db, { market: 'NONE' })).toEqual({ deals: 0, markets: [], fees: [] });
  });
});
