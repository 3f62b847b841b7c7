// The writer's group of deal pages (deal-group.ts) on a real file, watched from a second connection
// the way a read worker sees it.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  commitDealGroup,
  GROUP_MS,
  GROUP_ROWS,
  GroupLostError,
  storeDealPage,
} from '../../../main/cache/deal-group.ts';
import { pageDeals } from '../../../main/cache/repos/deals.ts';
import { deal, range } from './deal-factory.ts';
import { useWritableDb } from './writable-db.ts';

const db = useWritableDb();

/** Deals another connection sees (committed ones only). */
function seenOutside(): number {
  const reader = new Database(join(db.dir(), 'cache.sqlite'), { readonly: true });
  try {
    return (reader.prepare('SELECT count(*) AS n FROM deals').get() as { n: number }).n;
  } finally {
    reader.close();
  }
}

describe('groups of deal pages', () => {
  // The group's time limit runs on a fake clock: the test moves it exactly past the limit.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('answers a page at once and commits the group at its time limit', () => {
    expect(
      storeDealPage(
        db.get(),
        range(1, 300).map((i) => deal(i)),
        undefined,
      ),
    ).toEqual({
      inserted: 300,
      duplicates: 0,
    });
    storeDealPage(
      db.get(),
      range(301, 400).map((i) => deal(i)),
      { job: 'deals:main', cursor: 400 },
    );
    expect(seenOutside()).toBe(0);
    vi.advanceTimersByTime(GROUP_MS - 1);
    expect(seenOutside()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(seenOutside()).toBe(400);
  });

  it('commits as soon as the group holds its most deals', () => {
    const rows = range(1, GROUP_ROWS).map((i) => deal(i));
    for (let i = 0; i < rows.length; i += 500) storeDealPage(db.get(), rows.slice(i, i + 500), undefined);
    expect(seenOutside()).toBe(GROUP_ROWS);
  });

  it('forgets an account first seen in a group that rolled back', () => {
    storeDealPage(db.get(), [deal(1)], undefined);
    commitDealGroup(db.get());
    db.get().exec(`CREATE TEMP TRIGGER boom BEFORE INSERT ON deals WHEN NEW.id = 666
      BEGIN SELECT RAISE(ABORT, 'boom'); END`);
    storeDealPage(db.get(), [deal(2, { account: 'sub-new' })], undefined);
    expect(() => storeDealPage(db.get(), [deal(666)], undefined)).toThrow(/boom/);
    db.get().exec('DROP TRIGGER boom');
    // The ref 'sub-new' had was rolled back with its row; the account gets a new one.
    storeDealPage(db.get(), [deal(3, { account: 'sub-new' })], undefined);
    commitDealGroup(db.get());
    const page = pageDeals(db.get(), { accounts: ['sub-new'] });
    expect(page.rows.map((r) => [r.account, r.id])).toEqual([['sub-new', 3]]);
  });

  it('tells the next page when a group failed to commit on its timer, then carries on', () => {
    storeDealPage(db.get(), [deal(1)], undefined);
    // Created inside the open group: the daily totals write at the commit fails, and the rollback
    // removes the trigger with the rest of the group.
    db.get().exec(`CREATE TEMP TRIGGER boom BEFORE INSERT ON deal_daily_totals
      BEGIN SELECT RAISE(ABORT, 'disk says no'); END`);
    vi.advanceTimersByTime(GROUP_MS);
    expect(() => storeDealPage(db.get(), [deal(2)], undefined)).toThrow(GroupLostError);
    expect(seenOutside()).toBe(0);
    storeDealPage(db.get(), [deal(1), deal(2)], undefined);
    commitDealGroup(db.get());
    expect(seenOutside()).toBe(2);
    // The daily totals count each deal once: nothing of the failed commit is remembered.
    const days = db.get().prepare('SELECT sum(deals) AS n FROM deal_daily_totals').get();
    expect(days).toEqual({ n: 2 });
  });
});
