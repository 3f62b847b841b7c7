/** The sandbox's control surface: what tests and tools may do to it beyond the exchange's API. */
import type { CollateralOrders } from './collateral/orders.ts';
import type { Positions } from './collateral/positions.ts';
import type { Engine } from './engine/engine.ts';
import type { FaultOptions } from './faults.ts';
import type { TapeSource } from './routes/market-data.ts';
import type { ReceivedRequest, SandboxState } from './state.ts';
import type { CreditLoan } from './wallet-state.ts';

/** Test and tooling hooks that the exchange itself has no API for. */
export interface SandboxControl {
  /** Disables or enables a key by its current public key (key-disabled answers). */
  setKeyEnabled(apiKey: string, enabled: boolean): void;
  /** Makes the public collateral markets list answer `api.margin.unavailable`. */
  setMarginUnavailable(value: boolean): void;
  /** A sub-account key reset answers the new key record (`key`, default) or an empty object. */
  setKeyResetAnswer(answer: 'key' | 'empty'): void;
  /** Starts (all open orders of the market end with MAINTENANCE, new ones are refused) or ends maintenance. */
  setMaintenance(market: string, on: boolean): void;
  /**
   * Delists the market now: its active orders are canceled and its open positions closed by reverse
   * market orders (`delisting.ts`), both kept for `trade-account/order/history/query`; false when
   * there is no such market.
   */
  delist(market: string): boolean;
  /** Puts the whole platform into planned maintenance for `public/platform/status` ("system maintenance"), or out of it. */
  setPlatformMaintenance(on: boolean): void;
  /** Moves a market's simulated price now (ladder, mark price, margin checks follow). */
  setPrice(market: string, price: string): void;
  /**
   * Calls `listener` with every authenticated private request as it is about to be applied (REST, and
   * order methods over the WebSocket); answers a function that stops it.
   */
  watchRequests(listener: (request: ReceivedRequest) => void): () => void;
  /** Replaces the fault injection options (undefined turns faults off). */
  setFaults(options: FaultOptions | undefined): void;
  /** An incoming deposit: credited to the main balance but held until it confirms (120 s of server time). */
  deposit(label: string, ticker: string, amount: string, network?: string): string;
  /** Cancels a pending deposit or withdrawal (transaction id or uniqueId); false when none matches. */
  cancelTransaction(idOrUniqueId: string): boolean;
  /** Makes the in-process refund of a deposit fail (`refund.failed`); false when none matches. */
  failRefund(depositId: string): boolean;
  /**
   * A withdrawal of a sub-account (by label) that waits for the main account's approval, as the
   * exchange holds those of sub-accounts of type "general"; answers its id.
   */
  awaitApproval(label: string, ticker: string, amount: string): string;
  /**
   * Grants the account (by label) an active credit-line loan as the exchange's support sets one up
   * (`credit-line/loans/info` answers it, dated now); undefined ends it.
   */
  grantLoan(label: string, loan: Omit<CreditLoan, 'createdAt'> | undefined): void;
  /** Fixes a mining account's offline and low worker counts (undefined: back to the per-minute schedule); false when none has that name. */
  setWorkers(miningAccount: string, counts: { offline: number; low: number } | undefined): boolean;
  readonly webhooks: SandboxWebhooks;
  readonly state: SandboxState;
  readonly engine: Engine;
  readonly positions: Positions;
  /** Collateral limit, stop, OCO and OTO orders and their links, shared by REST and the WebSocket. */
  readonly collateralOrders: CollateralOrders;
  /** The trade tape the REST market data reads: the attached WebSocket server's feed. */
  readonly tape: TapeSource;
}

/** Webhooks are set up the way a user does it in the exchange's settings, which has no REST API. */
export interface SandboxWebhooks {
  /** Creates the account's webhook (by account label); the secret is shown only here. */
  create(label: string, url: string): { apiKey: string; apiSecret: string };
  /** Enables it after checking the consumer domain serves the key; rejects when it does not. */
  enable(label: string): Promise<void>;
  /** Delivers every due event now (deliveries also run on their own every 250 ms). */
  flush(): Promise<void>;
  /** Events still waiting for a (re)delivery. */
  pending(): number;
}
