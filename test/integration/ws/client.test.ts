import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  activeOrders,
  executedDealsByMarket,
  limitOrder,
  tradeBalance,
} from '../../../main/exchange/endpoints/trading.ts';
import { BusinessError, ValidationError } from '../../../main/exchange/errors.ts';
import { WS, type WsMethod } from '../../../main/exchange/registry/index.ts';
import type { OrderView } from '../../../main/views/orders.ts';
import { PushCoalescer, placeOrderWs } from '../../../main/exchange/ws/index.ts';
import { AccountMirror } from '../../support/account-mirror.ts';
import { applyLevels, followsLast, type Level } from '../../../renderer/src/lib/format/book.ts';
import { livePush } from '../../../main/exchange/ws/views.ts';
import type { ChannelParams, PushBatch } from '../../../main/exchange/ws/index.ts';
import type { MarketRules } from '../../../main/rules/index.ts';
import { HeldTimers, startClientHarness } from './client-support.ts';
import type { ClientHarness } from './client-support.ts';

let h: ClientHarness;
beforeAll(async () => {
  h = await startClientHarness();
});
afterAll(async () => {
  await h.close();
});

const BTC_RULES: MarketRules = {
  name: 'BTC_USDT',
  stockPrec: 6,
  moneyPrec: 2,
  minAmount: '0.0001',
  minTotal: '5',
  maxTotal: '0',
  tickSize: '0.1',
  stepSize: '0.0001',
};

