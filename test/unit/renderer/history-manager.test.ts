import { describe, expect, it } from 'vitest';
import type { CachedDealView, SyncStateView } from '../../../main/ipc/contract.ts';
import { createBridge } from '../../../preload/bridge.ts';
import { ageInWords, cacheAge, HistoryManager } from '../../../renderer/src/lib/managers/history.svelte.ts';
import { historyColumns } from '../../../renderer/src/views/grid-columns.ts';

const A = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const B = '6e2d2f1f-9b5c-4d66-8b5f-4c2f3e0d8b21';

const deal = (id: number): CachedDealView => ({
  id,
  clientOrderId: `c${id}`,
  time: 1_700_000_000 - id,
  side: 'buy',
  role: 'taker',
  amount: '1',
  price: '2',
  deal: '2',
  fee: '0',
  orderId: id,
  account: A,
  market: 'ETH_USDT',
  feeAsset: 'USDT',
});

describe('cacheAge', () => {
  const now = 1_700_000_000_000;
  const state = (account: string, syncedUntil: number | null): SyncStateView => ({
    account,
    phase: syncedUntil === null ? 'never' : 'idle',
    syncedUntil,
    running: false,
  });

  it('says when nothing was synced, and otherwise the oldest complete point and its age', () => {
    expect(cacheAge([state(A, null)], now)).toContain('Never synced');
    expect(cacheAge([state(A, now / 1000 - 7200), state(B, now / 1000 - 60)], now, 'UTC')).toBe(
      'Cached history complete up to 2023-11-14 20:13:20 UTC (2 h ago).',
    );
    expect(cacheAge([state(A, now / 1000), state(B, null)], now)).toContain('1 of 2 accounts never synced');
  });

  it('puts ages in words', () => {
    expect(ageInWords(5_000)).toBe('just now');
    expect(ageInWords(5 * 60_000)).toBe('5 min ago');
    expect(ageInWords(3 * 86_400_000)).toBe('3 days ago');
  });
});

describe('HistoryManager', () => {
  it('loads pages with the keyset cursor, and a filter change starts again from the newest', async () => {
    const calls: Array<[string, unknown]> = [];
    const all = Array.from({ length: 5 }, (_, i) => deal(i + 1));
    const api = createBridge({
      invoke: async (procedure, input) => {
        calls.push([procedure, input]);
        if (procedure === 'history.deals') {
          const { cursor } = input as { cursor?: { id: number } };
          const start = cursor ? all.findIndex((d) => d.id === cursor.id) + 1 : 0;
          const rows = all.slice(start, start + 2);
          const last = rows.at(-1);
          const next =
            start + 2 < all.length && last ? { timeUs: last.time * 1e6, id: last.id, account: A } : null;
          return { ok: true, value: { rows, next, archiveSince: 0 } };
        }
        if (procedure === 'history.totals') return { ok: true, value: { deals: 5, markets: [], fees: [] } };
        if (procedure === 'sync.status') return { ok: true, value: [] };
        if (procedure === 'accounts.list') return { ok: true, value: [] };
        return { ok: false, error: { code: 'internal', message: 'no answer' } };
      },
      listen: () => () => undefined,
    });
    const history = new HistoryManager(api, 2);
    await history.init();
    expect(history.rows.map((d) => d.id)).toEqual([1, 2]);
    await history.loadMore();
    await history.loadMore();
    expect(history.rows.map((d) => d.id)).toEqual([1, 2, 3, 4, 5]);
    expect(history.next).toBeNull();
    await history.loadMore();
    expect(calls.filter((c) => c[0] === 'history.deals')).toHaveLength(3);

    history.account = A;
    history.market = 'eth_usdt';
    await history.reload();
    const last = calls.filter((c) => c[0] === 'history.deals').at(-1)?.[1];
    expect(last).toEqual({ filter: { accounts: [A], market: 'ETH_USDT' }, limit: 2 });
    expect(history.rows.map((d) => d.id)).toEqual([1, 2]);
  });
});

describe('the deals only the archive holds', () => {
  it('marks each deal older than the six months the exchange serves, as main says where that is', async () => {
    const rows = [deal(1), deal(2), deal(3)];
    const since = rows[1]?.time ?? 0;
    const api = createBridge({
      invoke: async (procedure) => {
        if (procedure === 'history.deals')
          return { ok: true, value: { rows, next: null, archiveSince: since } };
        if (procedure === 'history.totals') return { ok: true, value: { deals: 3, markets: [], fees: [] } };
        if (procedure === 'sync.status') return { ok: true, value: [] };
        if (procedure === 'accounts.list') return { ok: true, value: [] };
        return { ok: false, error: { code: 'internal', message: 'no answer' } };
      },
      listen: () => () => undefined,
    });
    const history = new HistoryManager(api);
    expect(history.archiveOnlyCount).toBe(0);
    await history.init();
    expect(history.rows.map((d) => history.archiveOnly(d))).toEqual(rows.map((d) => d.time < since));
    expect(history.archiveOnlyCount).toBe(rows.filter((d) => d.time < since).length);
    const kept = historyColumns(
      () => '',
      (d) => history.archiveOnly(d),
    ).find((c) => c.id === 'kept');
    expect(rows.map((d) => (kept?.kind === 'text' ? kept.value(d) : ''))).toEqual(
      rows.map((d) => (d.time < since ? 'archive only' : 'exchange')),
    );
  });
});
