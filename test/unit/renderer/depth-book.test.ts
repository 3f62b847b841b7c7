import { describe, expect, it, vi } from 'vitest';
import type { LiveBatch } from '../../../main/ipc/contract.ts';
import type { DepthPush, Level } from '../../../renderer/src/lib/format/book.ts';
import {
  applyLevels,
  cumulate,
  MarketDepth,
  periodChange,
} from '../../../renderer/src/lib/managers/depth-book.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';

/** A bridge answering from `answer`, recording calls, with a hand-fired ws.batch event. */

const book: { timestamp: number; asks: Level[]; bids: Level[] } = {
  timestamp: 1,
  asks: [
    ['100.2', '1'],
    ['100.1', '0.5'],
  ],
  bids: [
    ['99.9', '2'],
    ['99.8', '0.25'],
  ],
};

/** A bridge whose live subscriptions succeed; `push` delivers a WebSocket batch to the listeners. */
function liveBridge(answer: (procedure: string, input: unknown) => unknown) {
  let subscription = 0;
  const bridge = fakeBridge((procedure, input) => {
    if (procedure === 'live.subscribe')
      return { ok: true, value: `00000000-0000-4000-8000-00000000000${String(++subscription)}` };
    if (procedure === 'live.unsubscribe') return { ok: true, value: true };
    if (procedure === 'live.state') return { ok: true, value: 'live' };
    return answer(procedure, input);
  });
  return { ...bridge, push: (batch: LiveBatch) => bridge.emit('ws.batch', batch) };
}

describe('order book sides', () => {
  it('apply diffs: a zero amount removes a level, the rest replace or add, best first', () => {
    const asks = applyLevels(
      'ask',
      [],
      [
        ['100.2', '1'],
        ['100.1', '0.5'],
      ],
    );
    expect(asks).toEqual([
      ['100.1', '0.5'],
      ['100.2', '1'],
    ]);
    expect(
      applyLevels('ask', asks, [
        ['100.10', '0'],
        ['100.3', '4'],
        ['100.2', '1.5'],
      ]),
    ).toEqual([
      ['100.2', '1.5'],
      ['100.3', '4'],
    ]);
    expect(applyLevels('bid', [['9', '1']], [['10', '1']])).toEqual([
      ['10', '1'],
      ['9', '1'],
    ]);
  });

  it('cumulate exact totals from the best price out, bars against the larger side', () => {
    const rows = cumulate(
      [
        ['99.9', '0.1'],
        ['99.8', '0.2'],
      ],
      '0.6',
    );
    expect(rows.map((r) => r.total)).toEqual(['0.1', '0.3']);
    expect(rows.map((r) => r.share)).toEqual([0.166666, 0.5]);
  });
});

describe("a market's day (the market channel)", () => {
  const day = {
    market: 'BTC_USDT',
    period: 86_400,
    last: '101.5',
    open: '100',
    close: '101.5',
    high: '103',
    low: '98.25',
    volume: '12.5',
    deal: '1262.5',
  };

  it('is kept as its shaped view for its market only, and cleared on a change of market', async () => {
    const { api, push } = liveBridge((procedure) =>
      procedure === 'markets.depth'
        ? { ok: true, value: book }
        : { ok: false, error: { code: 'x', message: 'x' } },
    );
    const depth = new MarketDepth(api);
    await depth.follow(ACCOUNT, 'BTC_USDT');
    expect(depth.stats).toBeUndefined();
    push({
      accountId: ACCOUNT,
      replaced: 0,
      events: [
        { channel: 'market', ...day },
        { channel: 'market', ...day, market: 'ETH_USDT', last: '1' },
      ],
    });
    expect(depth.stats).toEqual(day);
    await depth.follow(ACCOUNT, 'ETH_USDT');
    expect(depth.stats).toBeUndefined();
    await depth.stop();
  });

  it('changes by the amount and percent from the open, exactly, the percent cut to 2 places', () => {
    expect(periodChange(day)).toEqual({ amount: '1.5', percent: '1.5' });
    expect(periodChange({ ...day, last: '99.999' })).toEqual({ amount: '-0.001', percent: '0' });
    expect(periodChange({ ...day, last: '66.6666', open: '100' })).toEqual({
      amount: '-33.3334',
      percent: '-33.33',
    });
    expect(periodChange({ ...day, open: '0' }).percent).toBeUndefined();
  });
});

