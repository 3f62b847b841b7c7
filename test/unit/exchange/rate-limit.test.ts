import { describe, expect, it } from 'vitest';
import {
  endpointGroup,
  GROUP_LIMITS,
  normalizePath,
  WS_LIMITS,
  wsMethodGroup,
} from '../../../main/exchange/endpoint-groups.ts';
import { backoffDelay, RateLimits, SlotBucket } from '../../../main/exchange/rate-limit.ts';
import { FakeClock, flush } from './fake-clock.ts';
import { PendingRequests } from '../../../main/exchange/ws/requests.ts';

describe('endpointGroup', () => {
  it.each([
    ['/api/v4/order/new', 'orders', 10_000],
    ['/api/v4/order/stop_limit', 'orders', 10_000],
    ['/api/v4/order/collateral/market', 'orders', 10_000],
    ['/api/v4/collateral-account/borrow-history', 'history', 12_000],
    ['/api/v4/collateral-account/positions/history', 'history', 12_000],
    ['/api/v4/trade-account/executed-history', 'history', 12_000],
    ['/api/v4/collateral-account/leverage', 'account', 1_000],
    ['/api/v4/main-account/balance', 'account', 1_000],
    ['/api/v4/main-account/withdrawable-balance', 'account', 1_000],
    ['/api/v4/main-account/withdraw-pay', 'account', 1_000],
    ['/api/v4/main-account/codes', 'account', 1_000],
    ['/api/v4/travel-rule/vasps', 'account', 1_000],
    ['/api/v4/sub-account/transfer', 'account', 1_000],
    ['/api/v4/sub-account/balances', 'account', 1_000],
    ['/api/v4/sub-account/api-key/edit', 'account', 1_000],
    ['/api/v4/sub-account/api-key/reset', 'account', 1_000],
    ['/api/v4/mining/rewards', 'account', 1_000],
    ['/api/v4/mining/accounts', 'account', 1_000],
    ['/api/v4/mining/watcher-links/list', 'account', 1_000],
    ['/api/v4/mining/miners/info', 'account', 1_000],
    ['/api/v4/mining/hashrate', 'account', 1_000],
    ['/api/v4/mining/workers/names', 'account', 1_000],
    ['/api/v4/mining/workers/hashrate', 'account', 1_000],
    ['/api/v4/main-account/smart-flex/investments/close', 'account', 1_000],
    ['/api/v4/public/collateral/markets', 'collateralMarkets', 2_000],
    ['/api/v4/profile/websocket_token', 'websocketToken', 10],
  ])('%s draws on %s (%i)', (path, group, limit) => {
    const budget = endpointGroup(path);
    expect(budget.group).toBe(group);
    expect(budget.limit.limit).toBe(limit);
  });

  it('uses a 60 s window for the websocket token and 10 s for the rest', () => {
    expect(GROUP_LIMITS.websocketToken.windowMs).toBe(60_000);
    expect(GROUP_LIMITS.orders.windowMs).toBe(10_000);
  });

  it('ignores host, query and trailing slash', () => {
    expect(endpointGroup('https://ex.example:8443/api/v4/order/new?x=1').group).toBe('orders');
    expect(endpointGroup('/api/v4/order/new/').group).toBe('orders');
    expect(normalizePath('api/v4/orders#frag')).toBe('/api/v4/orders');
  });

  it('gives each unlisted endpoint its own conservative budget', () => {
    const cancel = endpointGroup('/api/v4/order/cancel');
    expect(cancel.group).toBe('path:/api/v4/order/cancel');
    expect(cancel.limit).toEqual({ limit: 1_000, windowMs: 10_000 });
    expect(endpointGroup('/api/v4/orders').group).not.toBe(cancel.group);
    expect(endpointGroup('/api/v4/order/newer').group).toBe('path:/api/v4/order/newer');
  });
});

