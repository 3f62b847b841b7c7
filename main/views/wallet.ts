/** The result and payload types of one account's main-balance wallet (plain data). */

export interface MainBalanceView {
  main_balance: string;
  pending_deposit_amount: string;
}

export interface WithdrawableView {
  totalBalanceStable: string;
  lockedBalanceStable: string;
  availableBalanceStable: string;
  assets: Record<string, string>;
}

/** What the exchange publishes about moving one currency out (public asset list). */
export interface WalletAssetView {
  ticker: string;
  name: string;
  canWithdraw: boolean;
  canDeposit: boolean;
  /** Smallest and largest withdrawal, when the exchange publishes them. */
  minWithdraw: string | null;
  maxWithdraw: string | null;
  /** The fixed withdrawal fee charged on top of the amount; null when the exchange does not publish it. */
  withdrawFee: string | null;
  /** Decimal places an amount may have, when published. */
  precision: number | null;
  networks: string[];
  defaultNetwork: string | null;
  /** Fiat withdrawals need a provider. */
  fiat: boolean;
  /** Withdrawals carry a memo or destination tag beside the address. */
  memo: boolean;
}

export interface RefundView {
  id: string | null;
  depositId: string | null;
  ticker: string | null;
  amount: string | null;
  memo: string | null;
  /** Where the refund was sent, when the record names it. */
  address: string | null;
  status: 'in_process' | 'successful' | 'canceled';
  /** Unix seconds, when given. */
  createdAt: number | null;
}

/** A labelled address of the profile's address book. */
export interface AddressEntryView {
  id: string;
  label: string;
  network: string;
  address: string;
  /** Destination tag or memo, on networks that need one. */
  memo: string | null;
  addedAtMs: number;
}

/** Whether an address can exist on a network, as the person types it. */
export interface AddressCheckView {
  /** The network the withdrawal would go over (the currency's default when none was chosen). */
  network: string;
  /** Empty when the address (and memo) can exist there. */
  problem: { field: string; message: string } | null;
  /** What the network needs beside the address ("destination tag"), or null. */
  memo: string | null;
  /** The book's entry for this address, or null when it is not in the book. */
  inBook: AddressEntryView | null;
}

/** A created service code: the code itself went to the clipboard in main and never crosses the bridge. */
export interface CreatedCodeView {
  externalId: string;
  message: string;
  /** The code masked to its first and last characters, to recognise it when pasted. */
  hint: string;
  copied: boolean;
}

/** A page of an account's service codes, newest first; the codes themselves stay in main. */
export interface ServiceCodesView {
  /** How many codes the list holds in all. */
  total: number;
  records: Array<{
    externalId: string;
    ticker: string;
    amount: string;
    /** In the history: `made` by this account (the amount left it) or `applied` (it came in); null in "made". */
    way: 'made' | 'applied' | null;
    /** As the exchange words it ("active", "Activated"). */
    status: string;
    atMs: number;
    /** The code masked to its first and last four characters. */
    hint: string;
  }>;
}

/**
 * A currency's withdrawal fee for this account, from its own fee schedule: `fixed`, or where `flex`
 * is on, that percent of the amount held between `min` and `max` (null: no maximum).
 */
export interface WithdrawFeeView {
  ticker: string;
  /** The network the schedule names for it; null: every network of the currency. */
  network: string | null;
  fixed: string;
  flex: { percent: string; min: string; max: string | null } | null;
}

/**
 * A convert quote as the person reviews it: what is given and what comes back (decimal strings as the
 * exchange quoted them), the rate (`to` per one `from`), and until when it can be confirmed.
 */
export interface ConvertQuoteView {
  quoteId: string;
  from: string;
  to: string;
  /** The side the person fixed the amount of: `from` gives exactly `give`, `to` receives exactly `receive`. */
  direction: 'from' | 'to';
  give: string;
  receive: string;
  rate: string;
  /** After this (ms since the epoch, this computer's clock) the quote cannot be confirmed. */
  expiresAtMs: number;
}

/** A convert done at a quote: what the exchange says was given and received. */
export interface ConvertDoneView {
  quoteId: string;
  from: string;
  to: string;
  give: string;
  receive: string;
}

/** A service code applied to the main balance: what came in, and the code masked. */
export interface AppliedCodeView {
  ticker: string;
  amount: string;
  externalId: string;
  /** The code masked to its first and last characters, to recognise it. */
  hint: string;
}

export interface BalanceSampleView {
  /** When the snapshot was taken (ms since epoch). */
  t: number;
  main: string;
  pending: string;
}

export interface BalanceHistoryView {
  ticker: string;
  /** Oldest first. */
  samples: BalanceSampleView[];
  /** The newest stored main-balance snapshot of the account (every ticker), for offline reading. */
  newest: { takenAtMs: number; balances: Record<string, MainBalanceView> } | null;
}

/** A deposit or withdrawal of the main balance, read from the exchange's history record. */
export interface TransferView {
  /** The transaction id, else the record id ('' when the exchange gave neither). */
  id: string;
  kind: 'deposit' | 'withdrawal';
  uniqueId: string;
  ticker: string;
  amount: string;
  fee: string;
  network: string;
  address: string;
  /** The memo or destination tag sent with it ('' when none). */
  memo: string;
  status: string;
  /** ms since epoch, or null when the exchange gave no time. */
  atMs: number | null;
}

/** A flex investment of the account (plan is the id that closes it). */
export interface FlexInvestmentView {
  plan: string;
  id?: string;
  ticker: string;
  invested: string | null;
  status: 'ACTIVE' | 'CLOSED';
  autoReinvest: boolean;
  /** Unix seconds, when listed. */
  createdAt: number | null;
}

/** Where to send a deposit: the account's address with its memo, what the exchange accepts, its fees. */
export interface DepositAddressView {
  account: string;
  accountLabel: string;
  ticker: string;
  /** The network asked for; null: the currency's default. */
  network: string | null;
  address: string;
  /** The memo or destination tag to send with it; null when the network takes none. */
  memo: string | null;
  /** The smallest deposit credited; null when the exchange did not say. */
  minAmount: string | null;
  /** The largest deposit accepted; null: no limit. */
  maxAmount: string | null;
  fixedFee: string;
  /** A fee of a percentage, between a least and a most; null when there is none. */
  flexFee: { percent: string; minFee: string; maxFee: string } | null;
}