describe('MarketDepth', () => {
  it('shows the snapshot, then live diffs and trades of its market only, and unsubscribes when it moves on', async () => {
    const { api, calls, push, listening } = liveBridge((procedure) =>
      procedure === 'markets.depth'
        ? { ok: true, value: book }
        : { ok: false, error: { code: 'x', message: 'x' } },
    );
    const depth = new MarketDepth(api);
    await depth.follow(ACCOUNT, 'BTC_USDT');
    expect(calls.filter(([p]) => p === 'live.subscribe').map(([, i]) => i)).toEqual([
      { accountId: ACCOUNT, channel: 'depth', topic: 'BTC_USDT' },
      { accountId: ACCOUNT, channel: 'trades', topic: 'BTC_USDT' },
      { accountId: ACCOUNT, channel: 'market', topic: 'BTC_USDT' },
    ]);
    expect(depth.live).toBe(true);
    expect(depth.bestAsk).toBe('100.1');
    expect(depth.bestBid).toBe('99.9');
    expect(depth.spread).toBe('0.2');
    expect(depth.mid).toBe('100');
    expect(depth.reference).toBe('100');
    expect(depth.ladder.bids.map((r) => r.total)).toEqual(['2', '2.25']);

    push({
      accountId: ACCOUNT,
      replaced: 0,
      events: [
        { channel: 'depth', market: 'BTC_USDT', full: false, asks: [['100.1', '0']], bids: [] },
        { channel: 'depth', market: 'ETH_USDT', full: false, asks: [['1', '0']], bids: [['1', '1']] },
        {
          channel: 'trades',
          market: 'BTC_USDT',
          trades: [{ id: 7, time: 10, price: '100.05', amount: '0.1', side: 'sell' }],
        },
      ],
    });
    push({
      accountId: 'someone-else',
      replaced: 0,
      events: [{ channel: 'depth', market: 'BTC_USDT', full: true, asks: book.asks, bids: book.bids }],
    });
    expect(depth.bestAsk).toBe('100.2');
    expect(depth.bids).toHaveLength(2);
    expect(depth.trades).toEqual([{ id: 7, time: 10, price: '100.05', amount: '0.1', side: 'sell' }]);
    expect(depth.reference).toBe('100.05');

    await depth.follow(ACCOUNT, 'ETH_USDT');
    await vi.waitFor(() => expect(calls.filter(([p]) => p === 'live.unsubscribe')).toHaveLength(3));
    expect(listening()).toBe(true);
    expect(depth.trades).toEqual([]);
    await depth.stop();
    expect(listening()).toBe(false);
    expect(calls.filter(([p]) => p === 'live.unsubscribe')).toHaveLength(6);
  });

  it("starts with the market's latest trades read, then keeps each trade once, newest first; a read for a market left is not shown", async () => {
    const trade = (id: number, price = '100') => ({
      id,
      time: id,
      price,
      amount: '0.1',
      side: 'buy' as const,
    });
    const reads: Array<{ market: string; answer: (value: unknown) => void }> = [];
    const { api, calls, push, emit } = liveBridge((procedure, input) => {
      if (procedure === 'markets.depth') return { ok: true, value: book };
      if (procedure === 'live.trades')
        return new Promise((answer) => reads.push({ market: (input as { market: string }).market, answer }));
      return { ok: false, error: { code: 'x', message: 'x' } };
    });
    const depth = new MarketDepth(api);
    const following = depth.follow(ACCOUNT, 'BTC_USDT');
    await vi.waitFor(() =>
      expect(calls.filter(([p]) => p === 'live.trades').map(([, i]) => i)).toEqual([
        { accountId: ACCOUNT, market: 'BTC_USDT' },
      ]),
    );
    // a push comes before the read's answer, one of its trades in both
    const pushed = (trades: ReturnType<typeof trade>[], market = 'BTC_USDT') =>
      push({ accountId: ACCOUNT, replaced: 0, events: [{ channel: 'trades', market, trades }] });
    pushed([trade(6), trade(5)]);
    reads[0]?.answer({ ok: true, value: [trade(5), trade(4), trade(3)] });
    await following;
    expect(depth.trades.map((t) => t.id)).toEqual([6, 5, 4, 3]);
    expect(depth.reference).toBe('100');

    // back after a drop: the trades missed meanwhile are read again
    emit('ws.state', { accountId: ACCOUNT, state: 'connecting' });
    emit('ws.state', { accountId: ACCOUNT, state: 'live' });
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1]?.answer({ ok: true, value: [trade(8, '101'), trade(7), trade(6)] });
    await vi.waitFor(() => expect(depth.trades.map((t) => t.id)).toEqual([8, 7, 6, 5, 4, 3]));
    expect(depth.reference).toBe('101');

    // another market while a read of this one is out: its late answer is not shown
    emit('ws.state', { accountId: ACCOUNT, state: 'connecting' });
    emit('ws.state', { accountId: ACCOUNT, state: 'live' });
    await vi.waitFor(() => expect(reads.map((r) => r.market)).toEqual(['BTC_USDT', 'BTC_USDT', 'BTC_USDT']));
    const switched = depth.follow(ACCOUNT, 'ETH_USDT');
    await vi.waitFor(() => expect(reads.map((r) => r.market)).toContain('ETH_USDT'));
    reads[2]?.answer({ ok: true, value: [trade(9)] });
    reads.find((r) => r.market === 'ETH_USDT')?.answer({ ok: true, value: [trade(2, '3000')] });
    await switched;
    expect(depth.trades.map((t) => t.id)).toEqual([2]);
    await depth.stop();
  });

  it('reads the snapshot again when a diff goes missing, and never applies the diff after the gap', async () => {
    const { api, calls, push } = liveBridge((procedure) =>
      procedure === 'markets.depth'
        ? { ok: true, value: book }
        : { ok: false, error: { code: 'x', message: 'x' } },
    );
    const depth = new MarketDepth(api);
    await depth.follow(ACCOUNT, 'BTC_USDT');
    const depthPushOf = (full: boolean, body: Partial<DepthPush>) => ({
      accountId: ACCOUNT,
      replaced: 0,
      events: [{ channel: 'depth' as const, market: 'BTC_USDT', full, asks: [], bids: [], ...body }],
    });
    push(depthPushOf(true, { asks: [['101', '1']], bids: [['99', '1']], updateId: 10 }));
    push(depthPushOf(false, { asks: [['101.5', '2']], pastUpdateId: 10, updateId: 11 }));
    expect(depth.asks).toEqual([
      ['101', '1'],
      ['101.5', '2'],
    ]);
    // 12 never came: 13 follows it. The book asks for a snapshot instead of showing a wrong one.
    push(depthPushOf(false, { asks: [['100.5', '3']], pastUpdateId: 12, updateId: 13 }));
    expect(depth.asks.map(([p]) => p)).not.toContain('100.5');
    expect(depth.live).toBe(false);
    await vi.waitFor(() => expect(depth.live).toBe(true));
    expect(depth.resyncs).toBe(1);
    expect(calls.filter(([p]) => p === 'markets.depth')).toHaveLength(2);
    expect(depth.bestAsk).toBe('100.1');
    // The next diff is taken as the new start.
    push(depthPushOf(false, { asks: [['100.1', '0']], pastUpdateId: 20, updateId: 21 }));
    expect(depth.bestAsk).toBe('100.2');
    await depth.stop();
  });

  it('says live only while its socket is live and the book in sync; stale since the drop until read again', async () => {
    const { api, calls, emit } = liveBridge((procedure) =>
      procedure === 'markets.depth'
        ? { ok: true, value: book }
        : { ok: false, error: { code: 'x', message: 'x' } },
    );
    const depth = new MarketDepth(api);
    await depth.follow(ACCOUNT, 'BTC_USDT');
    expect(depth.live).toBe(true);
    expect(depth.staleSinceMs).toBeNull();

    const before = Date.now();
    emit('ws.state', { accountId: ACCOUNT, state: 'connecting' });
    expect(depth.live).toBe(false);
    expect(depth.inSync).toBe(false);
    expect(depth.staleSinceMs).toBeGreaterThanOrEqual(before);
    // Another account's socket says nothing about this book.
    emit('ws.state', { accountId: '00000000-0000-4000-8000-000000000099', state: 'live' });
    expect(depth.live).toBe(false);

    // Back: the changes missed meanwhile are not replayed, so the book is read again before it is live.
    emit('ws.state', { accountId: ACCOUNT, state: 'live' });
    expect(depth.live).toBe(false);
    await vi.waitFor(() => expect(depth.live).toBe(true));
    expect(calls.filter(([p]) => p === 'markets.depth')).toHaveLength(2);
    expect(depth.staleSinceMs).toBeNull();
    await depth.stop();
  });

  it('keeps a full book from the WebSocket over an older snapshot read meanwhile', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { api, calls, push } = liveBridge((procedure) =>
      procedure === 'markets.depth'
        ? new Promise((resolve) => (answer = resolve))
        : { ok: false, error: { code: 'x', message: 'x' } },
    );
    const depth = new MarketDepth(api);
    const following = depth.follow(ACCOUNT, 'BTC_USDT');
    // the snapshot's read is out: the push comes while it is read
    await vi.waitFor(() => expect(calls.map(([p]) => p)).toContain('markets.depth'));
    push({
      accountId: ACCOUNT,
      replaced: 0,
      events: [
        { channel: 'depth', market: 'BTC_USDT', full: true, asks: [['105', '1']], bids: [], updateId: 1 },
      ],
    });
    answer({ ok: true, value: book });
    await following;
    expect(depth.asks).toEqual([['105', '1']]);
    await depth.stop();
  });

  it('keeps the error of a snapshot it could not read, for a Retry', async () => {
    const { api } = liveBridge(() => ({
      ok: false,
      error: { code: 'network', message: 'The exchange did not answer.' },
    }));
    // No account: no socket, so never live.
    const depth = new MarketDepth(api);
    await depth.follow('', 'BTC_USDT');
    expect(depth.live).toBe(false);
    expect(depth.error?.message).toBe('The exchange did not answer.');
  });
});