describe('WsClient', () => {
  it('authorizes with a fresh token and fans one server subscription out to many listeners', async () => {
    const { client, states } = h.client('main');
    client.start();
    await client.live();
    expect(states).toEqual(['connecting', 'authorizing', 'reconciling', 'live']);
    const a: Array<ChannelParams['lastprice']> = [];
    const b: Array<ChannelParams['lastprice']> = [];
    const all: Array<ChannelParams['lastprice']> = [];
    const offA = client.subscribe('lastprice', 'BTC_USDT', (p) => a.push(p));
    client.subscribe('lastprice', 'BTC_USDT', (p) => b.push(p));
    client.subscribe('lastprice', 'ETH_USDT', (p) => all.push(p));
    expect(client.subscriptionCount()).toEqual({ channels: 1, listeners: 3 });
    await until(() => h.ws.subscriptions().some((s) => s['lastprice'] === 2));
    expect(h.ws.subscriptions()).toEqual([{ lastprice: 2 }]);
    await new Promise<void>((resolve) => {
      const check = (): void =>
        a.length > 0 && b.length > 0 && all.length > 0 ? resolve() : void setTimeout(check, 5);
      check();
    });
    expect(a[0]).toEqual(['BTC_USDT', '64250.5']);
    expect(b).toEqual(a);
    expect(all[0]?.[0]).toBe('ETH_USDT');
    offA();
    expect(client.subscriptionCount()).toEqual({ channels: 1, listeners: 2 });
    client.stop();
  });

  it("answers a public request once the socket is open, while the account's reconciliation still runs", async () => {
    const { client, states } = h.client('main');
    let release: () => void = () => undefined;
    const reconciled = new Promise<void>((resolve) => (release = resolve));
    client.addReconciler(() => reconciled);
    client.start();
    await client.opened();
    const to = Math.floor(Date.now() / 1000);
    const rows = await client.request<unknown[]>('candles_request', ['BTC_USDT', to - 3600, to, 60]);
    expect(Array.isArray(rows)).toBe(true);
    // The account's own state is not live yet: its REST snapshot is still being read.
    expect(client.state).not.toBe('live');
    release();
    await client.live();
    expect(states).toEqual(['connecting', 'authorizing', 'reconciling', 'live']);
    client.stop();
  });

  it('places orders over the WebSocket after the same pre-trade checks as REST', async () => {
    const { client } = h.client('sub-alpha');
    client.start();
    await client.live();
    const bad = placeOrderWs(
      client,
      { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.00005', price: '60000' },
      BTC_RULES,
    );
    await expect(bad).rejects.toBeInstanceOf(ValidationError);
    const answer = await placeOrderWs(
      client,
      {
        kind: 'limit',
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.001',
        price: '60000',
        clientOrderId: 'ws-c1',
      },
      BTC_RULES,
    );
    // the exchange's numbers (side 2 buy, type 1 limit), read as the REST words by the method's schema
    expect(answer).not.toHaveProperty('take_profit');
    const o = answer as OrderView;
    expect(o).toMatchObject({
      market: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      price: '60000',
      clientOrderId: 'ws-c1',
      status: 'NEW',
    });
    const rest = await activeOrders(h.caller('sub-alpha'), { market: 'BTC_USDT' });
    expect(rest.map((x) => x.orderId)).toContain(o.orderId);
    const broke = placeOrderWs(
      client,
      { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '10', price: '60000' },
      BTC_RULES,
    );
    await expect(broke).rejects.toBeInstanceOf(BusinessError);
    await expect(broke).rejects.toMatchObject({ exchangeCode: 10 });
    client.stop();
  });

  it('after a dropped connection it re-authorizes, reconciles by REST and resubscribes: nothing done while down is lost', async () => {
    const timers = new HeldTimers();
    const { client, states } = h.client('main', { timers, random: () => 0.5 });
    const mirror = new AccountMirror(h.caller('main'));
    mirror.attach(client);
    const batches: PushBatch[] = [];
    const coalescer = new PushCoalescer({ sink: (b) => batches.push(b), timers: new HeldTimers() });
    client.subscribe('ordersPending', '*', (p) => coalescer.add('ordersPending', p));
    client.start();
    await client.live();
    expect(mirror.reconciliations).toBe(1);
    const before = mirror.orders.size;

    // a live push reaches the mirror
    const live = await limitOrder(h.caller('main'), {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '64250',
    });
    await until(() => mirror.orders.has(live.orderId));
    expect(mirror.orders.size).toBe(before + 1);

    expect(h.ws.dropAll()).toBeGreaterThan(0);
    await until(() => client.state === 'connecting' && timers.waiting.size > 0);
    // while down: a new order, a fill of the live one (a deal) and balances move
    const missed = await limitOrder(h.caller('main'), {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.002',
      price: '60000',
      clientOrderId: 'while-down',
    });
    const fill = await limitOrder(h.caller('sub-maker'), {
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.001',
      price: '64250',
    });
    expect(fill.dealStock).toBe('0.001');
    expect(mirror.orders.has(missed.orderId)).toBe(false);

    h.advance(7000);
    expect(timers.release()).toBe(1);
    await client.live();
    expect(states.filter((s) => s === 'authorizing')).toHaveLength(2);
    expect(mirror.reconciliations).toBe(2);
    expect(client.connects).toBe(2);

    const c = h.caller('main');
    const restOrders = await activeOrders(c, { limit: 100 });
    expect([...mirror.orders.keys()].sort()).toEqual(restOrders.map((o) => o.orderId).sort());
    expect(mirror.orders.get(missed.orderId)).toMatchObject({ clientOrderId: 'while-down', left: '0.002' });
    expect(mirror.orders.has(live.orderId)).toBe(false);
    const balances = await tradeBalance(c);
    for (const [t, b] of Object.entries(balances))
      expect(mirror.balances.get(t), t).toEqual({ available: b.available, freeze: b.freeze });
    const deals = Object.values(await executedDealsByMarket(c)).flat();
    expect([...mirror.deals.keys()].sort()).toEqual(deals.map((d) => d.id).sort());
    expect(deals.some((d) => d.orderId === live.orderId)).toBe(true);

    // resubscribed: pushes flow again
    const after = await limitOrder(c, { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '60500' });
    await until(() => mirror.orders.has(after.orderId));
    coalescer.flush();
    const pending = batches
      .flatMap((b) => b.events)
      .flatMap((e) => (e.channel === 'ordersPending' ? [e.order.orderId] : []));
    expect(pending).toContain(after.orderId);
    client.stop();
  });
});

/** Waits until `test` holds, with a deadline, so a failure says what never came. */
async function until(test: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(test()).toBe(true), { timeout: 10_000, interval: 5 });
}

describe('WsClient keeps the connection and its subscriptions tidy', () => {
  it('pings often enough that the server idle timeout never closes it', async () => {
    const k = await startClientHarness({}, { idleMs: 150 });
    const { client } = k.client('main', { pingMs: 30 });
    client.start();
    await client.live();
    // Count the answered pings: twelve of them span more than twice the server's idle timeout.
    let pongs = 0;
    const call = client.call.bind(client);
    client.call = (async (m: WsMethod, params: unknown) => {
      const answer = await call(m, params);
      if (m === WS.ping) pongs += 1;
      return answer;
    }) as typeof client.call;
    await until(() => pongs >= 12);
    expect(client.state).toBe('live');
    expect(client.connects).toBe(1);
    expect(k.ws.connections).toBe(1);
    await k.close();
  });

  it('the last listener leaving unsubscribes the channel on the server', async () => {
    const { client } = h.client('sub-maker');
    client.start();
    await client.live();
    const seen: unknown[] = [];
    const off = client.subscribe('ordersPending', '*', (p) => seen.push(p));
    const c = h.caller('sub-maker');
    const o = await limitOrder(c, { market: 'ETH_USDT', side: 'buy', amount: '0.01', price: '3000' });
    await until(() => seen.length > 0);
    expect(h.ws.subscriptions()).toEqual([{ ordersPending: 0 }]);
    off();
    expect(client.subscriptionCount()).toEqual({ channels: 0, listeners: 0 });
    await until(() => h.ws.subscriptions()[0]?.['ordersPending'] === undefined);
    // a raw listener sees what the server still sends: nothing for this channel
    const raw: unknown[] = [];
    client.subscribe('lastprice', 'ETH_USDT', (p) => raw.push(p));
    await until(() => raw.length > 0);
    await limitOrder(c, { market: 'ETH_USDT', side: 'buy', amount: '0.01', price: '3001' });
    h.ws.flush();
    await client.request('ping');
    expect(seen).toHaveLength(1);
    expect((seen[0] as [number, { id: number }])[1].id).toBe(o.orderId);
    client.stop();
  });
});

