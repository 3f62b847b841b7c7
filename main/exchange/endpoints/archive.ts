/**
 * History endpoints the archive reads and no screen calls directly: closed-position PnL, funding
 * payments and converts (the schemas: `schemas/archive.ts`).
 */
import { REST } from '../registry/index.ts';
import type { ClosedPnlRecord, ConvertRecord, FundingRecord } from '../schemas/archive.ts';
import { defined, READ, type KeyCaller } from './shapes.ts';

export type { ClosedPnlRecord, ConvertRecord, FundingRecord } from '../schemas/archive.ts';

/** `limit` 1..100 (default 50), `offset + limit` at most 10,000; the window applies to the close time. */
export const CLOSED_PNL_PAGE = 100;
export const CLOSED_PNL_MAX_OFFSET = 10_000;

/** Closed positions, newest close first (then position id descending). */
export function closedPnl(
  c: KeyCaller,
  filter: { startDate?: number; endDate?: number; limit?: number; offset?: number } = {},
): Promise<ClosedPnlRecord[]> {
  return c.call(REST.closedPnl, defined({ ...filter }), READ);
}

export const FUNDING_PAGE = 100;

/** Funding payments, newest first; paged by offset only (no dates), a short page is the last. */
export async function fundingHistory(
  c: KeyCaller,
  filter: { market?: string; limit?: number; offset?: number } = {},
): Promise<FundingRecord[]> {
  return (await c.call(REST.fundingHistory, defined({ ...filter }), READ)).records;
}

/** `from`..`to` spans at most 30 days and reaches back at most six months; `limit` 1..100. */
export const CONVERT_WINDOW_S = 30 * 86_400;
export const CONVERT_PAGE = 100;

/** Converts of a window, newest first (`id` descending); `total` counts the window's records. */
export async function convertHistory(
  c: KeyCaller,
  filter: { from: number; to: number; limit?: number; offset?: number },
): Promise<{ records: ConvertRecord[]; total: number | undefined }> {
  const answer = await c.call(
    REST.convertHistory,
    defined({ ...filter, from: String(filter.from), to: String(filter.to) }),
    READ,
  );
  return { records: answer.records, total: answer.total };
}
