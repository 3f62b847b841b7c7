/** Public reference data: no authentication. */
import { z } from 'zod';
import { ExchangeError } from '../errors.ts';
import type { ExchangeHttp } from '../http.ts';
import { decimal, decimalOrEmpty, integerLike } from './shapes.ts';
import { pathWith, REST } from '../registry/index.ts';

export const marketSchema = z.looseObject({
  name: z.string(),
  stock: z.string().optional(),
  money: z.string().optional(),
  stockPrec: integerLike,
  moneyPrec: integerLike,
  minAmount: decimal,
  minTotal: decimal,
  maxTotal: decimal,
  // named by the spec; older published examples have neither: read as not provided
  tickSize: decimalOrEmpty.optional().default(''),
  stepSize: decimalOrEmpty.optional().default(''),
  type: z.string(),
  isTradFiFutures: z.boolean().optional().default(false),
  // an announced delisting (Unix seconds), null when none is announced; absent in older answers
  delistedAt: integerLike.nullish().transform((v) => v ?? null),
});
export type Market = z.output<typeof marketSchema>;

export const futuresMarketSchema = z.looseObject({
  ticker_id: z.string(),
  max_leverage: integerLike,
  // empty when there is no fresh snapshot; absent in older published examples: the same
  mark_price: decimalOrEmpty.optional().default(''),
  index_price: decimal,
  funding_rate: decimalOrEmpty,
  // the bounds the funding rate can reach: null before the first funding snapshot, absent in older answers
  funding_cap: decimal.nullish().transform((v) => v ?? null),
  funding_floor: decimal.nullish().transform((v) => v ?? null),
  brackets: z.record(z.string(), z.unknown()).optional(),
});
export type FuturesMarket = z.output<typeof futuresMarketSchema>;

const futuresSchema = z.object({ success: z.literal(true), result: z.array(futuresMarketSchema) });
/** `{success, message, result}` as the spec has it; the published example shows the bare list. */
const collateralMarketsSchema = z.union([
  z.object({ success: z.literal(true), result: z.array(z.string()) }).transform((a) => a.result),
  z.array(z.string()),
]);

export const assetSchema = z.looseObject({
  name: z.string().optional(),
  can_withdraw: z.boolean().optional(),
  can_deposit: z.boolean().optional(),
  networks: z.unknown().optional(),
});
export type Asset = z.output<typeof assetSchema>;

export function markets(http: ExchangeHttp, signal?: AbortSignal): Promise<Market[]> {
  return http.publicGet(REST.markets.path, z.array(marketSchema), {}, signal);
}

export async function futures(http: ExchangeHttp, signal?: AbortSignal): Promise<FuturesMarket[]> {
  return (await http.publicGet(REST.futures.path, futuresSchema, {}, signal)).result;
}

/**
 * Markets available for collateral trading in the caller's region. The exchange serves the list
 * from a cache refreshed about every 10 s and answers `api.margin.unavailable` while it cannot.
 */
export async function collateralMarkets(http: ExchangeHttp, signal?: AbortSignal): Promise<string[]> {
  try {
    return await http.publicGet(REST.collateralMarkets.path, collateralMarketsSchema, {}, signal);
  } catch (error) {
    if (error instanceof ExchangeError && error.status !== undefined && error.status >= 500) {
      throw new ExchangeError(
        'margin_unavailable',
        'The list of collateral markets is unavailable at the exchange right now. It refreshes about every 10 seconds; try again shortly.',
        { status: error.status },
      );
    }
    throw error;
  }
}

/** Asset list keyed by ticker. */
export function assets(http: ExchangeHttp, signal?: AbortSignal): Promise<Record<string, Asset>> {
  return http.publicGet(REST.assets.path, z.record(z.string(), assetSchema), {}, signal);
}

/** One side's fees of `public/fee`: the fixed fee (null when there is none) and the limits. */
const feeTermsSchema = z.looseObject({
  min_amount: decimal.optional(),
  max_amount: decimal.optional(),
  fixed: decimal.nullish(),
  flex: z.looseObject({ percent: decimal, min_fee: decimal, max_fee: decimal }).nullish(),
});

/**
 * An asset's deposit and withdrawal fees: a crypto asset's terms are one object; a fiat currency's
 * are keyed by payment provider.
 */
export const assetFeeSchema = z.looseObject({
  ticker: z.string().optional(),
  providers: z.array(z.string()).optional(),
  withdraw: z.union([feeTermsSchema, z.record(z.string(), feeTermsSchema)]).optional(),
  deposit: z.union([feeTermsSchema, z.record(z.string(), feeTermsSchema)]).optional(),
});
export type AssetFee = z.output<typeof assetFeeSchema>;

/** The deposit and withdrawal fees of every asset, keyed by ticker (`public/fee`). */
export function fees(http: ExchangeHttp, signal?: AbortSignal): Promise<Record<string, AssetFee>> {
  return http.publicGet(REST.fee.path, z.record(z.string(), assetFeeSchema), {}, signal);
}

export const orderBookSchema = z.looseObject({
  timestamp: z.number(),
  asks: z.array(z.tuple([decimal, decimal])),
  bids: z.array(z.tuple([decimal, decimal])),
});
export type OrderBook = z.output<typeof orderBookSchema>;

/** The market's order book, best levels first: [price, amount] pairs (RPI orders are never in it). */
export function orderBook(
  http: ExchangeHttp,
  market: string,
  limit = 50,
  signal?: AbortSignal,
): Promise<OrderBook> {
  return http.publicGet(
    pathWith(REST.orderbook, { market }),
    orderBookSchema,
    { limit: String(limit) },
    signal,
  );
}
