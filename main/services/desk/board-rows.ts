/**
 * One board row from what was last read of an account: balances valued in USDT at the last/mark
 * prices, margin, PnL, counts, the nearest liquidation and the key's state. Pure decimal math.
 */
import type { BoardRowView, BoardView, KeyStateView } from '../../views/board.ts';
import type { OrderView } from '../../views/orders.ts';
import type { PositionView } from '../../views/positions.ts';
import { Dec } from '../../rules/decimal.ts';
import { orderRow, positionRow } from './board-grids.ts';

export type SpotBalances = Record<string, { available: string; freeze: string }>;
export type CollateralBalances = Record<string, string>;
/** The main (wallet) balance by ticker; `main_balance` already holds deposits not yet confirmed. */
export type MainBalances = Record<string, { main_balance: string; pending_deposit_amount: string }>;

/** USDT price of each asset (USDT itself is 1) and the mark price of each collateral market. */
export interface Prices {
  assets: Record<string, string>;
  marks: Record<string, string>;
}

export interface Known<T> {
  value: T;
  asOfMs: number;
}

/** What is known of one account, each piece with the time it was read. */
export interface AccountPieces {
  main?: Known<MainBalances> | undefined;
  spot?: Known<SpotBalances> | undefined;
  collateral?: Known<CollateralBalances> | undefined;
  orders?: Known<OrderView[]> | undefined;
  positions?: Known<PositionView[]> | undefined;
  key?: Known<KeyStateView> | undefined;
  realizedToday?: string | undefined;
  problem?: string | undefined;
}

export interface AccountInfo {
  id: string;
  label: string;
  kind: 'main' | 'sub';
  groups: readonly string[];
  /** The exchange has the sub-account blocked: its key is refused there, whatever the last read found. */
  exchangeStatus?: 'active' | 'blocked';
}

const ZERO = new Dec(0);
/** "0", "0.00000000": most of an account's tickers hold nothing, and need no decimal at all. */
const ZERO_TEXT = /^0+(\.0+)?$/;
/**
 * Percentages are shown with 2 places: 40 significant digits keep them exact far past that, and a
 * division costs about half what it does at the rules' 80 (a refresh divides once or twice per account).
 */
const Ratio = Dec.clone({ precision: 40 });

/**
 * Each table of prices parsed once: a refresh builds a thousand rows against the same prices, and
 * every row would otherwise parse every price it uses again.
 */
const parsedTables = new WeakMap<Readonly<Record<string, string>>, Map<string, Dec | null>>();

function priceIn(table: Readonly<Record<string, string>>, name: string): Dec | undefined {
  let parsed = parsedTables.get(table);
  if (!parsed) {
    parsed = new Map();
    parsedTables.set(table, parsed);
  }
  let price = parsed.get(name);
  if (price === undefined) {
    const text = Object.hasOwn(table, name) ? table[name] : undefined;
    price = text ? new Dec(text) : null;
    parsed.set(name, price);
  }
  return price ?? undefined;
}

function valued(amount: string, asset: string, prices: Prices, unvalued: Set<string>): Dec {
  if (ZERO_TEXT.test(amount)) return ZERO;
  const d = new Dec(amount);
  if (d.isZero()) return ZERO;
  if (asset === 'USDT') return d;
  const price = priceIn(prices.assets, asset);
  if (price === undefined) {
    unvalued.add(asset);
    return ZERO;
  }
  return d.times(price);
}

/** Decimal places amounts in USDT are shown with. */
const PLACES = 2;
/** The shown zero: most of a desk's sums are nothing at all, and need no rounding. */
const ZERO_SHOWN = (0).toFixed(PLACES);
/** Rounded first, so an amount that rounds to nothing shows as 0.00, never -0.00. */
const show = (d: Dec): string =>
  d === ZERO ? ZERO_SHOWN : d.toDecimalPlaces(PLACES, Dec.ROUND_HALF_EVEN).toFixed(PLACES);
/** a + b, without a new decimal when either is the zero every sum starts from. */
const add = (a: Dec, b: Dec): Dec => (b === ZERO ? a : a === ZERO ? b : a.plus(b));

/** `part` as a percentage of `whole` (not zero), at the precision a shown percentage needs. */
const percentOf = (part: Dec, whole: Dec): Dec => new Ratio(part).times(100).div(whole);

