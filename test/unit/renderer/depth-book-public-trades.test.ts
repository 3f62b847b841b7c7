/**
 * The last trades of a market no account's socket can read: without an account, or when the
 * account's socket refuses (a refused key), they come from the exchange's public list.
 */
import { describe, expect, it } from 'vitest';
import { MarketDepth } from '../../../renderer/src/lib/managers/depth-book.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const book = { timestamp: 1, asks: [['100.2', '1']], bids: [['99.9', '2']] };

/** A bridge whose live subscriptions succeed, answering the rest from `answer`. */
function liveBridge(answer: (procedure: string) => unknown) {
  return fakeBridge((procedure) => {
    if (procedure === 'live.subscribe') return { ok: true, value: '00000000-0000-4000-8000-000000000001' };
    if (procedure === 'live.unsubscribe') return { ok: true, value: true };
    if (procedure === 'live.state') return { ok: true, value: 'live' };
    return answer(procedure);
  });
}

describe('the last trades of a book', () => {
  it("reads the exchange's public trades when no account follows the market, or its socket cannot read them", async () => {
    const publicTrades = [
      { id: 12, time: 12, price: '100.5', amount: '0.2', side: 'sell' as const },
      { id: 11, time: 11, price: '100.4', amount: '0.1', side: 'buy' as const },
    ];
    const { api, calls } = liveBridge((procedure) => {
      if (procedure === 'markets.depth') return { ok: true, value: book };
      if (procedure === 'markets.trades') return { ok: true, value: publicTrades };
      // the account's key is refused: its socket reads nothing
      return { ok: false, error: { code: 'auth_failed', message: 'The exchange refused the key.' } };
    });
    const depth = new MarketDepth(api);
    await depth.follow('', 'BTC_USDT');
    expect(depth.trades.map((t) => t.id)).toEqual([12, 11]);
    expect(calls.filter(([p]) => p === 'live.trades')).toEqual([]);

    await depth.follow(ACCOUNT, 'BTC_USDT');
    expect(calls.filter(([p]) => p === 'live.trades')).toHaveLength(1);
    expect(calls.filter(([p]) => p === 'markets.trades').map(([, i]) => i)).toEqual([
      { market: 'BTC_USDT' },
      { market: 'BTC_USDT' },
    ]);
    expect(depth.trades.map((t) => t.id)).toEqual([12, 11]);
    await depth.stop();
  });
});