describe('WebSocket budgets', () => {
  it('puts the order methods ending in _place on the placement budget, the rest on requests', () => {
    expect(wsMethodGroup('order_limit_place')).toBe('placements');
    expect(wsMethodGroup('collateral_order_tpsl_place')).toBe('placements');
    expect(wsMethodGroup('order_cancel')).toBe('requests');
    expect(wsMethodGroup('order_modify')).toBe('requests');
    expect(wsMethodGroup('ping')).toBe('requests');
  });

  it("holds a socket's placements past the budget until the window frees a slot, while other requests go", async () => {
    const clock = new FakeClock();
    const pending = new PendingRequests(clock, 60_000, () => clock.now());
    const sent: string[] = [];
    const send = (frame: string): void => void sent.push(JSON.parse(frame).method as string);
    const { limit, windowMs } = WS_LIMITS.placements;
    for (let i = 0; i < limit; i++) void pending.start('order_limit_place', [], true, send);
    expect(sent).toHaveLength(limit);
    const over = pending.start('order_limit_place', [], true, send);
    void pending.start('ping', [], false, send);
    await flush();
    expect(sent.slice(limit)).toEqual(['ping']);
    await clock.advance(windowMs - 1);
    expect(sent).toHaveLength(limit + 1);
    await clock.advance(100);
    expect(sent.slice(limit)).toEqual(['ping', 'order_limit_place']);
    expect(pending.answer(limit + 2, { status: 'ok' }, undefined)).toBe(true);
    await expect(over).resolves.toEqual({ status: 'ok' });
  });

  it('fails a request whose socket closed while it waited for a slot, without sending it', async () => {
    const clock = new FakeClock();
    const pending = new PendingRequests(clock, 60_000, () => clock.now());
    let open = true;
    let frames = 0;
    const send = (): void => {
      if (!open) throw new Error('closed');
      frames++;
    };
    for (let i = 0; i < WS_LIMITS.requests.limit; i++) void pending.start('ping', [], false, send);
    const late = pending.start('ping', [], false, send);
    open = false;
    await clock.advance(WS_LIMITS.requests.windowMs + 100);
    await expect(late).rejects.toThrow();
    expect(frames).toBe(WS_LIMITS.requests.limit);
    expect(pending.size).toBe(WS_LIMITS.requests.limit);
  });
});

