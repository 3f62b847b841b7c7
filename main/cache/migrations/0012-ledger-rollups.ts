import type { Migration } from './migration.ts';

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
const columns = FIGURES.map((f) => `${f}_hi INTEGER NOT NULL, ${f}_lo INTEGER NOT NULL`).join(',\n        ');
const names = ['deals', 'fee_other', ...FIGURES.flatMap((f) => [`${f}_hi`, `${f}_lo`])];
const sums = names.map((n) => `sum(${n})`).join(', ');

/**
 * Two sums of the ledger's days that reports over many accounts read instead of every account's
 * days: `ledger_months` per account, market, calendar month (the UTC day number of its first day)
 * and book; `ledger_market_days` per market, day and book over every account. Same figures as
 * `ledger_days` (the hi/lo pairs add up exactly), and `days`: how many ledger days a row sums (none
 * left: the row goes). The ledger keeps them as it writes its days. Filled from the days built.
 */
export const migration: Migration = {
  version: 12,
  name: 'ledger-rollups',
  up(db) {
    db.exec(`
      CREATE TABLE ledger_months (
        account_ref INTEGER NOT NULL,
        market_ref INTEGER NOT NULL,
        month INTEGER NOT NULL,
        book TEXT NOT NULL CHECK (book IN ('spot', 'collateral')),
        days INTEGER NOT NULL,
        deals INTEGER NOT NULL,
        fee_other INTEGER NOT NULL,
        ${columns},
        PRIMARY KEY (account_ref, market_ref, month, book)
      ) WITHOUT ROWID;
      CREATE INDEX ledger_months_by_month ON ledger_months (month);

      CREATE TABLE ledger_market_days (
        market_ref INTEGER NOT NULL,
        day INTEGER NOT NULL,
        book TEXT NOT NULL CHECK (book IN ('spot', 'collateral')),
        days INTEGER NOT NULL,
        deals INTEGER NOT NULL,
        fee_other INTEGER NOT NULL,
        ${columns},
        PRIMARY KEY (market_ref, day, book)
      ) WITHOUT ROWID;
      CREATE INDEX ledger_market_days_by_day ON ledger_market_days (day);

      INSERT INTO ledger_months (account_ref, market_ref, month, book, days, ${names.join(', ')})
        SELECT account_ref, market_ref,
          CAST(strftime('%s', day * 86400, 'unixepoch', 'start of month') AS INTEGER) / 86400 AS month,
          book, count(*), ${sums}
        FROM ledger_days GROUP BY account_ref, market_ref, month, book;
      INSERT INTO ledger_market_days (market_ref, day, book, days, ${names.join(', ')})
        SELECT market_ref, day, book, count(*), ${sums} FROM ledger_days GROUP BY market_ref, day, book;
    `);
  },
};
