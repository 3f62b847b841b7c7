/**
 * Every report as a CSV file: the realized PnL by day, account and market (one line each, fees and
 * funding apart), volume and fees by market and month, funding by account, market and month, closed
 * positions with both PnL figures, equity, balances and their markers, and exposure by asset.
 * Written on a worker of its own (`job` lane); the file appears only when complete.
 */
import { z } from 'zod';
import { prepared, type ReadableDB } from '../../../cache/db.ts';
import { CacheCancelledError } from '../../../cache/errors.ts';
import { nameOf } from '../../../cache/repos/deal-keys.ts';
import { parseInput } from '../../../cache/repos/parse.ts';
import { CsvFile } from './csv-file.ts';
import { equityReport } from './equity.ts';
import { exposureReport } from './exposure.ts';
import { activityReport } from './pnl.ts';
import { positionsReport } from './positions.ts';
import { accountsWhere, dayText, quoteOf, readScope, text, units } from './scope.ts';

export const EXPORT_KINDS = [
  'pnl',
  'activity',
  'funding',
  'positions',
  'equity',
  'balances',
  'markers',
  'exposure',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const iso = (s: number) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');

/** Days of PnL lines read at once (the connection is free between reads; a cancel is seen between them). */
const PNL_DAYS = 7;

/** The PnL lines, one per day, account and market (books together), funding on its own market's line. */
function pnlLines(
  db: ReadableDB,
  scope: ReturnType<typeof readScope>,
  csv: CsvFile,
  signal: AbortSignal,
): void {
  const where = accountsWhere(db, scope, 'account_ref', 'ref');
  const names = accountsWhere(db, scope, 'account', 'name');
  const deals = prepared(
    db,
    `SELECT day, account_ref, market_ref, sum(deals) AS deals, sum(realized_hi) AS realized_hi, sum(realized_lo) AS realized_lo,
       sum(fee_value_hi) AS fee_value_hi, sum(fee_value_lo) AS fee_value_lo, sum(buy_value_hi) + sum(sell_value_hi) AS volume_hi,
       sum(buy_value_lo) + sum(sell_value_lo) AS volume_lo
     FROM ledger_days WHERE day >= ? AND day < ? AND ${where.sql} GROUP BY day, account_ref, market_ref`,
  ).safeIntegers(true);
  const fundingDays = prepared(
    db,
    `SELECT day, account, market, paid_hi, paid_lo, received_hi, received_lo FROM vault_funding_days
     WHERE day >= ? AND day < ? AND ${names.sql} ORDER BY day, account, market`,
  ).safeIntegers(true);
  const line = (
    day: number,
    account: string,
    market: string,
    deals: number,
    volume: bigint,
    realized: bigint,
    fees: bigint,
    paid: bigint,
  ) =>
    csv.row(
      [
        dayText(day),
        account,
        market,
        quoteOf(market),
        deals,
        text(volume),
        text(realized),
        text(fees),
        text(paid),
        text(realized - fees + paid),
      ],
      new Set([1, 2, 3]),
    );
  for (let from = scope.fromDay; from <= scope.toDay; from += PNL_DAYS) {
    if (signal.aborted) throw new CacheCancelledError('The export was cancelled.');
    const to = Math.min(scope.toDay + 1, from + PNL_DAYS);
    const funding = new Map<string, bigint>();
    for (const r of fundingDays.all(from, to, ...names.params) as Array<Record<string, unknown>>)
      funding.set(
        `${String(r['day'])}\n${String(r['account'])}\n${String(r['market'])}`,
        units(r, 'received') - units(r, 'paid'),
      );
    const rows = (deals.all(from, to, ...where.params) as Array<Record<string, unknown>>).map((r) => ({
      day: Number(r['day']),
      account: nameOf(db, 'account', Number(r['account_ref'])),
      market: nameOf(db, 'market', Number(r['market_ref'])),
      r,
    }));
    rows.sort(
      (x, y) => x.day - y.day || x.account.localeCompare(y.account) || x.market.localeCompare(y.market),
    );
    for (const { day, account, market, r } of rows) {
      const key = `${String(day)}\n${account}\n${market}`;
      const paid = funding.get(key) ?? 0n;
      funding.delete(key);
      line(
        day,
        account,
        market,
        Number(r['deals']),
        units(r, 'volume'),
        units(r, 'realized'),
        units(r, 'fee_value'),
        paid,
      );
    }
    // funding on days with no deal of its market
    for (const [key, paid] of funding) {
      const [day = '', account = '', market = ''] = key.split('\n');
      line(Number(day), account, market, 0, 0n, 0n, 0n, paid);
    }
  }
}

export const exportInput = z.object({
  kind: z.enum(EXPORT_KINDS),
  scope: z.unknown(),
  subAccounts: z.record(z.string(), z.string()).default({}),
  path: z.string().min(1),
});

export function exportReport(
  db: ReadableDB,
  input: unknown,
  signal: AbortSignal,
): { file: string; rows: number } {
  const q = parseInput(exportInput, input, 'input');
  const scope = readScope(q.scope);
  const headers: Record<ExportKind, string[]> = {
    pnl: [
      'day_utc',
      'account',
      'market',
      'currency',
      'deals',
      'volume',
      'realized',
      'fees',
      'funding',
      'net',
    ],
    activity: [
      'market',
      'month',
      'currency',
      'deals',
      'bought',
      'sold',
      'bought_value',
      'sold_value',
      'volume',
      'fees_quote',
      'fees_base',
      'fees_value',
    ],
    funding: ['account', 'market', 'month', 'currency', 'payments', 'paid', 'received', 'net'],
    positions: [
      'account',
      'market',
      'position_id',
      'side',
      'opened_utc',
      'closed_utc',
      'currency',
      'exchange_gross',
      'exchange_net',
      'app_gross',
      'difference',
      'note',
    ],
    equity: ['time_utc', 'equity_usdt', 'accounts'],
    balances: ['time_utc', 'asset', 'amount'],
    markers: ['time_utc', 'account', 'kind', 'ticker', 'amount'],
    exposure: [
      'asset',
      'holdings',
      'positions',
      'net',
      'price_usdt',
      'price_from',
      'value_usdt',
      'share',
      'accounts',
      'top_account',
      'top_account_share',
    ],
  };
  const csv = new CsvFile(q.path, headers[q.kind]);
  try {
    if (q.kind === 'pnl') pnlLines(db, scope, csv, signal);
    else if (q.kind === 'activity')
      for (const r of activityReport(db, scope).volume)
        csv.row(
          [
            r.market,
            r.month,
            r.quote,
            r.deals,
            r.bought,
            r.sold,
            r.boughtValue,
            r.soldValue,
            r.volume,
            r.feesQuote,
            r.feesBase,
            r.feesValue,
          ],
          new Set([0, 1, 2]),
        );
    else if (q.kind === 'funding')
      for (const r of activityReport(db, scope).funding)
        csv.row(
          [r.account, r.market, r.month, r.quote, r.payments, r.paid, r.received, r.net],
          new Set([0, 1, 2, 3]),
        );
    else if (q.kind === 'positions')
      for (const r of positionsReport(db, scope, Number.MAX_SAFE_INTEGER).positions)
        csv.row(
          [
            r.account,
            r.market,
            r.positionId,
            r.side,
            r.openedAt === null ? null : iso(r.openedAt),
            iso(r.closedAt),
            r.quote,
            r.exchangeGross,
            r.exchangeNet,
            r.appGross,
            r.difference,
            r.note ?? '',
          ],
          new Set([0, 1, 3, 6, 11]),
        );
    else if (q.kind === 'exposure')
      for (const r of exposureReport(db, scope).assets)
        csv.row(
          [
            r.asset,
            r.holdings,
            r.positions,
            r.net,
            r.price,
            r.priceFrom,
            r.value,
            r.share,
            r.accounts,
            r.topAccount,
            r.topAccountShare,
          ],
          new Set([0, 5, 9]),
        );
    else {
      const report = equityReport(db, scope, q.subAccounts);
      if (q.kind === 'equity') for (const p of report.equity) csv.row([iso(p.time), p.equity, p.accounts]);
      else if (q.kind === 'balances')
        for (const p of report.balances) csv.row([iso(p.time), p.asset, p.amount], new Set([1]));
      else
        for (const m of report.markers)
          csv.row([iso(m.time), m.account, m.kind, m.ticker, m.amount], new Set([1, 2, 3]));
    }
    const rows = csv.lines;
    return { file: csv.finish(), rows };
  } catch (error) {
    csv.abort();
    throw error;
  }
}
