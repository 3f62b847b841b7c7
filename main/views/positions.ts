/** The result and payload types of one account's collateral positions (plain data). */
import type { OrderView, RuleIssueView } from './orders.ts';
import type { OpenPositionView, PositionView, TpSlLegView } from '../exchange/records.ts';

export type { OpenPositionView, PositionView, TpSlLegView };

/**
 * What a leverage change would do to each open position of the account, before it is made: the
 * Positions screen shows it while the person chooses, and main's question before a raise says it.
 */
export interface LeveragePreviewView {
  /** The account's leverage in force now; null when the exchange did not say. */
  leverageNow: number | null;
  leverage: number;
  positions: Array<{
    positionId: number;
    market: string;
    positionSide?: string;
    /** Signed base amount: negative for a short. */
    amount: string;
    /** The price the position is marked at now (mark, else last, else the middle of the book). */
    mark?: string;
    /** The liquidation price now, as the exchange gives it. */
    liquidationPrice: string | null;
    /** The liquidation price at the new level; null when the position says too little to know it. */
    liquidationAt: string | null;
    /** Take-profit / stop-loss legs that would trigger only past the new liquidation price. */
    legsBeyond: TpSlLegView[];
  }>;
}

/** What the legs typed on the Positions form break, and the price they are measured against. */
export interface TpSlCheckView {
  issues: RuleIssueView[];
  /** The market's price now: its mark price, else its last price, else the middle of its book. */
  reference?: { price: string; name: string };
}

/** The legs `positions.addTpSl` placed (a leg is absent when its price was not given). */
export interface TpSlLegsView {
  takeProfit?: OrderView;
  stopLoss?: OrderView;
}

/** A cached position history record: the position after one order changed it (times in Unix seconds). */
export interface PositionHistoryView {
  account: string;
  positionId: number;
  market: string;
  openDate: number;
  modifyDate: number;
  amount: string;
  basePrice: string;
  realizedFunding: string;
  liquidationPrice: string | null;
  liquidationState: 'margin_call' | 'liquidation' | null;
  /** The order that changed the position. */
  orderDetail: {
    id: number;
    tradeAmount: string;
    price: string;
    tradeFee: string;
    fundingFee?: string | null | undefined;
    realizedPnl?: string | null | undefined;
  };
  side: 'LONG' | 'SHORT' | 'BOTH';
  isHedge: boolean;
}

/** A cached borrow history record (opened at `timestamp`, Unix seconds; `seq` parts one second's borrows). */
export interface BorrowView {
  account: string;
  asset: string;
  amount: string;
  principal: string;
  interest: string;
  status: 'active' | 'repaid' | 'liquidated';
  timestamp: number;
  seq: number;
}

/** The collateral account at a glance: balances per currency (zero ones left out) and free margin. */
export interface CollateralView {
  balances: Record<string, string>;
  /** Margin still free for new positions; null when the exchange tells neither way. */
  freeMargin: string | null;
  /** Where the free margin came from: the account summary, or the open positions' `freeMargin`. */
  source: 'summary' | 'positions' | null;
  equity?: string;
  margin?: string;
  pnl?: string;
  leverage?: number;
}
