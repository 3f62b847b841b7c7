/**
 * Equity and balance history from the balance snapshots the sync keeps: each account's last reading
 * in a bucket (an hour, or a day over more than 31 days), carried on until its next one, summed over
 * the accounts; with the deposits, withdrawals and transfers of the vault marked, so a jump is
 * explained.
 */
import { z } from 'zod';
import { prepared, type ReadableDB } from '../../../cache/db.ts';
import { toUnits } from '../../../cache/fixed.ts';
import { parseInput } from '../../../cache/repos/parse.ts';
import type { BalancePoint, EquityMarker, EquityPoint, EquityReportView } from '../views.ts';
import { accountsWhere, DAY_S, text, type ReportScope } from './scope.ts';

/** Per-asset balances are drawn for at most this many accounts. */
export const BALANCE_ACCOUNTS = 50;
const MARKERS = 1000;
const HOUR_S = 3600;

/** Registry ids of sub-accounts by their exchange id: transfers are kept under the main account. */
export const subAccountMap = z.record(z.string(), z.string());

interface Buckets {
  start: number;
  size: number;
  count: number;
}

const bucketOf = (b: Buckets, ms: number) =>
  Math.min(b.count - 1, Math.max(0, Math.floor((ms / 1000 - b.start) / b.size)));

function equityLine(db: ReadableDB, scope: ReportScope, b: Buckets): EquityPoint[] {
  const where = accountsWhere(db, scope, 's.account', 'name');
  const startMs = b.start * 1000;
  const endMs = (b.start + b.size * b.count) * 1000;
  const rows = prepared(
    db,
    `SELECT s.account, s.taken_at_ms, e.amount FROM balance_snapshots s
     JOIN balance_entries e ON e.snapshot_id = s.id AND e.ticker = '*' AND e.field = 'totalBalanceStable'
     WHERE s.kind = 'withdrawable' AND s.sub_account = '' AND s.taken_at_ms < ? AND ${where.sql}
       AND (s.taken_at_ms >= ? OR s.id = (SELECT p.id FROM balance_snapshots p WHERE p.account = s.account
         AND p.kind = 'withdrawable' AND p.sub_account = '' AND p.taken_at_ms < ? ORDER BY p.taken_at_ms DESC LIMIT 1))
     ORDER BY s.account, s.taken_at_ms`,
  )
    .raw(true)
    .all(endMs, ...where.params, startMs, startMs) as Array<[string, number, string]>;
  const deltas: bigint[] = new Array<bigint>(b.count).fill(0n);
  const joined: number[] = new Array<number>(b.count).fill(0);
  let account = '';
  let previous = 0n;
  for (const [a, atMs, amount] of rows) {
    const value = toUnits(amount);
    const at = bucketOf(b, atMs);
    if (a !== account) {
      account = a;
      previous = 0n;
      (joined[at] as number) += 1;
    }
    deltas[at] = (deltas[at] as bigint) + value - previous;
    previous = value;
  }
  const out: EquityPoint[] = [];
  let equity = 0n;
  let accounts = 0;
  for (let i = 0; i < b.count; i++) {
    equity += deltas[i] as bigint;
    accounts += joined[i] as number;
    if (accounts > 0) out.push({ time: b.start + i * b.size, equity: text(equity), accounts });
  }
  return out;
}

/** slot (account and kind), snapshot id, taken at (ms), ticker, amount */
type Entry = [string, number, number, string | null, string | null];

const BALANCE_FIELDS = "('main_balance', 'available', 'freeze', 'balance')";

