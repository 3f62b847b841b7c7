/**
 * What the sandbox itself says of an order it just received, computed from its own state (the book
 * as it stands before the order is applied), independently of main: whether the order is clearly
 * beyond a guard (its price far from the middle of the book, larger than the book, worth more than
 * the fixed ceiling). The model tests hold main to asking before any such order is signed.
 */
import { Decimal } from 'decimal.js';
import type { ReceivedRequest, Sandbox } from '../../main/sandbox/index.ts';

/** The order endpoint of each kind of ticket order, REST. */
export const ORDER_PATHS: Record<string, string> = {
  limit: '/api/v4/order/new',
  market: '/api/v4/order/market',
  stock_market: '/api/v4/order/stock_market',
  stop_limit: '/api/v4/order/stop_limit',
  stop_market: '/api/v4/order/stop_market',
  collateral_market: '/api/v4/order/collateral/market',
  collateral_limit: '/api/v4/order/collateral/limit',
  collateral_stop_limit: '/api/v4/order/collateral/stop-limit',
  collateral_trigger_market: '/api/v4/order/collateral/trigger-market',
  collateral_oco: '/api/v4/order/collateral/oco',
};

/** The asset the exchange reads a body's amount in: the quote for a market (or stop-market) buy. */
export function amountUnitOf(path: string, body: Record<string, unknown>): 'base' | 'quote' {
  const quoteSized = path === ORDER_PATHS['market'] || path === ORDER_PATHS['stop_market'];
  return quoteSized && body['side'] === 'buy' ? 'quote' : 'base';
}

export interface Clearly {
  /** The reasons the order is clearly beyond a guard (empty: maybe within every one). */
  beyond: string[];
}

/** The middle of the market's book as it stands (the best price of a side alone, none when empty). */
export function bookMid(sandbox: Sandbox, name: string): number | undefined {
  const market = sandbox.control.state.markets.get(name);
  if (!market) return undefined;
  const book = sandbox.control.engine.book(name);
  const best = [book.best('buy'), book.best('sell')]
    .filter((p): p is bigint => p !== null)
    .map((p) => Number(p) / 10 ** market.moneyPrec);
  return best.length ? best.reduce((a, b) => a + b) / best.length : undefined;
}

/**
 * Clear-cut cases only, with margins so that main's own reading cannot honestly differ: a price more
 * than 10 % (band 5 %) from the middle of the book now and from every price main may still be
 * measuring from (`references`: the middles of the last moments, main keeps its reading 2 s), a market
 * order larger than the whole side read (100 levels), a value above 1.2 × `ceilingUsdt`.
 */
export function clearlyBeyond(
  sandbox: Sandbox,
  r: ReceivedRequest,
  ceilingUsdt: number,
  references: readonly number[] = [],
): Clearly {
  const body = r.body;
  const name = String(body['market']);
  const market = sandbox.control.state.markets.get(name);
  if (!market || r.via !== 'rest') return { beyond: [] };
  const book = sandbox.control.engine.book(name);
  const units = (v: bigint, scale: number) => new Decimal(v.toString()).div(new Decimal(10).pow(scale));
  const levels = (side: 'buy' | 'sell') =>
    book.depth(side, 100).map(([p, q]) => [units(p, market.moneyPrec), units(q, market.stockPrec)] as const);
  const bid = levels('buy')[0]?.[0];
  const ask = levels('sell')[0]?.[0];
  const mid = bid && ask ? bid.add(ask).div(2) : (bid ?? ask);
  const amount = new Decimal(String(body['amount']));
  const beyond: string[] = [];
  const mids = [...(mid ? [mid] : []), ...references.map((m) => new Decimal(m))];
  for (const field of ['price', 'activation_price', 'stop_limit_price']) {
    const text = body[field];
    if (typeof text !== 'string' || mids.length === 0) continue;
    const price = new Decimal(text);
    if (mids.every((m) => price.div(m).sub(1).abs().gt(0.1)))
      beyond.push(`${field} ${text} more than 10 % from ${mids.map((m) => m.toFixed()).join(', ')}`);
  }
  const now = ['/api/v4/order/market', '/api/v4/order/stock_market', '/api/v4/order/collateral/market'];
  const opposite = levels(body['side'] === 'buy' ? 'sell' : 'buy');
  if (now.includes(r.path)) {
    const held =
      amountUnitOf(r.path, body) === 'quote'
        ? opposite.reduce((s, [p, q]) => s.add(p.mul(q)), new Decimal(0))
        : opposite.reduce((s, [, q]) => s.add(q), new Decimal(0));
    if (amount.gt(held))
      beyond.push(`amount ${amount.toFixed()} more than the book holds (${held.toFixed()})`);
  }
  const price = typeof body['price'] === 'string' ? new Decimal(body['price']) : undefined;
  const value =
    amountUnitOf(r.path, body) === 'quote'
      ? amount
      : price && r.path !== ORDER_PATHS['stop_market']
        ? amount.mul(price)
        : now.includes(r.path) && mid
          ? amount.mul(mid)
          : undefined;
  if (value?.gt(ceilingUsdt * 1.2))
    beyond.push(`worth ${value.toFixed()} USDT, above ${String(ceilingUsdt)}`);
  return { beyond };
}
