/**
 * Exposure and concentration by asset across the accounts: each account's balances as its last
 * snapshots hold them (main, spot and collateral), its open positions as the app last read them, each
 * asset valued in USDT at the last prices the desk read (mark of a perpetual, index price, else the
 * last deal in the archive), with each asset's share of the gross value and the account holding most.
 */
import { prepared, type ReadableDB } from '../../../cache/db.ts';
import { fromUnits, toUnits } from '../../../cache/fixed.ts';
import { findRef } from '../../../cache/repos/deal-keys.ts';
import type { ExposureAssetView, ExposureReportView } from '../views.ts';
import { accountsWhere, baseOf, type ReportScope } from './scope.ts';

const E18 = 10n ** 18n;
const STABLE = new Set(['USDT', 'USDC', 'USD']);
/** The last-known slot the desk board keeps its prices in (`features/desk/board.ts`). */
const PRICES = { account: 'desk', kind: 'desk.prices' };

type Source = NonNullable<ExposureAssetView['priceFrom']>;

interface Holdings {
  /** asset -> account -> base units */
  spot: Map<string, Map<string, bigint>>;
  positions: Map<string, Map<string, bigint>>;
  asOfMs: number | null;
}

const add = (map: Map<string, Map<string, bigint>>, asset: string, account: string, units: bigint) => {
  let byAccount = map.get(asset);
  if (!byAccount) map.set(asset, (byAccount = new Map()));
  byAccount.set(account, (byAccount.get(account) ?? 0n) + units);
};

function holdingsOf(db: ReadableDB, scope: ReportScope, atMs: number): Holdings {
  const where = accountsWhere(db, scope, 's.account', 'name');
  const h: Holdings = { spot: new Map(), positions: new Map(), asOfMs: null };
  const rows = prepared(
    db,
    `SELECT s.account, s.taken_at_ms, e.ticker, e.amount FROM balance_snapshots s
     JOIN balance_entries e ON e.snapshot_id = s.id AND e.field IN ('main_balance', 'available', 'freeze', 'balance')
     WHERE s.kind IN ('main', 'trade', 'collateral') AND s.sub_account = '' AND ${where.sql}
       AND s.id = (SELECT p.id FROM balance_snapshots p WHERE p.account = s.account AND p.kind = s.kind
         AND p.sub_account = '' AND p.taken_at_ms <= ? ORDER BY p.taken_at_ms DESC LIMIT 1)`,
  ).all(...where.params, atMs) as Array<{
    account: string;
    taken_at_ms: number;
    ticker: string;
    amount: string;
  }>;
  for (const r of rows) {
    add(h.spot, r.ticker, r.account, toUnits(r.amount));
    h.asOfMs = Math.max(h.asOfMs ?? 0, r.taken_at_ms);
  }
  const known = accountsWhere(db, scope, 'account', 'name');
  const positions = prepared(
    db,
    `SELECT account, taken_at_ms, value FROM last_known WHERE kind = 'positions.open' AND scope = '' AND ${known.sql}`,
  ).all(...known.params) as Array<{ account: string; taken_at_ms: number; value: string }>;
  for (const r of positions) {
    const list = JSON.parse(r.value) as Array<{ market?: unknown; amount?: unknown }>;
    if (!Array.isArray(list)) continue;
    for (const p of list) {
      if (typeof p.market !== 'string' || typeof p.amount !== 'string') continue;
      add(h.positions, baseOf(p.market), r.account, toUnits(p.amount));
    }
    h.asOfMs = Math.max(h.asOfMs ?? 0, r.taken_at_ms);
  }
  return h;
}

function priceOf(
  db: ReadableDB,
  asset: string,
  known: { assets: Record<string, string>; marks: Record<string, string> },
): {
  price: string | null;
  from: Source | null;
} {
  if (STABLE.has(asset)) return { price: '1', from: 'stable' };
  const mark = known.marks[`${asset}_PERP`];
  if (mark) return { price: mark, from: 'mark' };
  const index = known.assets[asset];
  if (index) return { price: index, from: 'index' };
  const ref = findRef(db, 'market', `${asset}_USDT`);
  if (ref === null) return { price: null, from: null };
  const last = prepared(
    db,
    'SELECT price FROM deals WHERE market_ref = ? ORDER BY time_us DESC, id DESC LIMIT 1',
  )
    .pluck()
    .get(ref) as string | undefined;
  return last ? { price: last, from: 'last deal' } : { price: null, from: null };
}

