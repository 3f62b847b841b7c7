/**
 * Realized PnL by account, market and day (fees and funding apart), and traded volume, fees and
 * funding by market and month: sums of the ledger (`ledger-sums.ts`) and the vault's funding days,
 * added by SQLite exactly (two integer columns per figure) and finished in BigInt.
 */
import { prepared, type ReadableDB } from '../../../cache/db.ts';
import { nameOf } from '../../../cache/repos/deal-keys.ts';
import type { ActivityReportView, ActivityRow, FundingRow, PnlFigures, PnlReportView } from '../views.ts';
import { sumsByAccount, sumsByDay } from './ledger-sums.ts';
import { accountsWhere, dayText, monthText, quoteOf, Sums, text, units, type ReportScope } from './scope.ts';

type Figure = 'realized' | 'fees' | 'funding' | 'volume' | 'deals';

/** `YYYY-MM` of a row's day, in SQL (as `monthText`). */
const MONTH = "strftime('%Y-%m', day * 86400, 'unixepoch') AS month";

const sum = (columns: readonly string[]) =>
  columns.map((c) => `sum(${c}_hi) AS ${c}_hi, sum(${c}_lo) AS ${c}_lo`).join(', ');

/** Funding days in scope grouped by the `group` columns (SQL; `month`: the `MONTH` of each day). */
function fundingSums(db: ReadableDB, scope: ReportScope, group: string): Array<Record<string, unknown>> {
  const where = accountsWhere(db, scope, 'account', 'name');
  const columns = group.replace('month', MONTH);
  return prepared(
    db,
    `SELECT ${columns}, sum(payments) AS payments, ${sum(['paid', 'received'])}
     FROM vault_funding_days WHERE day >= ? AND day <= ? AND ${where.sql} GROUP BY ${group}`,
  )
    .safeIntegers(true)
    .all(scope.fromDay, scope.toDay, ...where.params) as Array<Record<string, unknown>>;
}

const market = (db: ReadableDB, row: Record<string, unknown>) =>
  nameOf(db, 'market', Number(row['market_ref']));
const account = (db: ReadableDB, row: Record<string, unknown>) =>
  nameOf(db, 'account', Number(row['account_ref']));

function addLedger(sums: Sums<Figure>, key: string, row: Record<string, unknown>): void {
  sums.add(key, 'realized', units(row, 'realized'));
  sums.add(key, 'fees', units(row, 'fee_value'));
  sums.add(key, 'volume', units(row, 'buy_value') + units(row, 'sell_value'));
  sums.add(key, 'deals', BigInt(row['deals'] as bigint));
}

const addFunding = (sums: Sums<Figure>, key: string, row: Record<string, unknown>) =>
  sums.add(key, 'funding', units(row, 'received') - units(row, 'paid'));

function figures(sums: Sums<Figure>, key: string, quote: string): PnlFigures {
  const realized = sums.get(key, 'realized');
  const fees = sums.get(key, 'fees');
  const funding = sums.get(key, 'funding');
  return {
    quote,
    deals: Number(sums.get(key, 'deals')),
    volume: text(sums.get(key, 'volume')),
    realized: text(realized),
    fees: text(fees),
    funding: text(funding),
    net: text(realized - fees + funding),
  };
}

const split = (key: string) => key.split('\n') as [string, string];

