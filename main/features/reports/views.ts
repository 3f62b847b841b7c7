/**
 * What the reports answer (plain data for the renderer). Amounts are exact decimal strings in the
 * currency named beside them; days are UTC (`YYYY-MM-DD`), months `YYYY-MM`.
 */

/** Realized PnL figures of one row: trading fees and funding apart, and the net of all three. */
export interface PnlFigures {
  /** The quote currency every amount of the row is in. */
  quote: string;
  deals: number;
  /** Traded value, buys plus sells. */
  volume: string;
  /** Realized at average cost, before fees. */
  realized: string;
  /** Trading fees valued in the quote currency. */
  fees: string;
  /** Funding received (+) or paid (-). */
  funding: string;
  /** realized - fees + funding. */
  net: string;
}

export interface PnlReportView {
  totals: PnlFigures[];
  byDay: Array<PnlFigures & { day: string }>;
  byAccount: Array<PnlFigures & { account: string }>;
  byMarket: Array<
    PnlFigures & {
      market: string;
      /** Spot sold with no known cost (bought before the archive begins, or deposited), in the base asset. */
      unmatched: string;
    }
  >;
  /** Series the ledger was still bringing up to date when the report was read (0: every deal counted). */
  pendingSeries: number;
}

export interface ActivityRow {
  market: string;
  month: string;
  quote: string;
  deals: number;
  /** Base amount bought and sold. */
  bought: string;
  sold: string;
  /** Quote value bought and sold, and both together. */
  boughtValue: string;
  soldValue: string;
  volume: string;
  /** Fees as charged: in the quote currency, in the base asset; and all of them valued in the quote. */
  feesQuote: string;
  feesBase: string;
  feesValue: string;
}

export interface FundingRow {
  account: string;
  market: string;
  month: string;
  quote: string;
  payments: number;
  paid: string;
  received: string;
  net: string;
}

export interface ActivityReportView {
  volume: ActivityRow[];
  funding: FundingRow[];
  fundingTotals: Array<{ quote: string; paid: string; received: string; net: string; payments: number }>;
}

/** A closed position: the exchange's own PnL beside the app's figure for the same position. */
export interface ClosedPositionView {
  account: string;
  market: string;
  positionId: number | null;
  side: string;
  openedAt: number | null;
  closedAt: number;
  quote: string;
  /** The exchange's grossPnl (fees deducted) and netPnl (funding too); null when the archive has no record. */
  exchangeGross: string | null;
  exchangeNet: string | null;
  /** The app's realized less fees, from the deals; null when the ledger saw no such position. */
  appGross: string | null;
  /** exchangeGross - appGross, when both are known. */
  difference: string | null;
  /** Why the two differ, when the app can tell (a position whose deals the archive lacks). */
  note?: string;
}

export interface WinLossView {
  quote: string;
  positions: number;
  wins: number;
  losses: number;
  even: number;
  /** wins / (wins + losses), 0..1; null with no win or loss. */
  winRate: number | null;
  wonTotal: string;
  lostTotal: string;
  averageWin: string | null;
  averageLoss: string | null;
  largestWin: string | null;
  largestLoss: string | null;
  /** wonTotal / |lostTotal|; null with no loss. */
  profitFactor: string | null;
}

export interface PositionsReportView {
  positions: ClosedPositionView[];
  /** More positions than are listed (the largest differences first, then the newest). */
  more: number;
  compared: number;
  differing: number;
  exchangeOnly: number;
  appOnly: number;
  winLoss: WinLossView[];
  winLossByMarket: Array<WinLossView & { market: string }>;
}

export interface EquityPoint {
  /** Unix seconds of the bucket's start. */
  time: number;
  /** Total equity of the accounts (the exchange's stable-coin total, USDT), the last reading in the bucket carried on. */
  equity: string;
  /** Accounts with a reading by then. */
  accounts: number;
}

export interface BalancePoint {
  time: number;
  asset: string;
  /** Main, spot and collateral balances together. */
  amount: string;
}

export interface EquityMarker {
  time: number;
  account: string;
  kind: 'deposit' | 'withdrawal' | 'transfer-in' | 'transfer-out';
  ticker: string;
  amount: string;
}

export interface EquityReportView {
  /** The bucket width: an hour for a period of up to 31 days, else a day. */
  bucketS: number;
  equity: EquityPoint[];
  balances: BalancePoint[];
  /** Per-asset balances are drawn for at most this many accounts; more: equity only. */
  balancesFor: number | null;
  markers: EquityMarker[];
  /** Markers beyond those listed (the most recent are kept). */
  moreMarkers: number;
}

export interface ExposureAssetView {
  asset: string;
  /** Spot, main and collateral balances. */
  holdings: string;
  /** Open positions' base amount (long +, short -). */
  positions: string;
  net: string;
  /** USDT price used, and where it came from. */
  price: string | null;
  priceFrom: 'mark' | 'index' | 'last deal' | 'stable' | null;
  /** |net| valued in USDT. */
  value: string | null;
  /** Share of the desk's gross value, 0..1. */
  share: number | null;
  accounts: number;
  /** The account holding the most of it, and its share of the asset's gross value. */
  topAccount: string | null;
  topAccountShare: number | null;
}

export interface ExposureReportView {
  /** When the newest reading used was taken (ms). */
  asOfMs: number | null;
  assets: ExposureAssetView[];
  /** Each account's holdings and positions valued at their size (long and short alike), and its share of all accounts' together. */
  byAccount: Array<{ account: string; value: string; share: number | null }>;
  grossValue: string;
  /** Herfindahl index of the assets' shares, 0..1 (1: all in one asset). */
  concentration: number | null;
  /** Assets with no price known: left out of the values. */
  unpriced: string[];
}

export type TaxMethod = 'FIFO' | 'LIFO';

export type { TaxLotsProgressView } from '../../views/reports.ts';

export interface TaxLotsView {
  job: string;
  file: string | null;
  method: TaxMethod;
  feesDeductible: boolean;
  disposals: number;
  lines: number;
  /** Per quote currency. */
  totals: Array<{
    quote: string;
    proceeds: string;
    cost: string;
    gain: string;
    shortTerm: string;
    longTerm: string;
  }>;
  /** Disposals (or parts) whose cost is not in the archive: bought before it begins, or deposited. */
  unknownCost: number;
  cancelled: boolean;
}
