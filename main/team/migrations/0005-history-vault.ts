import { leaseHeld } from './0003-who-writes.ts';
import type { TeamMigration } from './migration.ts';

/**
 * The vault's records on a team desk: every history record the exchange keeps for six months only and
 * no other table holds (finished orders, closed-position PnL, funding payments, deposits and
 * withdrawals, transfers, converts), one row per (account, kind, the exchange's identity), the record
 * as the sync read it. Written like the other history tables: only by the holder of the account's
 * sync lease, in a transaction that names the lease's token (`sync-lease.ts`, `0003-who-writes.ts`);
 * read by every operator's replica into their own cache. The vault's sync jobs are keyed
 * `vault:<account>:<kind>`, so their checkpoints fall under the same lease. As on the other history
 * tables (`0004-what-rows-say.ts`), a record's own `account` is its row's.
 */
export const migration: TeamMigration = {
  version: 5,
  name: 'history-vault',
  sql: `
CREATE TABLE vault_records (
  account uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('orders', 'closed_pnl', 'funding', 'wallet', 'transfers', 'converts')),
  key text NOT NULL,
  record jsonb NOT NULL,
  changed_by text NOT NULL,
  change_xid xid8 NOT NULL,
  PRIMARY KEY (account, kind, key),
  CONSTRAINT vault_records_record_account CHECK ((record ->> 'account') IS NOT DISTINCT FROM account::text)
);
GRANT SELECT, INSERT ON vault_records TO txc_operator;
GRANT UPDATE (record) ON vault_records TO txc_operator;
CREATE TRIGGER vault_records_stamp BEFORE INSERT OR UPDATE ON vault_records
  FOR EACH ROW EXECUTE FUNCTION desk_stamp();
CREATE TRIGGER vault_records_notify AFTER INSERT OR UPDATE ON vault_records
  FOR EACH STATEMENT EXECUTE FUNCTION desk_notify();
CREATE INDEX vault_records_changes ON vault_records (change_xid, account, kind, key);
ALTER TABLE vault_records ENABLE ROW LEVEL SECURITY;
CREATE POLICY vault_records_read ON vault_records FOR SELECT TO txc_operator USING (true);
CREATE POLICY vault_records_write ON vault_records FOR INSERT TO txc_operator WITH CHECK (
  ${leaseHeld('vault_records.account')});
CREATE POLICY vault_records_rewrite ON vault_records FOR UPDATE TO txc_operator USING (true) WITH CHECK (
  ${leaseHeld('vault_records.account')});
`,
};
