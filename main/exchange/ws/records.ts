/**
 * The records the WebSocket carries inside its pushes and answers, each read once into the plain view
 * the app uses: an order (snake_case, numeric side and type), a deal (positional in a push, an object
 * in a `_request` answer), an open position, a collateral balance entry. Fields the app does not know
 * are let through unread; a field it knows in the wrong type, or a missing one it needs, makes the
 * record unreadable (undefined), never a guess.
 */
import type { LiveDealView } from '../records.ts';
import type { OrderView } from '../records.ts';
import type { PositionView } from '../records.ts';
import { dealRole, isPriceless, orderStatusWord, orderTypeWord, sideWord } from '../codes.ts';

export type Fields = Record<string, unknown>;

export const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
export const fields = (v: unknown): Fields | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Fields) : undefined;
export const list = (v: unknown): unknown[] | undefined => (Array.isArray(v) ? v : undefined);

/** A decimal string as the exchange sends amounts and prices. */
const DECIMAL = /^-?\d+(\.\d+)?$/;
const decimalText = (v: unknown): string | undefined =>
  typeof v === 'string' && DECIMAL.test(v) ? v : undefined;

/**
 * Reads optional fields: absent (or null) gives the fallback, a value of the right type itself; a value
 * of the wrong type gives the fallback too but marks the record unreadable (`bad`).
 */
function optionalReader(): {
  opt: <T>(value: unknown, read: (v: unknown) => T | undefined, fallback: T) => T;
  readonly bad: boolean;
} {
  let bad = false;
  return {
    opt(value, read, fallback) {
      if (value === undefined || value === null) return fallback;
      const out = read(value);
      if (out === undefined) bad = true;
      return out ?? fallback;
    },
    get bad() {
      return bad;
    },
  };
}

const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

/**
 * An order of the WebSocket (`ordersPending`, `ordersExecuted`, an order method's answer) as the REST
 * order view. An open order's `OPEN` or `NEW` both read `NEW`; a finished record without `left` has
 * nothing left; the `price` "0" a market or stop-market order carries is no price.
 */
export function readOrder(v: unknown): OrderView | undefined {
  const o = fields(v);
  const id = num(o?.['id']);
  const market = text(o?.['market']);
  const side = sideWord(o?.['side']);
  const type = orderTypeWord(o?.['type']);
  const amount = decimalText(o?.['amount']);
  if (!o || id === undefined || !market || !side || !type || amount === undefined) return undefined;
  const check = optionalReader();
  const opt = check.opt;
  const status = opt(o['status'], orderStatusWord, undefined);
  const price = opt(o['price'], decimalText, undefined);
  const activation = opt(o['activation_price'], decimalText, undefined);
  const positionSide = opt(o['position_side'], text, undefined);
  const reduceOnly = opt(o['reduce_only'], bool, undefined);
  const stp = opt(o['stp'], text, undefined);
  const finishedAt = opt(o['ftime'], num, undefined);
  const view: OrderView = {
    orderId: id,
    clientOrderId: opt(o['client_order_id'], text, ''),
    market,
    side,
    type,
    timestamp: opt(o['ctime'], num, 0),
    amount,
    left: opt(o['left'], decimalText, '0'),
    dealStock: opt(o['deal_stock'], decimalText, '0'),
    dealMoney: opt(o['deal_money'], decimalText, '0'),
    dealFee: opt(o['deal_fee'], decimalText, '0'),
  };
  if (check.bad) return undefined;
  if (status !== undefined) view.status = status;
  if (price !== undefined && !(isPriceless(type) && /^0+(\.0+)?$/.test(price))) view.price = price;
  if (activation !== undefined) view.activation_price = activation;
  if (positionSide !== undefined) view.positionSide = positionSide;
  if (reduceOnly !== undefined) view.reduceOnly = reduceOnly;
  if (stp !== undefined) view.stp = stp;
  if (finishedAt !== undefined) view.finishedAt = finishedAt;
  return view;
}

function complete(d: { [K in keyof LiveDealView]: LiveDealView[K] | undefined }): LiveDealView | undefined {
  return Object.values(d).every((x) => x !== undefined) ? (d as LiveDealView) : undefined;
}

/**
 * A `deals_update` push (positional): `[id, time, market, orderId, price, amount, fee, clientOrderId,
 * side, role, feeAsset]`, side 1 sell / 2 buy, role 1 maker / 2 taker.
 */
