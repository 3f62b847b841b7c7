import type { TeamMigration } from './migration.ts';

/**
 * The vault's records on a team desk: every history record the exchange keeps for six months only and
 * no other table holds (finished orders, closed-position PnL, funding payments, deposits and
 * withdrawals, transfers, converts), one row per (account, kind, the exchange's identity), the record
 * as the sync read it. Written like the other history tables (by the holder of the account's sync
 * lease, `sync-lease.ts`), read by every operator's replica into their own cache.
 */
export const migration: TeamMigration = {
  version: 3,
  name: 'history-vault',
  sql: `
CREATE TABLE vault_records (
  account uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('orders', 'closed_pnl', 'funding', 'wallet', 'transfers', 'converts')),
  key text NOT NULL,
  record jsonb NOT NULL,
  changed_by text NOT NULL,
  change_xid xid8 NOT NULL,
  PRIMARY KEY (account, kind, key)
);
GRANT SELECT, INSERT, UPDATE ON vault_records TO txc_operator;
CREATE TRIGGER vault_records_stamp BEFORE INSERT OR UPDATE ON vault_records
  FOR EACH ROW EXECUTE FUNCTION desk_stamp();
CREATE TRIGGER vault_records_notify AFTER INSERT OR UPDATE ON vault_records
  FOR EACH STATEMENT EXECUTE FUNCTION desk_notify();
CREATE INDEX vault_records_changes ON vault_records (change_xid, account, kind, key);
`,
};
