/**
 * What the cache answers with and the windows read as it is (`views/history.ts` re-exports it). No
 * Node imports: the renderer's type-check reads this file.
 */
import type { DealView } from '../exchange/records.ts';

/** A deal of the cached history: the deal, with the registered account and the market it belongs to. */
export interface CachedDealView extends DealView {
  account: string;
  market: string;
  /** In a team desk: the operator who placed the order (from the signed-request log). */
  operator?: string;
}