describe('SlotBucket', () => {
  function bucket(limit: number, windowMs: number, clock: FakeClock): SlotBucket {
    return new SlotBucket({ limit, windowMs, clock, marginMs: 0 });
  }

  it('grants a full burst, then queues until the oldest slot comes back', async () => {
    const clock = new FakeClock();
    const b = bucket(3, 1000, clock);
    const order: string[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) void b.take().then(() => order.push(name));
    await flush();
    expect(order).toEqual(['a', 'b', 'c']);
    expect(b.waiting).toBe(2);
    await clock.advance(999);
    expect(order).toEqual(['a', 'b', 'c']);
    await clock.advance(1);
    expect(order).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(b.waiting).toBe(0);
  });

  it('serves waiters first in, first out; tryTake does not jump the queue', async () => {
    const clock = new FakeClock();
    const b = bucket(1, 100, clock);
    const order: number[] = [];
    await b.take();
    const waits = [1, 2, 3].map((n) => b.take().then(() => order.push(n)));
    expect(b.tryTake()).toBe(false);
    await clock.advance(100);
    expect(order).toEqual([1]);
    await clock.advance(200);
    await Promise.all(waits);
    expect(order).toEqual([1, 2, 3]);
  });

  it('never grants more than the limit in any window', async () => {
    const clock = new FakeClock();
    const b = bucket(10, 1000, clock);
    const grants: number[] = [];
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 200; i += 1) {
      void b.take().then(() => grants.push(clock.now()));
      await clock.advance(Math.floor(random() * 60));
    }
    await clock.advance(30_000);
    expect(grants).toHaveLength(200);
    for (let i = 10; i < grants.length; i += 1) {
      expect((grants[i] as number) - (grants[i - 10] as number)).toBeGreaterThanOrEqual(1000);
    }
  });

  it('sustains the order ceiling of 1,000 per second without ever exceeding 10,000 in 10 s', async () => {
    const clock = new FakeClock();
    const limits = new RateLimits(clock, 0);
    const key = limits.forKey('k');
    const grants: number[] = [];
    for (let second = 0; second < 20; second += 1) {
      for (let i = 0; i < 1000; i += 1)
        void key.acquire('/api/v4/order/new').then(() => grants.push(clock.now()));
      await clock.advance(1000);
    }
    await clock.advance(20_000);
    expect(grants).toHaveLength(20_000);
    for (let i = 10_000; i < grants.length; i += 1) {
      expect((grants[i] as number) - (grants[i - 10_000] as number)).toBeGreaterThanOrEqual(10_000);
    }
  });

  it('holds a stamp per slot taken, not per slot of the budget, and grows without losing the window', async () => {
    const clock = new FakeClock();
    const b = bucket(100, 1000, clock);
    for (let i = 0; i < 5; i += 1) await b.take();
    // A budget of 100 that saw 5 requests keeps a ring of 8 stamps.
    expect(b.capacity).toBe(8);
    await clock.advance(1000);
    // The ring's start is now inside it (5 stamps expired), and it grows from there.
    const grants: number[] = [];
    for (let i = 0; i < 130; i += 1) void b.take().then(() => grants.push(clock.now()));
    await flush();
    expect(grants).toHaveLength(100);
    expect(b.capacity).toBe(100);
    await clock.advance(999);
    expect(grants).toHaveLength(100);
    await clock.advance(1);
    expect(grants).toHaveLength(130);
    expect(grants.slice(100)).toEqual(new Array(30).fill(2000));
  });

  it('keeps slots out for the safety margin as well', async () => {
    const clock = new FakeClock();
    const b = new SlotBucket({ limit: 1, windowMs: 1000, clock });
    await b.take();
    let granted = false;
    void b.take().then(() => (granted = true));
    await clock.advance(1000);
    expect(granted).toBe(false);
    await clock.advance(50);
    expect(granted).toBe(true);
  });

  it('lets a waiter leave with its abort reason, and the next one takes the slot', async () => {
    const clock = new FakeClock();
    const b = bucket(1, 100, clock);
    await b.take();
    const controller = new AbortController();
    const leaving = b.take(controller.signal);
    let stayed = false;
    void b.take().then(() => (stayed = true));
    expect(b.waiting).toBe(2);
    controller.abort(new Error('user closed the ticket'));
    await expect(leaving).rejects.toThrow('user closed the ticket');
    expect(b.waiting).toBe(1);
    await clock.advance(100);
    expect(stayed).toBe(true);
    expect(b.available()).toBe(0);
  });

  it('rejects at once with an already aborted signal and takes no slot', async () => {
    const clock = new FakeClock();
    const b = bucket(1, 100, clock);
    await expect(b.take(AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(b.available()).toBe(1);
  });

  it('holds every waiter back during a pause', async () => {
    const clock = new FakeClock();
    const b = bucket(5, 100, clock);
    b.pause(2000);
    expect(b.available()).toBe(0);
    let granted = false;
    void b.take().then(() => (granted = true));
    await clock.advance(1999);
    expect(granted).toBe(false);
    await clock.advance(1);
    expect(granted).toBe(true);
  });

  it('refuses a limit below one', () => {
    expect(() => new SlotBucket({ limit: 0, windowMs: 1 })).toThrow(RangeError);
  });
});

describe('RateLimits', () => {
  it('shares one budget per key and group, and keeps keys and groups apart', async () => {
    const clock = new FakeClock();
    const limits = new RateLimits(clock, 0);
    expect(limits.forKey('a')).toBe(limits.forKey('a'));
    const a = limits.forKey('a');
    for (let i = 0; i < 1000; i += 1) await a.acquire('/api/v4/main-account/balance');
    expect(a.bucketFor('/api/v4/sub-account/transfer').tryTake()).toBe(false);
    expect(a.bucketFor('/api/v4/order/new').tryTake()).toBe(true);
    expect(limits.forKey('b').bucketFor('/api/v4/main-account/balance').tryTake()).toBe(true);
  });

  it('pauses only the group that was limited', async () => {
    const clock = new FakeClock();
    const key = new RateLimits(clock, 0).forKey('a');
    key.pause('/api/v4/order/new', 5000);
    expect(key.bucketFor('/api/v4/order/stop_limit').available()).toBe(0);
    expect(key.bucketFor('/api/v4/orders').available()).toBe(1000);
    await clock.advance(5000);
    expect(key.bucketFor('/api/v4/order/stop_limit').available()).toBe(10_000);
  });
});

describe('backoffDelay', () => {
  it('starts at 1 s whatever the jitter', () => {
    expect(backoffDelay(0, { random: () => 0 })).toBe(1000);
    expect(backoffDelay(0, { random: () => 0.999 })).toBe(1000);
  });

  it('doubles with half of it jittered, capped at 30 s', () => {
    expect(backoffDelay(1, { random: () => 0 })).toBe(1000);
    expect(backoffDelay(1, { random: () => 1 })).toBe(2000);
    expect(backoffDelay(3, { random: () => 0 })).toBe(4000);
    expect(backoffDelay(3, { random: () => 1 })).toBe(8000);
    expect(backoffDelay(3, { random: () => 0.5 })).toBe(6000);
    expect(backoffDelay(10, { random: () => 0 })).toBe(15_000);
    expect(backoffDelay(10, { random: () => 1 })).toBe(30_000);
    expect(backoffDelay(1000, { random: () => 1 })).toBe(30_000);
  });

  it('stays within 1 s to 30 s for random jitter', () => {
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const delay = backoffDelay(attempt);
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThanOrEqual(30_000);
    }
  });

  it('waits at least as long as the server asked', () => {
    expect(backoffDelay(0, { retryAfterMs: 45_000, random: () => 0 })).toBe(45_000);
    expect(backoffDelay(4, { retryAfterMs: 100, random: () => 1 })).toBe(16_000);
  });
});
