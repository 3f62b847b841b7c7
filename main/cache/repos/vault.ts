/**
 * The vault's records: every history record the exchange keeps for six months only and no other
 * table holds (finished orders, closed-position PnL, funding payments, deposits and withdrawals,
 * transfers, converts), as the exchange sent it, keyed by its kind and the exchange's own identity.
 * A record seen again is one row: an unchanged copy writes nothing, a changed one (a deposit that
 * completed) replaces it. Funding payments are also summed per account, market and UTC day as they
 * are stored (new ones only), for the reports.
 */
import { z } from 'zod';
import { prepared, type ReadableDB, type WritableDB } from '../db.ts';
import { split, toUnits } from '../fixed.ts';
import { parseInput } from './parse.ts';
import { accountName } from './schemas.ts';

import { VAULT_KINDS, type VaultKind } from '../vault-kinds.ts';

export { VAULT_KINDS, type VaultKind };

export const vaultRecordSchema = z.object({
  account: accountName,
  kind: z.enum(VAULT_KINDS),
  key: z.string().min(1).max(256),
  /** When it happened, Unix seconds. */
  time: z.number().int().nonnegative(),
  record: z.record(z.string(), z.unknown()),
});
export type VaultRecord = z.infer<typeof vaultRecordSchema>;

const fundingFields = z.looseObject({ market: z.string().min(1).max(64), fundingAmount: z.string() });

/** Stores records (each kind keyed by the exchange's identity); answers how many were new and changed. */
export function upsertVaultRecords(
  db: WritableDB,
  records: readonly VaultRecord[],
): { inserted: number; updated: number } {
  const rows = parseInput(z.array(vaultRecordSchema), records, 'records');
  const insert = prepared(
    db,
    'INSERT OR IGNORE INTO vault_records (account, kind, key, time_s, record) VALUES (?, ?, ?, ?, ?)',
  );
  const update = prepared(
    db,
    `UPDATE vault_records SET time_s = ?, record = ? WHERE account = ? AND kind = ? AND key = ?
     AND (record IS NOT ? OR time_s IS NOT ?)`,
  );
  let inserted = 0;
  let updated = 0;
  const funding = new FundingDays();
  for (const r of rows) {
    const json = JSON.stringify(r.record);
    if (insert.run(r.account, r.kind, r.key, r.time, json).changes > 0) {
      inserted++;
      if (r.kind === 'funding') funding.add(r.account, r.time, parseInput(fundingFields, r.record, 'record'));
    } else if (r.kind !== 'funding') {
      updated += update.run(r.time, json, r.account, r.kind, r.key, json, r.time).changes;
    }
  }
  funding.apply(db);
  return { inserted, updated };
}

/** New funding payments summed per (account, market, day), added to the stored days in one pass. */
class FundingDays {
  readonly #days = new Map<string, { n: number; paid: bigint; received: bigint }>();

  add(account: string, time: number, f: { market: string; fundingAmount: string }): void {
    const key = JSON.stringify([account, f.market, Math.floor(time / 86_400)]);
    const day = this.#days.get(key) ?? { n: 0, paid: 0n, received: 0n };
    const units = toUnits(f.fundingAmount);
    if (units < 0n) day.paid -= units;
    else day.received += units;
    day.n++;
    this.#days.set(key, day);
  }

  apply(db: WritableDB): void {
    const upsert = prepared(
      db,
      `INSERT INTO vault_funding_days (account, market, day, payments, paid_hi, paid_lo, received_hi, received_lo)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (account, market, day) DO UPDATE SET payments = payments + excluded.payments,
         paid_hi = paid_hi + excluded.paid_hi, paid_lo = paid_lo + excluded.paid_lo,
         received_hi = received_hi + excluded.received_hi, received_lo = received_lo + excluded.received_lo`,
    );
    for (const [key, d] of this.#days) {
      const [account, market, day] = JSON.parse(key) as [string, string, number];
      upsert.run(account, market, day, d.n, ...split(d.paid), ...split(d.received));
    }
  }
}

export interface VaultQuery {
  kind: VaultKind;
  accounts?: string[];
  /** Unix seconds, inclusive. */
  from?: number;
  to?: number;
  limit?: number;
  offset?: number;
}

const querySchema = z.object({
  kind: z.enum(VAULT_KINDS),
  accounts: z.array(accountName).max(5000).optional(),
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  limit: z.number().int().min(1).max(100_000).default(1000),
  offset: z.number().int().nonnegative().default(0),
});

/** Records of a kind, newest first. */
export function listVaultRecords(db: ReadableDB, query: VaultQuery): VaultRecord[] {
  const q = parseInput(querySchema, query, 'query');
  const where = ['kind = ?', 'time_s >= ?', 'time_s <= ?'];
  const params: unknown[] = [q.kind, q.from ?? 0, q.to ?? Number.MAX_SAFE_INTEGER];
  if (q.accounts) {
    where.push(`account IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(q.accounts));
  }
  const rows = prepared(
    db,
    `SELECT account, kind, key, time_s, record FROM vault_records WHERE ${where.join(' AND ')}
     ORDER BY time_s DESC, key DESC LIMIT ? OFFSET ?`,
  ).all(...params, q.limit, q.offset) as Array<{
    account: string;
    kind: VaultKind;
    key: string;
    time_s: number;
    record: string;
  }>;
  return rows.map((r) => ({
    account: r.account,
    kind: r.kind,
    key: r.key,
    time: r.time_s,
    record: JSON.parse(r.record) as Record<string, unknown>,
  }));
}
