/**
 * What an order of the ticket pays the exchange: the role it fills in (a market order takes, a
 * post-only limit order makes, any other limit order may do either) and its fee at the account's own
 * rates (`market/fee`, in percent, read by main) on the order's value.
 */
import type { OrderKind } from '../../../../main/rules/types.ts';
import { Exact, plain } from '../format/exact.ts';

export type FeeRole = 'maker' | 'taker' | 'either';

/** Kinds that fill against the book at once when they go (or when triggered): always the taker. */
const TAKES: readonly OrderKind[] = [
  'market',
  'stock_market',
  'stop_market',
  'collateral_market',
  'collateral_trigger_market',
];

/** The role an order fills in, as far as its kind and flags say. */
export function feeRoleOf(order: { kind: OrderKind; postOnly?: boolean | undefined }): FeeRole {
  if (TAKES.includes(order.kind)) return 'taker';
  if (order.postOnly && (order.kind === 'limit' || order.kind === 'collateral_limit')) return 'maker';
  return 'either';
}

/** Rates in percent, as `market/fee` answers them. */
export interface FeeRates {
  readonly maker: string;
  readonly taker: string;
}

export interface OrderFee {
  readonly role: FeeRole;
  /** The rate it is worked out at, in percent: the role's, or the higher of the two for `either`. */
  readonly rate: string;
  /** value × rate / 100, in the value's asset, exact (the screen writes it to the asset's places). */
  readonly amount: string;
}

const PLAIN = /^\d+(\.\d+)?$/;

/**
 * The fee of an order of `value` (in the quote asset) at the account's rates; undefined when the value
 * or a rate is not a plain non-negative decimal. An order that may make or take is worked out at the
 * higher rate: what it pays at most.
 */
export function orderFee(value: string, rates: FeeRates, role: FeeRole): OrderFee | undefined {
  if (!PLAIN.test(value) || !PLAIN.test(rates.maker) || !PLAIN.test(rates.taker)) return undefined;
  const [maker, taker] = [new Exact(rates.maker), new Exact(rates.taker)];
  const rate = role === 'maker' ? maker : role === 'taker' ? taker : Exact.max(maker, taker);
  return { role, rate: plain(rate), amount: plain(new Exact(value).times(rate).div(100)) };
}
