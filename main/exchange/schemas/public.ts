/** The public endpoints' schemas: what a GET asks in its query, and how the client reads each answer. */
import { z } from 'zod';
import { decimal, decimalOrEmpty, integerLike } from './primitives.ts';

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
export const marketsAnswer = z.array(marketSchema);

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

export const futuresAnswer = z.object({ success: z.literal(true), result: z.array(futuresMarketSchema) });
/** `{success, message, result}` as the spec has it; the published example shows the bare list. */
export const collateralMarketsAnswer = z.union([
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
export const assetsAnswer = z.record(z.string(), assetSchema);

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
export const feesAnswer = z.record(z.string(), assetFeeSchema);

/** The order book's query: how many levels of each side (the market is in the path). */
export const orderBookQuery = z.strictObject({ limit: z.string().regex(/^\d+$/).optional() });

export const orderBookSchema = z.looseObject({
  timestamp: z.number(),
  asks: z.array(z.tuple([decimal, decimal])),
  bids: z.array(z.tuple([decimal, decimal])),
});
export type OrderBook = z.output<typeof orderBookSchema>;

/** `public/platform/status`: the whole platform's state; any other word than maintenance reads as working. */
export const platformStatusAnswer = z.looseObject({ status: z.string() });
export type PlatformStatus = z.output<typeof platformStatusAnswer>;

/** `public/time`: the exchange's clock, in Unix seconds. */
export const serverTimeAnswer = z.looseObject({ time: z.number().int().nonnegative() });

/** `public/ping`: `["pong"]` while the API answers. */
export const pingAnswer = z.array(z.string());

/** A funding-history query: a window in Unix seconds and a page (the market is in the path). */
export const fundingHistoryQuery = z.strictObject({
  startDate: z.string().regex(/^\d+$/).optional(),
  endDate: z.string().regex(/^\d+$/).optional(),
  limit: z.string().regex(/^\d+$/).optional(),
  offset: z.string().regex(/^\d+$/).optional(),
});

/** One funding settlement of a futures market (times in Unix seconds). */
export const fundingSettlementSchema = z.looseObject({
  fundingTime: integerLike,
  fundingRate: decimal,
  market: z.string(),
  settlementPrice: decimal,
  rateCalculatedTime: integerLike,
});
export type FundingSettlement = z.output<typeof fundingSettlementSchema>;
/** Newest first; a page shorter than its limit is the last. */
export const fundingHistoryAnswer = z.array(fundingSettlementSchema);

/** `public/mining-pool`: the whole pool's figures (hashrates in H/s). */
export const miningPoolAnswer = z.looseObject({
  data: z.looseObject({
    connection_links: z.array(z.string()).default([]),
    location: z.string().optional(),
    assets: z.array(z.string()).default([]),
    reward_schemes: z.array(z.string()).default([]),
    workers: integerLike,
    current_hash_rate: decimal,
    last7days_hash_rate: z.array(z.looseObject({ timestamp: integerLike, hashrate: decimal })).default([]),
    blocks: z.array(z.looseObject({ block_found_at: integerLike, block_height: integerLike })).default([]),
  }),
});
export type MiningPool = z.output<typeof miningPoolAnswer>['data'];

/** `public/trades/{market}`: only one side's trades when `type` is given. */
export const publicTradesQuery = z.strictObject({ type: z.enum(['buy', 'sell']).optional() });
/**
 * A market's recent trades, newest first. The exchange names the amounts the other way round: on
 * BTC_USDT `quote_volume` is the BTC amount and `base_volume` the USDT total.
 */
export const publicTradesAnswer = z.array(
  z.looseObject({
    tradeID: integerLike,
    price: decimal,
    quote_volume: decimal,
    base_volume: decimal,
    trade_timestamp: z.number(),
    type: z.enum(['buy', 'sell']),
    rpi: z.boolean().optional(),
  }),
);

/** `public/ticker`: every market's last 24 hours, keyed by market (volumes: base and quote asset). */
export const tickersAnswer = z.record(
  z.string(),
  z.looseObject({
    last_price: decimal,
    quote_volume: decimal,
    base_volume: decimal,
    isFrozen: z.boolean().optional().default(false),
    // the change in percent since the 24 h open
    change: decimal,
  }),
);
export type Tickers = z.output<typeof tickersAnswer>;
