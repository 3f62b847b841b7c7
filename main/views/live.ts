/** The result and payload types of an account's WebSocket pushes (plain data). */
import type {
  LevelView,
  LiveTradeView,
  LiveDealView,
  CandleView,
  AdlRankView,
  LiveBorrowView,
  MarketStatsView,
  LiveEvent,
  LiveChannel,
} from '../exchange/records.ts';

export type {
  LevelView,
  LiveTradeView,
  LiveDealView,
  CandleView,
  AdlRankView,
  LiveBorrowView,
  MarketStatsView,
  LiveEvent,
  LiveChannel,
};

/**
 * An account's WebSocket: `stale` while its data may have missed a change (a ping unanswered, a push
 * that could not be read), until it has reconnected, read the account again and had a good frame.
 */
export type LiveState = 'idle' | 'connecting' | 'authorizing' | 'reconciling' | 'live' | 'stale' | 'stopped';

/** Pushes of one account's WebSocket, coalesced over a short window (replaced: superseded pushes). */
export interface LiveBatch {
  accountId: string;
  events: LiveEvent[];
  replaced: number;
}
