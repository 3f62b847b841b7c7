import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../main/cache/migrate.ts';
import { migrations } from '../../../../main/cache/migrations/index.ts';

let db: Database.Database;
beforeEach(() => {
  db = new Database(':memory:');
  migrate(db, migrations.slice(0, 10));
  db.exec(`INSERT INTO deal_accounts (account) VALUES ('a'), ('b');
    INSERT INTO deal_markets (market) VALUES ('BTC_USDT');
    INSERT INTO deal_daily_totals VALUES (1, 1, 20300, 'buy', 'maker', 'USDT', 1, '1', '1', '0'),
      (1, 1, 20290, 'sell', 'maker', 'USDT', 1, '1', '1', '0'), (2, 1, 20310, 'buy', 'taker', 'BTC', 1, '1', '1', '0');`);
});
afterEach(() => db.close());

describe('migration 0011-history-vault (from version 10 with deals)', () => {
  it('adds the vault and the ledger, and marks every stored series changed from its first day', () => {
    expect(migrate(db, migrations.slice(0, 11)).applied).toEqual(['0011-history-vault']);
    expect(db.prepare('SELECT * FROM deal_changes ORDER BY account_ref').all()).toEqual([
      { account_ref: 1, market_ref: 1, from_day: 20290 },
      { account_ref: 2, market_ref: 1, from_day: 20310 },
    ]);
    for (const table of [
      'vault_records',
      'vault_funding_days',
      'ledger_days',
      'ledger_positions',
      'ledger_series',
    ])
      expect(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()).toEqual({ n: 0 });
  });
});