function balanceLines(db: ReadableDB, scope: ReportScope, b: Buckets): BalancePoint[] {
  const where = accountsWhere(db, scope, 's.account', 'name');
  const startMs = b.start * 1000;
  const endMs = (b.start + b.size * b.count) * 1000;
  const rows = prepared(
    db,
    `SELECT s.account || ' ' || s.kind AS slot, s.id, s.taken_at_ms, e.ticker, e.amount FROM balance_snapshots s
     LEFT JOIN balance_entries e ON e.snapshot_id = s.id AND e.field IN ${BALANCE_FIELDS}
     WHERE s.kind IN ('main', 'trade', 'collateral') AND s.sub_account = '' AND s.taken_at_ms < ? AND ${where.sql}
       AND (s.taken_at_ms >= ? OR s.id = (SELECT p.id FROM balance_snapshots p WHERE p.account = s.account
         AND p.kind = s.kind AND p.sub_account = '' AND p.taken_at_ms < ? ORDER BY p.taken_at_ms DESC LIMIT 1))
     ORDER BY slot, s.taken_at_ms, s.id`,
  )
    .raw(true)
    .all(endMs, ...where.params, startMs, startMs) as Array<
    [string, number, number, string | null, string | null]
  >;
  const deltas = new Map<string, bigint[]>();
  const delta = (asset: string, at: number, value: bigint) => {
    let line = deltas.get(asset);
    if (!line) deltas.set(asset, (line = new Array<bigint>(b.count).fill(0n)));
    line[at] = (line[at] as bigint) + value;
  };
  let slot = '';
  let held = new Map<string, bigint>();
  let i = 0;
  while (i < rows.length) {
    const [s, id, atMs] = rows[i] as Entry;
    if (s !== slot) {
      slot = s;
      held = new Map();
    }
    // one snapshot's entries replace the slot's previous ones
    const now = new Map<string, bigint>();
    for (; i < rows.length && (rows[i] as Entry)[1] === id; i++) {
      const [, , , ticker, amount] = rows[i] as Entry;
      if (ticker !== null && amount !== null) now.set(ticker, (now.get(ticker) ?? 0n) + toUnits(amount));
    }
    const at = bucketOf(b, atMs);
    for (const asset of new Set([...held.keys(), ...now.keys()])) {
      const change = (now.get(asset) ?? 0n) - (held.get(asset) ?? 0n);
      if (change !== 0n) delta(asset, at, change);
    }
    held = now;
  }
  const out: BalancePoint[] = [];
  for (const [asset, line] of [...deltas].sort(([a], [z]) => a.localeCompare(z))) {
    let amount = 0n;
    for (let k = 0; k < b.count; k++) {
      amount += line[k] as bigint;
      out.push({ time: b.start + k * b.size, asset, amount: text(amount) });
    }
  }
  return out;
}

function markersOf(
  db: ReadableDB,
  scope: ReportScope,
  b: Buckets,
  subs: Record<string, string>,
): { markers: EquityMarker[]; more: number } {
  const from = b.start;
  const to = b.start + b.size * b.count;
  const inScope = (a: string) => scope.accounts === null || scope.accounts.includes(a);
  const rows = prepared(
    db,
    `SELECT account, kind, time_s, record FROM vault_records WHERE kind IN ('wallet', 'transfers') AND time_s >= ? AND time_s < ?
     ORDER BY time_s DESC`,
  ).all(from, to) as Array<{ account: string; kind: string; time_s: number; record: string }>;
  const markers: EquityMarker[] = [];
  for (const r of rows) {
    const x = JSON.parse(r.record) as Record<string, unknown>;
    const ticker = String(x['ticker'] ?? x['currency'] ?? '');
    const amount = String(x['amount'] ?? '0');
    if (r.kind === 'wallet') {
      const status = Number(x['status']);
      if (!inScope(r.account) || !(status === 3 || status === 7)) continue;
      const kind = Number(x['method']) === 2 ? 'withdrawal' : 'deposit';
      markers.push({ time: r.time_s, account: r.account, kind, ticker, amount });
      continue;
    }
    const toSub = x['direction'] === 'main_to_sub';
    if (inScope(r.account))
      markers.push({
        time: r.time_s,
        account: r.account,
        kind: toSub ? 'transfer-out' : 'transfer-in',
        ticker,
        amount,
      });
    const sub = subs[String(x['subAccountId'])];
    if (sub !== undefined && inScope(sub))
      markers.push({
        time: r.time_s,
        account: sub,
        kind: toSub ? 'transfer-in' : 'transfer-out',
        ticker,
        amount,
      });
  }
  const kept = markers
    .slice(0, MARKERS)
    .sort((x, y) => x.time - y.time || x.kind.localeCompare(y.kind) || x.account.localeCompare(y.account));
  return { markers: kept, more: Math.max(0, markers.length - MARKERS) };
}

export function equityReport(db: ReadableDB, scope: ReportScope, subAccounts: unknown): EquityReportView {
  const subs = parseInput(subAccountMap, subAccounts, 'subAccounts');
  const days = scope.toDay - scope.fromDay + 1;
  const size = days <= 31 ? HOUR_S : DAY_S;
  const b: Buckets = { start: scope.fromDay * DAY_S, size, count: (days * DAY_S) / size };
  const accounts =
    scope.accounts?.length ??
    (prepared(db, "SELECT count(DISTINCT account) FROM balance_snapshots WHERE kind = 'withdrawable'")
      .pluck()
      .get() as number);
  const { markers, more } = markersOf(db, scope, b, subs);
  return {
    bucketS: size,
    equity: equityLine(db, scope, b),
    balances: accounts <= BALANCE_ACCOUNTS ? balanceLines(db, scope, b) : [],
    balancesFor: accounts <= BALANCE_ACCOUNTS ? null : BALANCE_ACCOUNTS,
    markers,
    moreMarkers: more,
  };
}