/** The mark (or last) price the position is measured against. */
function markOf(p: PositionView, prices: Prices): Dec | undefined {
  return priceIn(prices.marks, p.market);
}

export function boardRow(account: AccountInfo, pieces: AccountPieces, prices: Prices): BoardRowView {
  const row: BoardRowView = {
    account: account.id,
    label: account.label,
    kind: account.kind,
    groups: [...account.groups],
    keyState: account.exchangeStatus === 'blocked' ? 'blocked' : (pieces.key?.value ?? 'unknown'),
  };
  const unvalued = new Set<string>();
  const times: number[] = [];
  let main = ZERO;
  let free = ZERO;
  let locked = ZERO;
  let collateral = ZERO;
  let pnl = ZERO;
  let margin = ZERO;
  if (pieces.main) {
    times.push(pieces.main.asOfMs);
    for (const [asset, b] of Object.entries(pieces.main.value))
      main = add(main, valued(b.main_balance, asset, prices, unvalued));
    row.main = show(main);
  }
  if (pieces.spot) {
    times.push(pieces.spot.asOfMs);
    for (const [asset, b] of Object.entries(pieces.spot.value)) {
      const available = valued(b.available, asset, prices, unvalued);
      const freeze = valued(b.freeze, asset, prices, unvalued);
      free = add(free, available);
      locked = add(locked, freeze);
    }
    row.free = show(free);
    row.locked = show(locked);
  }
  if (pieces.collateral) {
    times.push(pieces.collateral.asOfMs);
    for (const [asset, amount] of Object.entries(pieces.collateral.value)) {
      collateral = add(collateral, valued(amount, asset, prices, unvalued));
    }
    row.collateral = show(collateral);
  }
  if (pieces.positions) {
    times.push(pieces.positions.asOfMs);
    const positions = pieces.positions.value;
    let nearest: Dec | undefined;
    for (const p of positions) {
      pnl = pnl.plus(p.pnl ?? '0');
      margin = margin.plus(p.margin ?? '0');
      const mark = markOf(p, prices);
      if (mark && !mark.isZero() && p.liquidationPrice) {
        const distance = percentOf(mark.minus(p.liquidationPrice).abs(), mark);
        if (nearest === undefined || distance.lt(nearest)) nearest = distance;
      }
    }
    row.openPositions = positions.length;
    row.positions = positions.map((p) => positionRow(account, p));
    if (positions.some((p) => p.liquidationState === 'margin_call')) row.marginCall = true;
    row.unrealizedPnl = show(pnl);
    row.marginUsed = show(margin);
    const base = add(collateral, pnl);
    if (positions.length > 0 && base.gt(0)) row.marginRatio = show(percentOf(margin, base));
    if (nearest !== undefined) row.liquidationDistance = show(nearest);
  }
  if (pieces.orders) {
    times.push(pieces.orders.asOfMs);
    row.openOrders = pieces.orders.value.length;
    row.orders = pieces.orders.value.map((o) => orderRow(account, o));
  }
  if (pieces.main || pieces.spot || pieces.collateral)
    row.equity = show(add(add(add(add(main, free), locked), collateral), pnl));
  if (pieces.realizedToday !== undefined)
    row.realizedToday = ZERO_TEXT.test(pieces.realizedToday)
      ? ZERO_SHOWN
      : show(new Dec(pieces.realizedToday));
  if (times.length > 0) row.asOfMs = Math.min(...times);
  if (unvalued.size > 0) row.unvalued = [...unvalued].sort();
  if (pieces.problem) row.problem = pieces.problem;
  return row;
}

/** Sums of every row's amounts (rows not read yet add nothing). */
export function boardTotals(rows: readonly BoardRowView[]): BoardView['totals'] {
  const sum = (pick: (r: BoardRowView) => string | undefined): string =>
    show(rows.reduce((s, r) => s.plus(pick(r) ?? '0'), ZERO));
  return {
    equity: sum((r) => r.equity),
    main: sum((r) => r.main),
    free: sum((r) => r.free),
    locked: sum((r) => r.locked),
    unrealizedPnl: sum((r) => r.unrealizedPnl),
    marginUsed: sum((r) => r.marginUsed),
  };
}
