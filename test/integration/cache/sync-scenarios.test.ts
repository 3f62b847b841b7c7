import { describe, expect, it } from 'vitest';
import type { DealCursor, DealRecord } from '../../../main/cache/index.ts';
import { deal, useCaches } from './fixtures.ts';

const caches = useCaches();

/** A stand-in for the exchange's executed history: newest first, offset paging, limit per page. */
class History {
  readonly deals: DealRecord[] = [];
  #nextId = 1;

  add(count: number): void {
    for (let i = 0; i < count; i++) this.deals.push(deal(this.#nextId++));
  }

  page(offset: number, limit: number, since = 0): DealRecord[] {
    return [...this.deals]
      .filter((d) => d.time >= since)
      .sort((a, b) => b.time - a.time || b.id - a.id)
      .slice(offset, offset + limit);
  }
}

async function allIds(cache: Awaited<ReturnType<typeof caches.open>>, limit = 50): Promise<number[]> {
  const ids: number[] = [];
  let cursor: DealCursor | null = null;
  do {
    const page = await cache.deals.page({}, cursor, limit);
    ids.push(...page.rows.map((r) => r.id));
    cursor = page.next;
  } while (cursor);
  return ids;
}

describe('deal sync against a moving history', () => {
  it('leaves no double and no gap when new deals arrive between page fetches', async () => {
    const cache = await caches.open();
    const exchange = new History();
    exchange.add(1234);
    const limit = 100;
    const before = new Set(exchange.deals.map((d) => d.id));
    let offset = 0;
    let pages = 0;
    let doubles = 0;
    for (;;) {
      const page = exchange.page(offset, limit);
      const stored = await cache.deals.upsert(page, {
        job: 'deals:main',
        cursor: { offset: offset + page.length },
      });
      doubles += stored.duplicates;
      pages++;
      exchange.add(37); // new deals push every older one 37 places down the offset pages
      offset += page.length;
      if (page.length < limit) break;
    }
    const afterFirstRun = await allIds(cache);
    expect(new Set(afterFirstRun).size).toBe(afterFirstRun.length);
    for (const id of before) expect(afterFirstRun).toContain(id);
    expect(pages).toBeGreaterThan(12);
    expect(doubles).toBe(37 * (pages - 1)); // every page after the first overlapped the one before

    // The next run starts from the newest cached deal, with an overlap, and pages until it is done.
    const newest = (await cache.deals.newestTime('main')) ?? 0;
    for (let o = 0; ; o += limit) {
      const page = exchange.page(o, limit, newest - 5);
      const { inserted, duplicates } = await cache.deals.upsert(page);
      expect(inserted + duplicates).toBe(page.length);
      if (page.length < limit) break;
    }
    const ids = await allIds(cache, 77);
    expect(ids).toHaveLength(exchange.deals.length);
    expect(new Set(ids)).toEqual(new Set(exchange.deals.map((d) => d.id)));
  });

  it('pages through many deals sharing one timestamp across accounts without skipping or repeating', async () => {
    const cache = await caches.open();
    const same = 1_763_900_000.5;
    const rows: DealRecord[] = [];
    for (const account of ['a', 'b', 'c']) {
      for (let id = 1; id <= 150; id++) rows.push(deal(id, { account, time: same }));
    }
    await cache.deals.upsert(rows);
    for (const accounts of [undefined, ['a', 'c'], ['b']]) {
      const seen: string[] = [];
      let cursor: DealCursor | null = null;
      do {
        const page = await cache.deals.page(accounts ? { accounts } : {}, cursor, 13);
        seen.push(...page.rows.map((r) => `${r.account}:${r.id}`));
        cursor = page.next;
      } while (cursor);
      const expected = (accounts ?? ['a', 'b', 'c']).length * 150;
      expect(seen).toHaveLength(expected);
      expect(new Set(seen).size).toBe(expected);
    }
  });
});