const share = (part: bigint, whole: bigint) =>
  whole === 0n ? null : Number((part * 1_000_000n) / whole) / 1_000_000;
const abs = (x: bigint) => (x < 0n ? -x : x);

export function exposureReport(db: ReadableDB, scope: ReportScope): ExposureReportView {
  const atMs = (scope.toDay + 1) * 86_400_000;
  const h = holdingsOf(db, scope, atMs);
  const stored = prepared(db, 'SELECT value FROM last_known WHERE account = ? AND kind = ? AND scope = ?')
    .pluck()
    .get(PRICES.account, PRICES.kind, '') as string | undefined;
  const known = stored
    ? (JSON.parse(stored) as { assets: Record<string, string>; marks: Record<string, string> })
    : { assets: {}, marks: {} };
  const assets = [...new Set([...h.spot.keys(), ...h.positions.keys()])].sort();
  const rows: Array<ExposureAssetView & { units: bigint | null; byAccount: Map<string, bigint> }> = [];
  const accountValue = new Map<string, bigint>();
  const unpriced: string[] = [];
  let gross = 0n;
  for (const asset of assets) {
    const spot = h.spot.get(asset) ?? new Map<string, bigint>();
    const pos = h.positions.get(asset) ?? new Map<string, bigint>();
    const byAccount = new Map<string, bigint>();
    for (const [a, u] of [...spot, ...pos]) byAccount.set(a, (byAccount.get(a) ?? 0n) + u);
    const holdings = [...spot.values()].reduce((s, u) => s + u, 0n);
    const positions = [...pos.values()].reduce((s, u) => s + u, 0n);
    const net = holdings + positions;
    if (net === 0n && holdings === 0n && positions === 0n) continue;
    const { price, from } = priceOf(db, asset, known);
    let value: bigint | null = null;
    if (price === null) unpriced.push(asset);
    else {
      const p = toUnits(price);
      value = (abs(net) * p) / E18;
      gross += value;
      for (const [a, u] of byAccount) accountValue.set(a, (accountValue.get(a) ?? 0n) + (abs(u) * p) / E18);
    }
    const top = [...byAccount].sort((x, y) =>
      abs(y[1]) > abs(x[1]) ? 1 : abs(y[1]) < abs(x[1]) ? -1 : 0,
    )[0];
    const assetGross = [...byAccount.values()].reduce((s, u) => s + abs(u), 0n);
    rows.push({
      asset,
      holdings: fromUnits(holdings),
      positions: fromUnits(positions),
      net: fromUnits(net),
      price,
      priceFrom: from,
      value: value === null ? null : fromUnits(value),
      share: null,
      accounts: [...byAccount.values()].filter((u) => u !== 0n).length,
      topAccount: top ? top[0] : null,
      topAccountShare: top ? share(abs(top[1]), assetGross) : null,
      units: value,
      byAccount,
    });
  }
  let hhi = 0;
  for (const r of rows) {
    r.share = r.units === null ? null : share(r.units, gross);
    if (r.share !== null) hhi += r.share * r.share;
  }
  const accountsGross = [...accountValue.values()].reduce((t, v) => t + v, 0n);
  return {
    asOfMs: h.asOfMs,
    assets: rows
      .sort((a, b) =>
        (b.units ?? -1n) > (a.units ?? -1n)
          ? 1
          : (b.units ?? -1n) < (a.units ?? -1n)
            ? -1
            : a.asset.localeCompare(b.asset),
      )
      .map(({ units: _u, byAccount: _b, ...view }) => view),
    // Each account's share of what the accounts hold together, long and short alike (the desk's gross
    // value nets a long of one account against a short of another: shares of it would pass 100 %).
    byAccount: [...accountValue]
      .sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0))
      .map(([account, v]) => ({ account, value: fromUnits(v), share: share(v, accountsGross) })),
    grossValue: fromUnits(gross),
    concentration: gross === 0n ? null : Math.round(hhi * 10_000) / 10_000,
    unpriced,
  };
}
