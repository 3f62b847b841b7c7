import { describe, expect, it } from 'vitest';
import { AuthError, BusinessError, RateLimitError, ValidationError } from '../../../main/exchange/errors.ts';
import { subscribeFrames, pushTopic } from '../../../main/exchange/ws/channels.ts';
import { PushCoalescer, reconnectDelay, wsError, wsOrderRequest } from '../../../main/exchange/ws/index.ts';
import type { PushBatch, Timers } from '../../../main/exchange/ws/index.ts';

class ManualTimers implements Timers {
  readonly waiting = new Map<number, () => void>();
  /** The delay each timer was set for, in the order they were set. */
  readonly delays: number[] = [];
  private next = 1;
  setTimeout(fn: () => void, ms: number): unknown {
    this.waiting.set(this.next, fn);
    this.delays.push(ms);
    return this.next++;
  }
  clearTimeout(h: unknown): void {
    this.waiting.delete(h as number);
  }
  fire(): void {
    for (const [id, fn] of [...this.waiting]) {
      this.waiting.delete(id);
      fn();
    }
  }
}

describe('reconnectDelay', () => {
  it('doubles from the base, stays under the cap, and jitters within [cap/2, cap]', () => {
    const o = { baseMs: 500, maxMs: 30_000 };
    expect(reconnectDelay(0, o, () => 1)).toBe(500);
    expect(reconnectDelay(0, o, () => 0)).toBe(250);
    expect(reconnectDelay(3, o, () => 1)).toBe(4000);
    expect(reconnectDelay(10, o, () => 1)).toBe(30_000);
    expect(reconnectDelay(1000, o, () => 0)).toBe(15_000);
    for (let i = 0; i < 50; i++) {
      const d = reconnectDelay(i, o, Math.random);
      expect(d).toBeGreaterThanOrEqual(Math.min(30_000, 500 * 2 ** i) / 2);
      expect(d).toBeLessThanOrEqual(30_000);
    }
  });
});

const order = {
  id: 1,
  market: 'BTC_USDT',
  type: 1,
  side: 2,
  ctime: 1,
  mtime: 1,
  amount: '1',
  left: '1',
  price: '10',
  deal_stock: '0',
  deal_money: '0',
  deal_fee: '0',
  fee_asset: '',
  client_order_id: 'c-1',
  status: 'OPEN',
};

describe('PushCoalescer', () => {
  it('keeps only the newest premiumIndex per market in a window and every order event in order', () => {
    const timers = new ManualTimers();
    const batches: PushBatch[] = [];
    const c = new PushCoalescer({ sink: (b) => batches.push(b), timers, windowMs: 150 });
    for (let i = 0; i < 50; i++)
      for (const m of ['BTC_PERP', 'ETH_PERP']) c.add('premiumIndex', [m, String(i), '1', '0', 1, 1]);
    c.add('ordersPending', [1, order]);
    c.add('ordersPending', [3, order]);
    expect(batches).toHaveLength(0);
    expect(timers.waiting.size).toBe(1);
    timers.fire();
    expect(batches).toHaveLength(1);
    const [batch] = batches;
    expect(batch?.replaced).toBe(98);
    expect(
      batch?.events.map((e) =>
        e.channel === 'premiumIndex'
          ? [e.market, e.markPrice]
          : e.channel === 'ordersPending'
            ? [e.event, e.order.orderId]
            : [],
      ),
    ).toEqual([
      ['BTC_PERP', '49'],
      ['ETH_PERP', '49'],
      ['new', 1],
      ['finish', 1],
    ]);
    timers.fire();
    expect(batches).toHaveLength(1);
  });

  it('sends a push after a quiet spell at once, and holds what follows a batch to the window', () => {
    const timers = new ManualTimers();
    const batches: PushBatch[] = [];
    const c = new PushCoalescer({ sink: (b) => batches.push(b), timers, windowMs: 150 });
    const mark = (price: string) => c.add('premiumIndex', ['BTC_PERP', price, '1', '0', 1, 1]);
    // Quiet: the first push (and whatever comes in the same turn) goes on the next turn.
    mark('1');
    mark('2');
    expect(timers.delays).toEqual([0]);
    timers.fire();
    expect(batches.map((b) => b.events.length)).toEqual([1]);
    // A push right behind that batch waits for the window's end.
    mark('3');
    expect(timers.delays).toEqual([0, 150]);
    expect(timers.waiting.size).toBe(1);
    timers.fire();
    expect(batches).toHaveLength(2);
    // That batch opened another window; it ends quiet, and the next push goes at once again.
    timers.fire();
    expect(batches).toHaveLength(2);
    expect(timers.waiting.size).toBe(0);
    mark('4');
    expect(timers.delays.at(-1)).toBe(0);
    timers.fire();
    expect(
      batches.map((b) => (b.events[0]?.channel === 'premiumIndex' ? b.events[0].markPrice : '')),
    ).toEqual(['2', '3', '4']);
  });

  it('keeps every market of an all-markets premiumIndex push, newest per market', () => {
    const timers = new ManualTimers();
    const batches: PushBatch[] = [];
    const c = new PushCoalescer({ sink: (b) => batches.push(b), timers });
    for (const mark of ['1', '2'])
      c.add('premiumIndex', [
        ['BTC_PERP', mark, '1', '0', 1],
        ['ETH_PERP', mark, '1', '0', 1],
      ]);
    timers.fire();
    expect(batches[0]?.replaced).toBe(2);
    expect(
      batches[0]?.events.map((e) => (e.channel === 'premiumIndex' ? [e.market, e.markPrice] : [])),
    ).toEqual([
      ['BTC_PERP', '2'],
      ['ETH_PERP', '2'],
    ]);
  });

  it('drops a push not in its channel shape, tells of it, and keeps the rest of the window', () => {
    const timers = new ManualTimers();
    const batches: PushBatch[] = [];
    const dropped: string[] = [];
    const c = new PushCoalescer({
      sink: (b) => batches.push(b),
      timers,
      onUnreadable: (ch) => dropped.push(ch),
    });
    c.add('ordersPending', [7, order]);
    c.add('depth', { asks: [] });
    c.add('lastprice', ['BTC_USDT', '64000']);
    timers.fire();
    expect(dropped).toEqual(['ordersPending', 'depth']);
    expect(batches[0]?.events).toEqual([{ channel: 'lastprice', market: 'BTC_USDT', price: '64000' }]);
  });
});

