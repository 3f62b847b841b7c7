/**
 * How far back each account's record goes, family by family (deals, position records, borrows,
 * mining rewards and each kind of the vault), and how much of it is older than the exchange's
 * horizon: the part only this archive holds.
 */
import { z } from 'zod';
import { prepared, type ReadableDB } from '../db.ts';
import { findRef } from './deal-keys.ts';
import { parseInput } from './parse.ts';
import { accountName } from './schemas.ts';
import { VAULT_KINDS, type VaultKind } from './vault.ts';

export type HistoryFamily = 'deals' | 'positions' | 'borrows' | 'mining' | VaultKind;

export interface FamilyExtent {
  family: HistoryFamily;
  records: number;
  /** Unix seconds of the oldest and newest record; null when there is none. */
  oldest: number | null;
  newest: number | null;
  /** Records older than the horizon: the exchange no longer serves them. */
  archiveOnly: number;
}

export interface AccountExtent {
  account: string;
  families: FamilyExtent[];
}

interface Row {
  n: number;
  oldest: number | null;
  newest: number | null;
  old: number;
}

/** Per account: each family's records, oldest and newest, and how many are older than `horizonS`. */
export function archiveExtent(
  db: ReadableDB,
  accounts: readonly string[],
  horizonS: number,
): AccountExtent[] {
  const ids = parseInput(z.array(accountName).max(5000), accounts, 'accounts');
  const horizon = parseInput(z.number().int(), horizonS, 'horizon');
  return ids.map((account) => ({ account, families: familiesOf(db, account, horizon) }));
}

function extent(family: HistoryFamily, row: Row | undefined, scale = 1): FamilyExtent {
  const n = row?.n ?? 0;
  const time = (t: number | null | undefined) =>
    t === null || t === undefined ? null : Math.floor(t / scale);
  return {
    family,
    records: n,
    oldest: n > 0 ? time(row?.oldest) : null,
    newest: n > 0 ? time(row?.newest) : null,
    archiveOnly: row?.old ?? 0,
  };
}

function familiesOf(db: ReadableDB, account: string, horizon: number): FamilyExtent[] {
  const out: FamilyExtent[] = [];
  const ref = findRef(db, 'account', account);
  const deals =
    ref === null
      ? undefined
      : (prepared(
          db,
          `SELECT (SELECT count(*) FROM deals WHERE account_ref = $ref) AS n,
             (SELECT min(time_us) FROM deals WHERE account_ref = $ref) AS oldest,
             (SELECT max(time_us) FROM deals WHERE account_ref = $ref) AS newest,
             (SELECT count(*) FROM deals WHERE account_ref = $ref AND time_us < $horizon) AS old`,
        ).get({ ref, horizon: horizon * 1e6 }) as Row);
  out.push(extent('deals', deals, 1e6));
  const positions = prepared(
    db,
    `SELECT count(*) AS n, min(modify_us) AS oldest, max(modify_us) AS newest,
       sum(modify_us < $horizon) AS old FROM positions_history WHERE account = $account`,
  ).get({ account, horizon: horizon * 1e6 }) as Row;
  out.push(extent('positions', positions, 1e6));
  const borrows = prepared(
    db,
    `SELECT count(*) AS n, min(opened_at) AS oldest, max(opened_at) AS newest,
       sum(opened_at < $horizon) AS old FROM borrow_history WHERE account = $account`,
  ).get({ account, horizon }) as Row;
  out.push(extent('borrows', borrows));
  const mining = prepared(
    db,
    `SELECT count(*) AS n, min(time) AS oldest, max(time) AS newest,
       sum(time < $horizon) AS old FROM mining_rewards WHERE account = $account`,
  ).get({ account, horizon }) as Row;
  out.push(extent('mining', mining));
  const kinds = prepared(
    db,
    `SELECT count(*) AS n, min(time_s) AS oldest, max(time_s) AS newest,
       sum(time_s < $horizon) AS old FROM vault_records WHERE kind = $kind AND account = $account`,
  );
  for (const kind of VAULT_KINDS) out.push(extent(kind, kinds.get({ kind, account, horizon }) as Row));
  return out;
}

/**
 * The identities of an account's records of a family whose time (whole seconds) lies in [from, to]:
 * deal ids, `position:order` of position records, the vault's keys. What a consistency check compares.
 */
export function archiveKeys(
  db: ReadableDB,
  account: string,
  family: HistoryFamily,
  from: number,
  to: number,
): string[] {
  const window = {
    account,
    from: parseInput(z.number().int(), from, 'from'),
    to: parseInput(z.number().int(), to, 'to'),
  };
  if (family === 'deals') {
    const ref = findRef(db, 'account', account);
    if (ref === null) return [];
    return (
      prepared(db, 'SELECT id FROM deals WHERE account_ref = ? AND time_us >= ? AND time_us < ? ORDER BY id')
        .pluck()
        .all(ref, window.from * 1e6, (window.to + 1) * 1e6) as number[]
    ).map(String);
  }
  if (family === 'positions')
    return prepared(
      db,
      `SELECT position_id || ':' || order_id FROM positions_history WHERE account = ? AND modify_us >= ?
       AND modify_us < ? ORDER BY 1`,
    )
      .pluck()
      .all(account, window.from * 1e6, (window.to + 1) * 1e6) as string[];
  const kind = parseInput(z.enum(VAULT_KINDS), family, 'family');
  return prepared(
    db,
    'SELECT key FROM vault_records WHERE kind = ? AND account = ? AND time_s >= ? AND time_s <= ? ORDER BY key',
  )
    .pluck()
    .all(kind, account, window.from, window.to) as string[];
}
