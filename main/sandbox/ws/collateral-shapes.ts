/**
 * WebSocket shapes of the collateral account, as the exchange publishes them: positions
 * (`positionsMargin`, `positionsAccountMargin`), collateral balances (`balanceMargin`), ADL ranks
 * (`ADLQuantile`) and mark prices (`premiumIndex`).
 */
import { Decimal } from 'decimal.js';
import type { MarginEvent, Position, Positions } from '../collateral/positions.ts';
import { effectiveLeverage, liquidationPrice } from '../collateral/positions.ts';
import { collateralBalance } from '../ledger.ts';
import { indexPrice, markPrice } from '../routes/public.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
import { LIQUIDATION, MARGIN_CALL } from './codes.ts';

const places = (d: Decimal): string => d.toDecimalPlaces(8).toFixed();

/**
 * One position: `funding` what it has paid or received so far, `unrealized_funding` what its next
 * change settles (the sandbox settles funding at each period, so nothing is pending), `free_margin`
 * the account's.
 */
export function positionRecord(
  state: SandboxState,
  a: Account,
  p: Position,
  free: Decimal,
): Record<string, unknown> {
  const m = state.markets.get(p.market) as MarketDef;
  const lev = effectiveLeverage(a, m);
  const last = new Decimal(state.lastPrices.get(p.market) || m.basePrice);
  return {
    id: p.positionId,
    market: p.market,
    ctime: p.openDate,
    mtime: p.modifyDate,
    amount: p.amount.toFixed(),
    amount_in_money: places(p.amount.abs().times(last)),
    base_price: places(p.basePrice),
    pnl: places(last.minus(p.basePrice).times(p.amount)),
    liq_price: liquidationPrice(p, lev) ?? '0',
    liq_stage: p.liquidationState,
    unrealized_funding: '0',
    funding: p.realizedFunding.toFixed(),
    margin: places(p.amount.abs().times(p.basePrice).div(lev)),
    free_margin: places(free),
    realized_pnl: p.realizedPnl.toFixed(),
    position_side: p.side,
  };
}

const freeMargin = (positions: Positions, a: Account): Decimal => Decimal.max(0, positions.freeMargin(a));

/** `positionsMargin` params: `{total, records}` of the account's open positions (of `markets`, or all). */
export function positionsParams(
  state: SandboxState,
  positions: Positions,
  a: Account,
  markets: readonly string[],
): { total: number; records: Array<Record<string, unknown>> } {
  const free = freeMargin(positions, a);
  const records = positions
    .of(a.id)
    .filter((p) => markets.length === 0 || markets.includes(p.market))
    .sort((x, y) => x.positionId - y.positionId)
    .map((p) => positionRecord(state, a, p, free));
  return { total: records.length, records };
}

/** `positionsAccountMargin_update` params: `[1 margin call | 2 liquidation, the position as it stood]`. */
export function marginEventParams(
  state: SandboxState,
  positions: Positions,
  a: Account,
  e: MarginEvent,
): unknown[] {
  return [
    e.event === 'margin_call' ? MARGIN_CALL : LIQUIDATION,
    positionRecord(state, a, e.position, freeMargin(positions, a)),
  ];
}

export interface MarginBalance {
  balance: string;
  borrow: string;
  available_without_borrow: string;
  available_with_borrow: string;
}

/** Collateral balances keyed by ticker, as `balanceMargin_request` answers them. */
export function marginBalances(
  state: SandboxState,
  positions: Positions,
  a: Account,
  tickers: readonly string[],
): Record<string, MarginBalance> {
  const out: Record<string, MarginBalance> = {};
  for (const t of tickers.length > 0 ? tickers : [...state.assets.keys()]) {
    const free = places(Decimal.max(0, positions.freeMargin(a, t)));
    out[t] = {
      balance: collateralBalance(a, t).toFixed(),
      borrow: '0',
      available_without_borrow: free,
      available_with_borrow: free,
    };
  }
  return out;
}

/** `balanceMargin_update` params: one `{a, B, b, av, ab}` per ticker that changed. */
export function marginBalanceEntries(changed: Record<string, MarginBalance>): unknown[] {
  return Object.entries(changed).map(([a, v]) => ({
    a,
    B: v.balance,
    b: v.borrow,
    av: v.available_without_borrow,
    ab: v.available_with_borrow,
  }));
}

/** ADL rank 0 (last in line) to 4 (first): profitable positions with a high return on margin go first. */
function rank(state: SandboxState, a: Account, p: Position, m: MarketDef): number {
  const last = new Decimal(state.lastPrices.get(p.market) || m.basePrice);
  const margin = p.amount.abs().times(p.basePrice).div(effectiveLeverage(a, m));
  const ratio = margin.isZero() ? new Decimal(0) : last.minus(p.basePrice).times(p.amount).div(margin);
  return ratio.lte(0) ? 0 : Math.min(4, ratio.div('0.05').floor().toNumber() + 1);
}

/**
 * `ADLQuantile_update` params: `[market, quantile_long, quantile_short]` per futures market the account
 * holds a position on (of `markets`, or all), a side without exposure null.
 */
export function adlRows(
  state: SandboxState,
  positions: Positions,
  a: Account,
  markets: ReadonlySet<string>,
): Array<[string, number | null, number | null]> {
  const rows = new Map<string, [string, number | null, number | null]>();
  for (const p of positions.of(a.id).sort((x, y) => x.positionId - y.positionId)) {
    const m = state.markets.get(p.market);
    if (!m || m.type !== 'futures' || p.amount.isZero()) continue;
    if (markets.size > 0 && !markets.has(m.name)) continue;
    const row = rows.get(m.name) ?? [m.name, null, null];
    row[p.amount.isPos() ? 1 : 2] = rank(state, a, p, m);
    rows.set(m.name, row);
  }
  return [...rows.values()];
}

/**
 * A `premiumIndex_update` record: `[market, mark_price, index_price, funding_rate, next_funding_time]`,
 * with the server's time last when the push names one market.
 */
export function premiumRecord(
  state: SandboxState,
  m: MarketDef,
  fundingPeriodMs: number,
  withTime: boolean,
): unknown[] {
  const now = state.now();
  const record: unknown[] = [
    m.name,
    markPrice(state, m) || state.lastPrices.get(m.name) || m.basePrice,
    indexPrice(state, m),
    m.fundingRate,
    Math.floor(now / fundingPeriodMs + 1) * (fundingPeriodMs / 1000),
  ];
  if (withTime) record.push(now / 1000);
  return record;
}
