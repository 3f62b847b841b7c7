import { describe, expect, it } from 'vitest';
import { DepthBook } from '../../../main/exchange/ws/index.ts';

describe('DepthBook', () => {
  it('starts from a snapshot, applies diffs, drops zero levels and sorts best first', () => {
    const b = new DepthBook('BTC_USDT');
    expect(b.apply([false, { timestamp: 1, asks: [], bids: [] }, 'BTC_USDT'])).toBe(false);
    b.apply([
      true,
      {
        timestamp: 1,
        asks: [
          ['101', '1'],
          ['100.5', '2'],
        ],
        bids: [
          ['99', '1'],
          ['99.5', '3'],
        ],
        update_id: 1,
      },
      'BTC_USDT',
    ]);
    expect(
      b.apply([
        false,
        {
          timestamp: 2,
          asks: [
            ['100.5', '0'],
            ['102', '4'],
          ],
          bids: [['99.7', '1']],
          update_id: 2,
          past_update_id: 1,
        },
        'BTC_USDT',
      ]),
    ).toBe(true);
    expect(b.top()).toEqual({
      asks: [
        ['101', '1'],
        ['102', '4'],
      ],
      bids: [
        ['99.7', '1'],
        ['99.5', '3'],
        ['99', '1'],
      ],
    });
    expect(b.top(1).bids).toEqual([['99.7', '1']]);
  });

  it('notices a missed diff and waits for a new snapshot', () => {
    const b = new DepthBook('ETH_USDT');
    b.apply([true, { timestamp: 1, asks: [['10', '1']], bids: [], update_id: 5 }, 'ETH_USDT']);
    expect(
      b.apply([
        false,
        { timestamp: 2, asks: [['11', '1']], bids: [], update_id: 8, past_update_id: 7 },
        'ETH_USDT',
      ]),
    ).toBe(false);
    expect(b.synced).toBe(false);
    b.apply([true, { timestamp: 3, asks: [['12', '1']], bids: [], update_id: 9 }, 'ETH_USDT']);
    expect(b.synced).toBe(true);
    expect(b.top().asks).toEqual([['12', '1']]);
  });
});