export function readDealPush(p: readonly unknown[]): LiveDealView | undefined {
  const [id, time, market, orderId, price, amount, fee, clientOrderId, s, role, feeAsset] = p;
  return complete({
    id: num(id),
    time: num(time),
    market: text(market),
    orderId: num(orderId),
    price: decimalText(price),
    amount: decimalText(amount),
    fee: decimalText(fee),
    clientOrderId: clientOrderId === undefined || clientOrderId === null ? '' : text(clientOrderId),
    side: sideWord(s),
    role: dealRole(role),
    feeAsset: feeAsset === undefined || feeAsset === null ? '' : text(feeAsset),
  });
}

/** A record of a `deals_request` answer (`order_id` the account's order, `deal_order_id` the other side's). */
export function readDealRecord(v: unknown): LiveDealView | undefined {
  const r = fields(v);
  if (!r) return undefined;
  return complete({
    id: num(r['id']),
    time: num(r['time']),
    market: text(r['market']),
    orderId: num(r['order_id']),
    price: decimalText(r['price']),
    amount: decimalText(r['amount']),
    fee: decimalText(r['fee']),
    clientOrderId: text(r['client_order_id'] ?? ''),
    side: sideWord(r['side']),
    role: dealRole(r['role']),
    feeAsset: text(r['fee_asset'] ?? ''),
  });
}

/** A liquidation price: a decimal, or null where the exchange has none (null, "", "NaN"). */
const priceOrNull = (v: unknown): string | null => decimalText(v) ?? null;

/**
 * A position record of `positionsMargin` and `positionsAccountMargin` as the open-position view:
 * `funding` is the funding already paid or received, `unrealized_funding` what the next change of the
 * position settles.
 */
export function readPosition(v: unknown): PositionView | undefined {
  const r = fields(v);
  const id = num(r?.['id']);
  const market = text(r?.['market']);
  const amount = decimalText(r?.['amount']);
  if (!r || id === undefined || !market || amount === undefined) return undefined;
  const view: PositionView = {
    positionId: id,
    market,
    amount,
    basePrice: decimalText(r['base_price']) ?? null,
    liquidationPrice: priceOrNull(r['liq_price']),
  };
  const positionSide = text(r['position_side']);
  if (positionSide) view.positionSide = positionSide;
  const extras = {
    pnl: 'pnl',
    margin: 'margin',
    realizedFunding: 'funding',
    unrealizedFunding: 'unrealized_funding',
    realizedPnl: 'realized_pnl',
  } as const;
  for (const [key, raw] of Object.entries(extras) as Array<[keyof typeof extras, string]>) {
    const value = decimalText(r[raw]);
    if (value !== undefined) view[key] = value;
  }
  const openDate = num(r['ctime']);
  const modifyDate = num(r['mtime']);
  if (openDate !== undefined) view.openDate = openDate;
  if (modifyDate !== undefined) view.modifyDate = modifyDate;
  const stage = r['liq_stage'];
  if (stage === null || typeof stage === 'string') view.liquidationState = stage;
  return view;
}

/** The figures of one ticker's collateral balance, under the names `balanceMargin_request` answers. */
export type MarginBalanceFields = Record<string, string>;

/**
 * A `balanceMargin_update` push, `[{a, B, b, av, ab}, ...]` (ticker, balance, borrowed, available
 * without and with borrowing), as figures per ticker under the `_request` answer's names; undefined
 * when an entry is not in that shape.
 */
export function readMarginBalances(params: unknown): Record<string, MarginBalanceFields> | undefined {
  const entries = list(params);
  if (!entries) return undefined;
  const out: Record<string, MarginBalanceFields> = {};
  for (const entry of entries) {
    const e = fields(entry);
    const ticker = text(e?.['a']);
    const balance = decimalText(e?.['B']);
    if (!e || !ticker || balance === undefined) return undefined;
    const figures: MarginBalanceFields = { balance };
    const check = optionalReader();
    const opt = check.opt;
    for (const [short, name] of [
      ['b', 'borrow'],
      ['av', 'available_without_borrow'],
      ['ab', 'available_with_borrow'],
    ] as const) {
      const value = opt(e[short], decimalText, undefined);
      if (value !== undefined) figures[name] = value;
    }
    if (check.bad) return undefined;
    out[ticker] = figures;
  }
  return out;
}