describe('channel frames and topics', () => {
  it('builds one subscribe frame per channel (depth: one per market, later ones adding)', () => {
    expect(subscribeFrames('lastprice', ['ETH_USDT', 'BTC_USDT'])).toEqual([['BTC_USDT', 'ETH_USDT']]);
    expect(subscribeFrames('depth', ['BTC_USDT', 'ETH_USDT'])).toEqual([
      ['BTC_USDT', 100, '0'],
      ['ETH_USDT', 100, '0', true],
    ]);
    expect(subscribeFrames('deals', ['*'])).toEqual([[[]]]);
    expect(subscribeFrames('ordersExecuted', ['BTC_USDT'])).toEqual([[['BTC_USDT'], 0]]);
    expect(pushTopic('deals', [1, 2, 'BTC_USDT'])).toBe('BTC_USDT');
    expect(pushTopic('depth', [true, {}, 'ETH_USDT'])).toBe('ETH_USDT');
    expect(pushTopic('balanceSpot', [{}])).toBe('');
  });
});

describe('WebSocket errors and order requests', () => {
  it('maps protocol and order error numbers to the error families', () => {
    expect(wsError('ping', { code: 7, message: 'x' }, false)).toBeInstanceOf(RateLimitError);
    expect(wsError('balanceSpot_subscribe', { code: 6, message: 'x' }, false)).toBeInstanceOf(AuthError);
    const notFound = wsError('order_cancel', { code: 6, message: 'Order not found' }, true);
    expect(notFound).toBeInstanceOf(BusinessError);
    expect(notFound.exchangeCode).toBe(6);
    expect(wsError('order_limit_place', { code: 1, message: 'x' }, true)).toBeInstanceOf(ValidationError);
  });

  it('sends snake_case fields to the matching method', () => {
    expect(
      wsOrderRequest({
        kind: 'limit',
        market: 'BTC_USDT',
        side: 'buy',
        amount: '1',
        price: '2',
        clientOrderId: 'a',
        postOnly: true,
      }),
    ).toEqual({
      method: 'order_limit_place',
      params: {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '1',
        price: '2',
        client_order_id: 'a',
        post_only: true,
      },
    });
    expect(
      wsOrderRequest({ kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '1', bboRole: 2 }).method,
    ).toBe('order_bbo_place');
    expect(
      wsOrderRequest({
        kind: 'collateral_market',
        market: 'BTC_PERP',
        side: 'sell',
        amount: '1',
        positionSide: 'SHORT',
        stopLoss: '9',
      }),
    ).toEqual({
      method: 'collateral_order_market_place',
      params: { market: 'BTC_PERP', side: 'sell', amount: '1', position_side: 'SHORT', stop_loss: '9' },
    });
  });
});
