import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../main/cache/migrate.ts';
import { migrations } from '../../../../main/cache/migrations/index.ts';

let db: Database.Database;
const FIGURES = [
  'buy_amount',
  'sell_amount',
  'buy_value',
  'sell_value',
  'realized',
  'fee_quote',
  'fee_base',
  'fee_value',
  'unmatched',
];
const COLUMNS = ['deals', 'fee_other', ...FIGURES.flatMap((f) => [`${f}_hi`, `${f}_lo`])];
/** A ledger day: each figure `units` plus its place in FIGURES times 10^12 units, fee_other 7. */
const insertDay = (
  account: number,
  market: number,
  day: number,
  book: string,
  deals: number,
  units: bigint,
) =>
  db
    .prepare(
      `INSERT INTO ledger_days (account_ref, market_ref, day, book, ${COLUMNS.join(', ')})
       VALUES (?, ?, ?, ?, ${COLUMNS.map(() => '?').join(', ')})`,
    )
    .run(
      account,
      market,
      day,
      book,
      deals,
      7,
      ...FIGURES.flatMap((_, i) => [units / 10n ** 12n + BigInt(i), units % 10n ** 12n]),
    );

beforeEach(() => {
  db = new Database(':memory:');
  migrate(db, migrations.slice(0, 11));
});
afterEach(() => db.close());

describe('migration 0012-ledger-rollups (from version 11 with a ledger)', () => {
  it('sums the days built so far per account, market and month, and per market and day', () => {
    // 2026-01-31 and 2026-02-01 and 2026-02-28: two months; two accounts on one day
    const jan31 = Date.UTC(2026, 0, 31) / 86_400_000;
    insertDay(1, 1, jan31, 'spot', 2, 1_500_000_000_000_000_000n);
    insertDay(1, 1, jan31 + 1, 'spot', 3, 2_000_000_000_000_000_001n);
    insertDay(1, 1, jan31 + 28, 'spot', 1, 999_999_999_999n);
    insertDay(2, 1, jan31 + 1, 'spot', 5, 10n);
    insertDay(2, 1, jan31 + 1, 'collateral', 1, 20n);
    expect(migrate(db, migrations.slice(0, 12)).applied).toEqual(['0012-ledger-rollups']);
    const months = db
      .prepare(
        'SELECT account_ref, month, book, days, deals, fee_other, realized_hi * 1000000000000 + realized_lo AS realized FROM ledger_months ORDER BY account_ref, month, book',
      )
      .safeIntegers(true)
      .all();
    expect(months).toEqual([
      {
        account_ref: 1n,
        month: BigInt(jan31 - 30),
        book: 'spot',
        days: 1n,
        deals: 2n,
        fee_other: 7n,
        realized: 1_500_000_000_000_000_000n + 4n * 10n ** 12n,
      },
      {
        account_ref: 1n,
        month: BigInt(jan31 + 1),
        book: 'spot',
        days: 2n,
        deals: 4n,
        fee_other: 14n,
        realized: 2_000_001_000_000_000_000n + 8n * 10n ** 12n,
      },
      {
        account_ref: 2n,
        month: BigInt(jan31 + 1),
        book: 'collateral',
        days: 1n,
        deals: 1n,
        fee_other: 7n,
        realized: 20n + 4n * 10n ** 12n,
      },
      {
        account_ref: 2n,
        month: BigInt(jan31 + 1),
        book: 'spot',
        days: 1n,
        deals: 5n,
        fee_other: 7n,
        realized: 10n + 4n * 10n ** 12n,
      },
    ]);
    const days = db
      .prepare(
        'SELECT day, book, days, deals, buy_amount_hi * 1000000000000 + buy_amount_lo AS bought FROM ledger_market_days ORDER BY day, book',
      )
      .safeIntegers(true)
      .all();
    expect(days).toEqual([
      { day: BigInt(jan31), book: 'spot', days: 1n, deals: 2n, bought: 1_500_000_000_000_000_000n },
      { day: BigInt(jan31 + 1), book: 'collateral', days: 1n, deals: 1n, bought: 20n },
      { day: BigInt(jan31 + 1), book: 'spot', days: 2n, deals: 8n, bought: 2_000_000_000_000_000_011n },
      { day: BigInt(jan31 + 28), book: 'spot', days: 1n, deals: 1n, bought: 999_999_999_999n },
    ]);
  });
});
