/**
 * The schemas of the history the archive reads and no screen calls directly: closed-position PnL,
 * funding payments and converts, each as the exchange publishes them (`http-trade-v4.yaml`).
 */
import { z } from 'zod';
import { decimal, integerLike, paging } from './primitives.ts';

/** The window applies to the close time. */
export const closedPnlRequest = z.object({
  startDate: z.number().int().optional(),
  endDate: z.number().int().optional(),
  ...paging,
});
/** One closed position's aggregated PnL (`grossPnl` has the trading fees deducted already). */
export const closedPnlSchema = z.looseObject({
  positionId: z.number().int(),
  market: z.string(),
  grossPnl: decimal,
  netPnl: decimal,
  totalTradeFee: decimal,
  totalFunding: decimal,
  avgEntryPrice: decimal,
  avgExitPrice: decimal,
  closedSize: decimal,
  amount: decimal,
  side: z.enum(['LONG', 'SHORT', 'BOTH']),
  isHedge: z.boolean(),
  openDate: z.number().int(),
  closeDate: z.number().int(),
});
export type ClosedPnlRecord = z.output<typeof closedPnlSchema>;
export const closedPnlAnswer = z.array(closedPnlSchema);

/** Paged by offset only (no dates). */
export const fundingRequest = z.object({ market: z.string().optional(), ...paging });
/** One funding payment of a position; `fundingAmount` is negative when paid, positive when received. */
export const fundingSchema = z.looseObject({
  market: z.string(),
  fundingTime: integerLike,
  fundingRate: decimal,
  fundingAmount: decimal,
  positionAmount: decimal,
  settlementPrice: decimal,
  rateCalculatedTime: integerLike.optional(),
});
export type FundingRecord = z.output<typeof fundingSchema>;
export const fundingAnswer = z.looseObject({ records: z.array(fundingSchema) });

/** `from` and `to` as Unix seconds in strings (the exchange's default: now). */
export const convertHistoryRequest = z.object({
  from: z.string().regex(/^\d+$/).optional(),
  to: z.string().regex(/^\d+$/).optional(),
  ...paging,
});
export const convertSchema = z.looseObject({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  date: z.number().int(),
  give: decimal,
  receive: decimal,
  rate: decimal,
  path: z.array(z.looseObject({ from: z.string(), to: z.string(), rate: decimal })).optional(),
});
export type ConvertRecord = z.output<typeof convertSchema>;
export const convertHistoryAnswer = z.looseObject({
  records: z.array(convertSchema),
  total: z.number().int().optional(),
});
