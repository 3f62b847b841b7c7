/**
 * The last known state of an account, as every screen shows it: a value with its age and where it
 * came from. One shape for every screen (plain data).
 */
import type { MinerInfoView, MiningWorkersView, PayoutDestinationView } from './mining.ts';
import type { OrderView } from './orders.ts';
import type { CollateralView, PositionView } from './positions.ts';
import type { MainBalanceView } from './wallet.ts';

/** What is kept per account, and the view each kind holds (the one its screen's procedure answers). */
export interface KnownKinds {
  /** `balances.spot` / `board.balances`: spot trade balances by ticker. */
  'balances.spot': Record<string, { available: string; freeze: string }>;
  /** Collateral balances by ticker (the desk board's read, and `balanceMargin` pushes). */
  'balances.collateral': Record<string, string>;
  /** `positions.collateral`: collateral balances, free margin and the account summary. */
  'collateral.overview': CollateralView;
  /** `wallet.balances`: main balances by ticker. */
  'balances.main': Record<string, MainBalanceView>;
  /** `orders.active`, scope: the market ('' for all markets). */
  'orders.open': OrderView[];
  /** `positions.open`, scope: the market ('' for all markets). */
  'positions.open': PositionView[];
  /** `subaccounts.balances` (read with the main key): kept under the registered sub-account. */
  'subaccount.balances': Record<string, Array<{ main: string; spot: string; collateral: string }>>;
  /** `mining.info`, scope: the mining account's name. */
  'mining.workers': MinerInfoView;
  /**
   * A sub-account key's URL permissions as this app last set them (`subaccounts.applyPermissions`): URL ->
   * enabled. The exchange cannot read a key's settings back, so this is all that is ever seen.
   */
  'keys.permissions': Record<string, boolean>;
  /** `mining.accounts`: the pool accounts of a main account. */
  'mining.accounts': Array<{ name: string; createdAt: number }>;
  /** `mining.workers`, scope: the mining account's name. */
  'mining.hashrates': MiningWorkersView;
  /** `mining.payoutDestination` (and a change made), scope: the mining account's name. */
  'mining.payout': PayoutDestinationView;
}

export type KnownKind = keyof KnownKinds & string;

/** One account's last known value of a kind, and when it was taken from the exchange (ms). */
export interface KnownEntryView<T = unknown> {
  account: string;
  asOfMs: number;
  value: T;
}

/**
 * An account's last known values that pushes changed, merged by main, and the time they are now as of
 * (ms). Sent to a page that follows the account live.
 */
export interface KnownPushedView {
  accountId: string;
  /** Every kind changed (market-scoped ones too). */
  kinds: KnownKind[];
  asOfMs: number;
  /** The whole merged value of each kind changed ('' scope): a screen shows it as it is. */
  values: { [K in KnownKind]?: KnownKinds[K] };
  /** The whole merged value of each market-scoped kind changed, by market (a screen of one market). */
  scoped?: { [K in KnownKind]?: Record<string, KnownKinds[K]> };
}