export function pnlReport(db: ReadableDB, scope: ReportScope): PnlReportView {
  const byDay = new Sums<Figure>();
  const byAccount = new Sums<Figure>();
  const byMarket = new Sums<Figure>();
  const unmatched = new Map<string, bigint>();
  for (const r of sumsByDay(db, scope)) {
    addLedger(byDay, `${String(r['day'])}\n${quoteOf(market(db, r))}`, r);
  }
  for (const r of sumsByAccount(db, scope)) {
    const m = market(db, r);
    addLedger(byAccount, `${account(db, r)}\n${quoteOf(m)}`, r);
    addLedger(byMarket, `${m}\n${quoteOf(m)}`, r);
    unmatched.set(m, (unmatched.get(m) ?? 0n) + units(r, 'unmatched'));
  }
  for (const r of fundingSums(db, scope, 'day, market'))
    addFunding(byDay, `${String(r['day'])}\n${quoteOf(String(r['market']))}`, r);
  for (const r of fundingSums(db, scope, 'account, market')) {
    const m = String(r['market']);
    addFunding(byAccount, `${String(r['account'])}\n${quoteOf(m)}`, r);
    addFunding(byMarket, `${m}\n${quoteOf(m)}`, r);
  }
  const totals = new Sums<Figure>();
  for (const key of byMarket.keys()) {
    const quote = split(key)[1];
    for (const f of ['realized', 'fees', 'funding', 'volume', 'deals'] as const)
      totals.add(quote, f, byMarket.get(key, f));
  }
  const pending = prepared(db, 'SELECT count(*) FROM deal_changes').pluck().get() as number;
  return {
    totals: totals
      .keys()
      .sort()
      .map((q) => figures(totals, q, q)),
    byDay: byDay
      .keys()
      .map((k) => split(k))
      .sort((a, b) => Number(a[0]) - Number(b[0]) || a[1].localeCompare(b[1]))
      .map(([day, quote]) => ({ day: dayText(Number(day)), ...figures(byDay, `${day}\n${quote}`, quote) })),
    byAccount: byAccount
      .keys()
      .sort()
      .map((k) => {
        const [a, quote] = split(k);
        return { account: a, ...figures(byAccount, k, quote) };
      }),
    byMarket: byMarket
      .keys()
      .sort()
      .map((k) => {
        const [m, quote] = split(k);
        return { market: m, ...figures(byMarket, k, quote), unmatched: text(unmatched.get(m) ?? 0n) };
      }),
    pendingSeries: pending,
  };
}

export function activityReport(db: ReadableDB, scope: ReportScope): ActivityReportView {
  const months = new Map<string, Record<string, bigint>>();
  for (const r of sumsByDay(db, scope)) {
    const m = market(db, r);
    const key = `${m}\n${monthText(Number(r['day']))}`;
    const row = months.get(key) ?? {};
    const add = (field: string, value: bigint) => (row[field] = (row[field] ?? 0n) + value);
    add('deals', BigInt(r['deals'] as bigint));
    for (const [field, column] of [
      ['bought', 'buy_amount'],
      ['sold', 'sell_amount'],
      ['boughtValue', 'buy_value'],
      ['soldValue', 'sell_value'],
      ['feesQuote', 'fee_quote'],
      ['feesBase', 'fee_base'],
      ['feesValue', 'fee_value'],
    ] as const)
      add(field, units(r, column));
    months.set(key, row);
  }
  const volume = [...months]
    .map(([key, r]): ActivityRow => {
      const [m, month] = split(key);
      const v = (f: string) => r[f] ?? 0n;
      return {
        market: m,
        month,
        quote: quoteOf(m),
        deals: Number(v('deals')),
        bought: text(v('bought')),
        sold: text(v('sold')),
        boughtValue: text(v('boughtValue')),
        soldValue: text(v('soldValue')),
        volume: text(v('boughtValue') + v('soldValue')),
        feesQuote: text(v('feesQuote')),
        feesBase: text(v('feesBase')),
        feesValue: text(v('feesValue')),
      };
    })
    .sort((a, b) => a.market.localeCompare(b.market) || a.month.localeCompare(b.month));
  const funding = new Map<string, { payments: bigint; paid: bigint; received: bigint }>();
  for (const r of fundingSums(db, scope, 'account, market, month')) {
    const key = `${String(r['account'])}\n${String(r['market'])}\n${String(r['month'])}`;
    const f = funding.get(key) ?? { payments: 0n, paid: 0n, received: 0n };
    f.payments += BigInt(r['payments'] as bigint);
    f.paid += units(r, 'paid');
    f.received += units(r, 'received');
    funding.set(key, f);
  }
  const rows: FundingRow[] = [];
  const totals = new Map<string, { payments: number; paid: bigint; received: bigint }>();
  for (const [key, f] of funding) {
    const [a = '', m = '', month = ''] = key.split('\n');
    const quote = quoteOf(m);
    rows.push({
      account: a,
      market: m,
      month,
      quote,
      payments: Number(f.payments),
      paid: text(f.paid),
      received: text(f.received),
      net: text(f.received - f.paid),
    });
    const t = totals.get(quote) ?? { payments: 0, paid: 0n, received: 0n };
    t.payments += Number(f.payments);
    t.paid += f.paid;
    t.received += f.received;
    totals.set(quote, t);
  }
  rows.sort(
    (a, b) =>
      a.account.localeCompare(b.account) ||
      a.market.localeCompare(b.market) ||
      a.month.localeCompare(b.month),
  );
  return {
    volume,
    funding: rows,
    fundingTotals: [...totals].map(([quote, t]) => ({
      quote,
      paid: text(t.paid),
      received: text(t.received),
      net: text(t.received - t.paid),
      payments: t.payments,
    })),
  };
}
