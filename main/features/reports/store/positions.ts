/**
 * Closed positions: the exchange's own closed-position PnL (the vault's `closed_pnl` records) beside
 * the app's figure for the same position (the ledger's realized less fees, from the deals), every
 * difference shown; and the win/loss of the closed positions (the exchange's net PnL where it has a
 * record, else the app's figure).
 */
import { prepared, type ReadableDB } from '../../../cache/db.ts';
import { toUnits } from '../../../cache/fixed.ts';
import { nameOf } from '../../../cache/repos/deal-keys.ts';
import type { ClosedPositionView, PositionsReportView, WinLossView } from '../views.ts';
import { accountsWhere, DAY_S, quoteOf, text, units, type ReportScope } from './scope.ts';

/** Positions listed at most (the largest differences first, then the newest). */
const LISTED = 500;

interface Exchange {
  account: string;
  positionId: number;
  market: string;
  side: string;
  gross: bigint;
  net: bigint;
  openDate: number;
  closeDate: number;
}

interface App {
  account: string;
  positionId: number | null;
  market: string;
  side: string;
  openUs: number;
  closeUs: number;
  gross: bigint;
}

function exchangeRecords(db: ReadableDB, scope: ReportScope): Exchange[] {
  const where = accountsWhere(db, scope, 'account', 'name');
  const rows = prepared(
    db,
    `SELECT account, record FROM vault_records WHERE kind = 'closed_pnl' AND time_s >= ? AND time_s < ? AND ${where.sql}`,
  ).all(scope.fromDay * DAY_S, (scope.toDay + 1) * DAY_S, ...where.params) as Array<{
    account: string;
    record: string;
  }>;
  return rows.map((r) => {
    const c = JSON.parse(r.record) as Record<string, unknown>;
    return {
      account: r.account,
      positionId: Number(c['positionId']),
      market: String(c['market']),
      side: String(c['side']),
      gross: toUnits(String(c['grossPnl'])),
      net: toUnits(String(c['netPnl'])),
      openDate: Number(c['openDate']),
      closeDate: Number(c['closeDate']),
    };
  });
}

function appPositions(db: ReadableDB, scope: ReportScope): App[] {
  const where = accountsWhere(db, scope, 'account_ref', 'ref');
  const rows = prepared(
    db,
    `SELECT account_ref, market_ref, side, open_us, close_us, position_id, realized_hi, realized_lo, fee_value_hi, fee_value_lo
     FROM ledger_positions WHERE close_us >= ? AND close_us < ? AND ${where.sql}`,
  )
    .safeIntegers(true)
    .all(scope.fromDay * DAY_S * 1e6, (scope.toDay + 1) * DAY_S * 1e6, ...where.params) as Array<
    Record<string, unknown>
  >;
  return rows.map((r) => ({
    account: nameOf(db, 'account', Number(r['account_ref'])),
    positionId: r['position_id'] === null ? null : Number(r['position_id']),
    market: nameOf(db, 'market', Number(r['market_ref'])),
    side: String(r['side']),
    openUs: Number(r['open_us']),
    closeUs: Number(r['close_us']),
    gross: units(r, 'realized') - units(r, 'fee_value'),
  }));
}

class Tally {
  positions = 0;
  wins = 0;
  losses = 0;
  even = 0;
  won = 0n;
  lost = 0n;
  largestWin: bigint | null = null;
  largestLoss: bigint | null = null;

  add(pnl: bigint): void {
    this.positions++;
    if (pnl > 0n) {
      this.wins++;
      this.won += pnl;
      if (this.largestWin === null || pnl > this.largestWin) this.largestWin = pnl;
    } else if (pnl < 0n) {
      this.losses++;
      this.lost += pnl;
      if (this.largestLoss === null || pnl < this.largestLoss) this.largestLoss = pnl;
    } else this.even++;
  }

  view(quote: string): WinLossView {
    const decided = this.wins + this.losses;
    const ratio = (a: bigint, b: bigint) => text((a * 10n ** 18n) / b);
    return {
      quote,
      positions: this.positions,
      wins: this.wins,
      losses: this.losses,
      even: this.even,
      winRate: decided === 0 ? null : this.wins / decided,
      wonTotal: text(this.won),
      lostTotal: text(this.lost),
      averageWin: this.wins ? text(this.won / BigInt(this.wins)) : null,
      averageLoss: this.losses ? text(this.lost / BigInt(this.losses)) : null,
      largestWin: this.largestWin === null ? null : text(this.largestWin),
      largestLoss: this.largestLoss === null ? null : text(this.largestLoss),
      profitFactor: this.lost === 0n ? null : ratio(this.won, -this.lost),
    };
  }
}

/** A row of the report before it is written out: its figures still exact units. */
interface Compared {
  account: string;
  market: string;
  positionId: number | null;
  side: string;
  openedAt: number | null;
  closedAt: number;
  quote: string;
  exchangeGross: bigint | null;
  exchangeNet: bigint | null;
  appGross: bigint | null;
  difference: bigint | null;
  note?: string;
  /** What ranks it: the difference, else the figure only one side has. */
  gap: bigint;
  /** Its win or loss: the exchange's net, else the app's figure. */
  pnl: bigint;
}

