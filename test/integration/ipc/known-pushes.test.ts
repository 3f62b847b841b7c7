// Pushes keep the last known state: after a push changes an account's balances or open orders, the
// stored entry holds the pushed values with the push's time, so an offline open shows them. A burst of
// pushes is one write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountView,
  CollateralView,
  EventPayload,
  KnownEntryView,
  OrderView,
  PlaceResultView,
} from '../../../main/ipc/contract.ts';
import { LastKnown } from '../../../main/services/live/last-known.ts';
import { PushedState } from '../../../main/features/live/pushed-state.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

let core: TestCore;
const { ok } = procedureCalls(() => core);
let main = '';

beforeAll(async () => {
  core = await createTestCore({ platform: scriptedDesktop().platform });
  const accounts = await ok<AccountView[]>('accounts.list');
  main = accounts.find((a) => a.label === 'Sandbox main')?.id ?? '';
}, 60_000);
afterAll(() => core.close());

/** The next `known.pushed` event of an account that names every kind asked for (kinds gathered). */
function pushedKinds(account: string, kinds: readonly string[]): Promise<number> {
  return new Promise((resolve) => {
    const seen = new Set<string>();
    const stop = core.events.subscribe((name, payload) => {
      if (name !== 'known.pushed') return;
      const p = payload as EventPayload<'known.pushed'>;
      if (p.accountId !== account) return;
      for (const k of p.kinds) seen.add(k);
      if (kinds.every((k) => seen.has(k))) {
        stop();
        resolve(p.asOfMs);
      }
    });
  });
}

async function recall<T>(kind: string, scope?: string): Promise<KnownEntryView<T> | undefined> {
  const [entry] = await ok<Array<KnownEntryView<T>>>('known.recall', {
    kind,
    accountIds: [main],
    ...(scope ? { scope } : {}),
  });
  return entry;
}

describe('pushes update the last known state', () => {
  it('a placed and a cancelled order change the stored open orders and balances, with the push time', async () => {
    // Read first: a push names only what changed, so it merges into a state already read.
    const spotBefore = await ok<Record<string, { available: string; freeze: string }>>('balances.spot', {
      accountId: main,
    });
    await ok('orders.active', { accountId: main });
    await ok('orders.active', { accountId: main, market: 'BTC_USDT' });
    for (const channel of ['balanceSpot', 'ordersPending'])
      await ok('live.subscribe', { accountId: main, channel, topic: '*' });
    await core.live.ready(main);
    expect(await ok('live.state', { accountId: main })).toBe('live');

    const stored = pushedKinds(main, ['orders.open', 'balances.spot']);
    const placed = await ok<PlaceResultView>('orders.place', {
      accountId: main,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000' },
    });
    const id = placed.order?.orderId;
    const asOfMs = await stored;

    await core.connection.sandbox?.suspend();
    // The socket has seen the exchange go (a value kept is answered at once, before it would have).
    await expect.poll(() => core.live.state(main), { timeout: 10_000 }).not.toBe('live');
    try {
      const all = await recall<OrderView[]>('orders.open');
      expect(all?.value.map((o) => o.orderId)).toContain(id);
      expect(all?.asOfMs).toBe(asOfMs);
      const btc = await recall<OrderView[]>('orders.open', 'BTC_USDT');
      expect(btc?.value.map((o) => o.orderId)).toContain(id);
      const spot = await recall<Record<string, { available: string; freeze: string }>>('balances.spot');
      expect(spot?.asOfMs).toBe(asOfMs);
      // 0.001 BTC at 30,000 holds 30 USDT more than before.
      expect(spot?.value['USDT']?.freeze).not.toBe(spotBefore['USDT']?.freeze);
      expect(spot?.value['BTC']).toEqual(spotBefore['BTC']);
    } finally {
      await core.connection.sandbox?.resume();
    }

    // The socket comes back (nothing is replayed after a disconnect), then the order goes.
    await core.live.ready(main);
    const gone = pushedKinds(main, ['orders.open']);
    await ok('orders.cancel', { accountId: main, market: 'BTC_USDT', orderId: id });
    await gone;
    expect((await recall<OrderView[]>('orders.open'))?.value.map((o) => o.orderId)).not.toContain(id);
    expect((await recall<OrderView[]>('orders.open', 'BTC_USDT'))?.value.map((o) => o.orderId)).not.toContain(
      id,
    );
  });

  it('a collateral balance push changes the stored collateral overview', async () => {
    const before = await ok<CollateralView>('positions.collateral', { accountId: main });
    await ok('live.subscribe', { accountId: main, channel: 'balanceMargin', topic: '*' });
    await core.live.ready(main);
    const stored = pushedKinds(main, ['collateral.overview']);
    await ok('wallet.transfer', {
      accountId: main,
      from: 'main',
      to: 'collateral',
      ticker: 'USDT',
      amount: '7',
    });
    const asOfMs = await stored;
    const kept = await recall<CollateralView>('collateral.overview');
    expect(kept?.asOfMs).toBe(asOfMs);
    expect(kept?.value.balances['USDT']).not.toBe(before.balances['USDT']);
    expect(kept?.value.balances['USDT']).toBe(
      (await ok<CollateralView>('positions.collateral', { accountId: main })).balances['USDT'],
    );
  });
});