describe('depth through the client', () => {
  it("the screen's book fed by the snapshot and numbered diffs equals the server book after trading", async () => {
    const { client } = h.client('sub-alpha');
    client.start();
    await client.live();
    const book = { asks: [] as Level[], bids: [] as Level[], last: undefined as number | undefined };
    let updates = 0;
    client.subscribe('depth', 'ETH_USDT', (p) => {
      const push = livePush('depth', p);
      if (push?.channel !== 'depth') throw new Error('not a depth push');
      expect(push.full || followsLast(push, book.last)).toBe(true);
      book.asks = applyLevels('ask', push.full ? [] : book.asks, push.asks);
      book.bids = applyLevels('bid', push.full ? [] : book.bids, push.bids);
      book.last = push.updateId ?? book.last;
      updates++;
    });
    await until(() => book.last !== undefined);
    const c = h.caller('sub-alpha');
    const m = h.caller('sub-maker');
    for (let i = 0; i < 10; i++) {
      await limitOrder(c, { market: 'ETH_USDT', side: 'buy', amount: '0.01', price: String(3140 + i) });
      await limitOrder(m, {
        market: 'ETH_USDT',
        side: i % 2 ? 'sell' : 'buy',
        amount: '0.02',
        price: String(3148 - i),
      });
    }
    h.ws.flush();
    await client.request('ping');
    expect(updates).toBeGreaterThan(1);
    const server = await client.request<{ asks: string[][]; bids: string[][] }>('depth_request', [
      'ETH_USDT',
      100,
      '0',
    ]);
    expect({ asks: book.asks, bids: book.bids }).toEqual({ asks: server.asks, bids: server.bids });
    client.stop();
  });
});

describe('reconnect backoff', () => {
  it('while authorize keeps failing it waits longer each time, capped; once the key works again it goes live', async () => {
    const timers = new HeldTimers();
    const errors: unknown[] = [];
    const { client } = h.client('sub-restricted', {
      timers,
      random: () => 1,
      backoff: { baseMs: 100, maxMs: 1000 },
      onError: (e) => errors.push(e),
    });
    const key = h.sandbox.accounts.find((a) => a.label === 'sub-restricted')?.apiKey as string;
    h.sandbox.control.setKeyEnabled(key, false);
    client.start();
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      // each failed session closes the socket and schedules the next attempt
      await until(() => [...timers.waiting.values()].some((t) => t.ms >= 100 && t.ms <= 1000));
      const [id, t] = [...timers.waiting].find(([, w]) => w.ms >= 100 && w.ms <= 1000) as [
        number,
        { fn: () => void; ms: number },
      ];
      delays.push(t.ms);
      timers.waiting.delete(id);
      if (i === 5) h.sandbox.control.setKeyEnabled(key, true);
      t.fn();
    }
    expect(delays).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(errors.length).toBeGreaterThanOrEqual(6);
    await client.live();
    expect(client.connects).toBe(1);
    client.stop();
  });
});

describe('listener failures', () => {
  it('a throwing listener is reported and the other listeners still get the push', async () => {
    const errors: unknown[] = [];
    const { client } = h.client('main', { onError: (e) => errors.push(e) });
    client.start();
    await client.live();
    const got: unknown[] = [];
    client.subscribe('lastprice', 'LTC_USDT', () => {
      throw new Error('view broke');
    });
    client.subscribe('lastprice', 'LTC_USDT', (p) => got.push(p));
    await until(() => got.length > 0);
    expect(errors.some((e) => e instanceof Error && e.message === 'view broke')).toBe(true);
    expect(client.state).toBe('live');
    client.stop();
  });
});