const nullable = (x: bigint | null) => (x === null ? null : text(x));

function view(r: Compared): ClosedPositionView {
  return {
    account: r.account,
    market: r.market,
    positionId: r.positionId,
    side: r.side,
    openedAt: r.openedAt,
    closedAt: r.closedAt,
    quote: r.quote,
    exchangeGross: nullable(r.exchangeGross),
    exchangeNet: nullable(r.exchangeNet),
    appGross: nullable(r.appGross),
    difference: nullable(r.difference),
    ...(r.note === undefined ? {} : { note: r.note }),
  };
}

const magnitude = (x: bigint) => (x < 0n ? -x : x);

interface Ranked {
  r: Compared;
  size: bigint;
  /** The size as a double: never ordered the other way round from the size, so it decides unless it ties. */
  approx: number;
}

const bySize = (a: Ranked, b: Ranked) =>
  a.approx !== b.approx
    ? b.approx - a.approx
    : a.size !== b.size
      ? b.size > a.size
        ? 1
        : -1
      : b.r.closedAt - a.r.closedAt;

/** The first `n` of `list` by `bySize`: those whose size reaches the n-th largest, sorted. */
function largest(list: Ranked[], n: number): Ranked[] {
  if (list.length > n && n > 0) {
    const sizes = Float64Array.from(list, (k) => k.approx).sort();
    const least = sizes[sizes.length - n] as number;
    list = list.filter((k) => k.approx >= least);
  }
  return list.sort(bySize).slice(0, Math.max(0, n));
}

/** The first `n` rows as listed: those that differ first, then the largest gap, then the newest. */
function ranked(rows: Compared[], n: number): Compared[] {
  const differ: Ranked[] = [];
  const rest: Ranked[] = [];
  for (const r of rows) {
    const size = magnitude(r.gap);
    (r.difference !== null && r.difference !== 0n ? differ : rest).push({ r, size, approx: Number(size) });
  }
  const first = largest(differ, n);
  return [...first, ...largest(rest, n - first.length)].map((k) => k.r);
}

export function positionsReport(db: ReadableDB, scope: ReportScope, listed = LISTED): PositionsReportView {
  const exchange = exchangeRecords(db, scope);
  const app = appPositions(db, scope);
  const appById = new Map(
    app.filter((a) => a.positionId !== null).map((a) => [`${a.account}\n${String(a.positionId)}`, a]),
  );
  const seen = new Set<string>();
  const rows: Compared[] = [];
  for (const e of exchange) {
    const key = `${e.account}\n${String(e.positionId)}`;
    const a = appById.get(key);
    if (a) seen.add(key);
    const gap = a ? e.gross - a.gross : null;
    rows.push({
      account: e.account,
      market: e.market,
      positionId: e.positionId,
      side: e.side,
      openedAt: e.openDate,
      closedAt: e.closeDate,
      quote: quoteOf(e.market),
      exchangeGross: e.gross,
      exchangeNet: e.net,
      appGross: a ? a.gross : null,
      difference: gap,
      ...(a
        ? {}
        : {
            note: "The archive holds none of this position's deals (older than its first sync, or not synced yet).",
          }),
      gap: gap === null ? e.gross : gap,
      pnl: e.net,
    });
  }
  for (const a of app) {
    if (a.positionId !== null && seen.has(`${a.account}\n${String(a.positionId)}`)) continue;
    rows.push({
      account: a.account,
      market: a.market,
      positionId: a.positionId,
      side: a.side,
      openedAt: Math.floor(a.openUs / 1e6),
      closedAt: Math.floor(a.closeUs / 1e6),
      quote: quoteOf(a.market),
      exchangeGross: null,
      exchangeNet: null,
      appGross: a.gross,
      difference: null,
      note: 'The archive has no closed-position record of the exchange for it (closed before that part of the history was synced).',
      gap: a.gross,
      pnl: a.gross,
    });
  }
  const tallies = new Map<string, Tally>();
  const byMarket = new Map<string, Tally>();
  for (const r of rows) {
    for (const [map, key] of [
      [tallies, r.quote],
      [byMarket, `${r.market}\n${r.quote}`],
    ] as const) {
      let t = map.get(key);
      if (!t) map.set(key, (t = new Tally()));
      t.add(r.pnl);
    }
  }
  return {
    positions: ranked(rows, listed).map(view),
    more: Math.max(0, rows.length - listed),
    compared: rows.filter((r) => r.difference !== null).length,
    differing: rows.filter((r) => r.difference !== null && r.difference !== 0n).length,
    exchangeOnly: rows.filter((r) => r.appGross === null).length,
    appOnly: rows.filter((r) => r.exchangeGross === null).length,
    winLoss: [...tallies].sort(([a], [b]) => a.localeCompare(b)).map(([quote, t]) => t.view(quote)),
    winLossByMarket: [...byMarket]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, t]) => {
        const [m = '', quote = ''] = key.split('\n');
        return { market: m, ...t.view(quote) };
      }),
  };
}