describe('a burst of pushes', () => {
  it('is one write, merging every push in order', async () => {
    // `store` seeds and reads back what the cache holds (a LastKnown of its own each time: another
    // instance's values held in memory are not this one's).
    const seeded = new LastKnown(core.cache);
    const store = {
      recall: (account: string, kind: string) => new LastKnown(core.cache).recall(account, kind),
    };
    await seeded.remember('burst-a', 'balances.spot', { USDT: { available: '1', freeze: '0' } });
    await seeded.remember('burst-b', 'orders.open', []);
    let writes = 0;
    const counted = new LastKnown(core.cache);
    const rememberAll = counted.rememberAll.bind(counted);
    counted.rememberAll = (entries) => {
      writes++;
      return rememberAll(entries);
    };
    const pushed = new PushedState(counted, core.log, { windowMs: 60_000 });
    for (let i = 1; i <= 200; i++) {
      pushed.add(
        'burst-a',
        [{ channel: 'balanceSpot', balances: { USDT: { available: String(i), freeze: '0' } } }],
        false,
      );
      pushed.add(
        'burst-b',
        [
          {
            channel: 'ordersPending',
            event: i % 2 === 1 ? 'new' : 'finish',
            order: { orderId: Math.ceil(i / 2), market: 'BTC_USDT' } as OrderView,
          },
        ],
        false,
      );
    }
    await pushed.flush();
    expect(writes).toBe(1);
    expect((await store.recall('burst-a', 'balances.spot'))?.value).toEqual({
      USDT: { available: '200', freeze: '0' },
    });
    // Every order placed was finished again.
    expect((await store.recall('burst-b', 'orders.open'))?.value).toEqual([]);
    // A kind never read stays unknown: a push alone is not the whole list.
    pushed.add(
      'burst-c',
      [{ channel: 'balanceSpot', balances: { BTC: { available: '1', freeze: '0' } } }],
      false,
    );
    await pushed.flush();
    expect(await store.recall('burst-c', 'balances.spot')).toBeNull();
  });
});

describe('margin calls and liquidations pushed', () => {
  it('replace the called position in the stored positions, keeping its legs; a liquidation takes it out', async () => {
    const store = new LastKnown(core.cache);
    const long = { positionId: 1, market: 'BTC_PERP', amount: '0.01', liquidationState: null };
    const short = { positionId: 2, market: 'ETH_PERP', amount: '-1', liquidationState: null };
    const legs = [{ orderId: 9, kind: 'stopLoss' as const, activationPrice: '60000' }];
    await store.remember('margin-a', 'positions.open', [{ ...long, tpsl: legs }, short]);
    await store.remember('margin-a', 'positions.open', [{ ...long, tpsl: legs }], 'BTC_PERP');
    const pushed = new PushedState(store, core.log, { windowMs: 60_000 });
    const called = { ...long, liquidationPrice: '58000', liquidationState: 'margin_call' };
    pushed.add(
      'margin-a',
      [{ channel: 'positionsAccountMargin', event: 'marginCall', position: called }],
      false,
    );
    await pushed.flush();
    expect((await store.recall('margin-a', 'positions.open'))?.value).toEqual([
      { ...called, tpsl: legs },
      short,
    ]);
    expect((await store.recall('margin-a', 'positions.open', 'BTC_PERP'))?.value).toEqual([
      { ...called, tpsl: legs },
    ]);
    const gone = { ...short, liquidationState: 'liquidation' };
    pushed.add(
      'margin-a',
      [{ channel: 'positionsAccountMargin', event: 'liquidation', position: gone }],
      false,
    );
    await pushed.flush();
    expect((await store.recall('margin-a', 'positions.open'))?.value).toEqual([{ ...called, tpsl: legs }]);
  });
});
