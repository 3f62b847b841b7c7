/**
 * History endpoints the archive reads and no screen calls directly: closed-position PnL, funding
 * payments and converts, each as the exchange publishes them (`http-trade-v4.yaml`).
 */
import { z } from 'zod';
import { REST } from '../registry/index.ts';
import { decimal, defined, integerLike, READ, type KeyCaller } from './shapes.ts';

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

/** `limit` 1..100 (default 50), `offset + limit` at most 10,000; the window applies to the close time. */
export const CLOSED_PNL_PAGE = 100;
export const CLOSED_PNL_MAX_OFFSET = 10_000;

/** Closed positions, newest close first (then position id descending). */
export function closedPnl(
  c: KeyCaller,
  filter: { startDate?: number; endDate?: number; limit?: number; offset?: number } = {},
): Promise<ClosedPnlRecord[]> {
  return c.post(REST.closedPnl.path, defined({ ...filter }), z.array(closedPnlSchema), READ);
}

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

export const FUNDING_PAGE = 100;

/** Funding payments, newest first; paged by offset only (no dates), a short page is the last. */
export async function fundingHistory(
  c: KeyCaller,
  filter: { market?: string; limit?: number; offset?: number } = {},
): Promise<FundingRecord[]> {
  const answer = await c.post(
    REST.fundingHistory.path,
    defined({ ...filter }),
    z.looseObject({ records: z.array(fundingSchema) }),
    READ,
  );
  return answer.records;
}

export const convertSchema = z.looseObject({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  date: z.number().int(),
  give: decimal,
  receive: decimal,
  rate: decimal,
  path: z.array(z.looseObject({ from: z.string(), to: z.string(), rate: decimal })).optional(),
});
export type ConvertRecord = z.output<typeof convertSchema>;

/** `from`..`to` spans at most 30 days and reaches back at most six months; `limit` 1..100. */
export const CONVERT_WINDOW_S = 30 * 86_400;
export const CONVERT_PAGE = 100;

/** Converts of a window, newest first (`id` descending); `total` counts the window's records. */
export async function convertHistory(
  c: KeyCaller,
  filter: { from: number; to: number; limit?: number; offset?: number },
): Promise<{ records: ConvertRecord[]; total: number | undefined }> {
  const answer = await c.post(
    REST.convertHistory.path,
    defined({ ...filter, from: String(filter.from), to: String(filter.to) }),
    z.looseObject({ records: z.array(convertSchema), total: z.number().int().optional() }),
    READ,
  );
  return { records: answer.records, total: answer.total };
}
