import { describe, expect, it } from 'vitest';
import { CacheInputError } from '../../../main/cache/errors.ts';
import {
  latestBalanceSnapshot,
  listBalanceSnapshots,
  BALANCE_RETENTION_MS,
  pruneBalanceSnapshots,
  recordBalanceSnapshot,
} from '../../../main/cache/repos/balances.ts';
import { useWritableDb } from './writable-db.ts';

const db = useWritableDb();

const main = (takenAtMs: number, btc: string) => ({
  account: 'main',
  kind: 'main' as const,
  takenAtMs,
  entries: [
    { ticker: 'BTC', field: 'main_balance', amount: btc },
    { ticker: 'BTC', field: 'pending_deposit_amount', amount: '0' },
  ],
});

describe('balance snapshots', () => {
  it('gives the newest snapshot of a kind with its entries and age', () => {
    recordBalanceSnapshot(db.get(), main(100, '1.5'));
    recordBalanceSnapshot(db.get(), main(200, '2.25'));
    recordBalanceSnapshot(db.get(), {
      account: 'main',
      kind: 'sub_account',
      subAccount: 'sub-1',
      takenAtMs: 300,
      entries: [{ ticker: 'USDT', field: 'spot', amount: '10' }],
    });
    const latest = latestBalanceSnapshot(db.get(), 'main', 'main');
    expect(latest).toMatchObject({ takenAtMs: 200, subAccount: '' });
    expect(latest?.entries).toEqual([
      { ticker: 'BTC', field: 'main_balance', amount: '2.25' },
      { ticker: 'BTC', field: 'pending_deposit_amount', amount: '0' },
    ]);
    expect(latestBalanceSnapshot(db.get(), 'main', 'sub_account', 'sub-1')?.entries).toHaveLength(1);
    expect(latestBalanceSnapshot(db.get(), 'main', 'withdrawable')).toBeNull();
    expect(listBalanceSnapshots(db.get(), 'main', 'main', 200).map((s) => s.takenAtMs)).toEqual([100]);
  });

  it('prunes old snapshots with their entries but keeps the newest of each kind', () => {
    recordBalanceSnapshot(db.get(), main(100, '1'));
    recordBalanceSnapshot(db.get(), main(200, '2'));
    expect(pruneBalanceSnapshots(db.get(), 'main', 1000)).toBe(1);
    expect(listBalanceSnapshots(db.get(), 'main', 'main').map((s) => s.takenAtMs)).toEqual([200]);
    const orphans = db.get().prepare('SELECT count(*) AS n FROM balance_entries').get();
    expect(orphans).toEqual({ n: 2 });
  });

  it('drops snapshots past the retention as new ones arrive, other accounts untouched', () => {
    const day = 86_400_000;
    recordBalanceSnapshot(db.get(), main(1 * day, '1'));
    recordBalanceSnapshot(db.get(), { ...main(1 * day, '9'), account: 'other' });
    recordBalanceSnapshot(db.get(), main(2 * day, '2'));
    // A year later: everything is still within the retention.
    recordBalanceSnapshot(db.get(), main(366 * day, '3'));
    expect(listBalanceSnapshots(db.get(), 'main', 'main').map((s) => s.takenAtMs / day)).toEqual([366, 2, 1]);
    // Past it: the oldest reading goes, with its entries; the other account keeps its own.
    recordBalanceSnapshot(db.get(), main(1 * day + BALANCE_RETENTION_MS + 1, '4'));
    expect(
      listBalanceSnapshots(db.get(), 'main', 'main')
        .map((s) => s.takenAtMs / day)
        .slice(1),
    ).toEqual([366, 2]);
    expect(listBalanceSnapshots(db.get(), 'other', 'main')).toHaveLength(1);
    expect(db.get().prepare('SELECT count(*) AS n FROM balance_entries').get()).toEqual({ n: 8 });
  });

  it('refuses a number where a decimal string belongs and writes nothing', () => {
    const bad = { ...main(1, '1'), entries: [{ ticker: 'BTC', field: 'main_balance', amount: 1 }] };
    expect(() => recordBalanceSnapshot(db.get(), bad as never)).toThrow(CacheInputError);
    expect(latestBalanceSnapshot(db.get(), 'main', 'main')).toBeNull();
  });
});
