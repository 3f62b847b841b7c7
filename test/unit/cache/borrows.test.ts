import { describe, expect, it } from 'vitest';
import { listBorrows, upsertBorrows, withBorrowSeq } from '../../../main/cache/repos/borrows.ts';
import { useWritableDb } from './writable-db.ts';

const db = useWritableDb();
const borrow = (asset: string, timestamp: number, status = 'active' as const, amount = '10') => ({
  account: 'main',
  asset,
  amount,
  principal: amount,
  interest: '0',
  status,
  timestamp,
});

describe('borrow history', () => {
  it('numbers same-second borrows of an asset from the oldest', () => {
    const rows = withBorrowSeq([borrow('BTC', 5), borrow('BTC', 5), borrow('USDT', 5), borrow('BTC', 4)]);
    expect(rows.map((r) => r.seq)).toEqual([1, 0, 0, 0]);
  });

  it('updates a borrow seen again (status, peaks) instead of adding a second one', () => {
    upsertBorrows(db.get(), withBorrowSeq([borrow('BTC', 5), borrow('USDT', 6)]), 1);
    upsertBorrows(db.get(), withBorrowSeq([borrow('BTC', 5, 'repaid' as never, '12')]), 2);
    const rows = listBorrows(db.get(), { account: 'main' });
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ asset: 'BTC', status: 'repaid', amount: '12', seq: 0 });
  });

  it('filters and pages newest first', () => {
    upsertBorrows(
      db.get(),
      withBorrowSeq([borrow('BTC', 3), borrow('BTC', 2), borrow('ETH', 2), borrow('BTC', 1)]),
    );
    const first = listBorrows(db.get(), { account: 'main', limit: 2 });
    expect(first.map((b) => `${b.asset}@${b.timestamp}`)).toEqual(['BTC@3', 'ETH@2']);
    const rest = listBorrows(db.get(), { account: 'main', before: { timestamp: 2, asset: 'ETH', seq: 0 } });
    expect(rest.map((b) => `${b.asset}@${b.timestamp}`)).toEqual(['BTC@2', 'BTC@1']);
    expect(listBorrows(db.get(), { account: 'main', asset: 'ETH' })).toHaveLength(1);
  });
});
