/** The result and payload types of alerts (plain data). */

/** The figure of an account an alert watches. */
export const ACCOUNT_METRICS = ['marginRatio', 'liquidationDistance'] as const;
export type AccountMetric = (typeof ACCOUNT_METRICS)[number];

/** "BTC_USDT last price crosses above 65000": once, or every time it crosses again (`repeat`). */
export interface PriceAlertView {
  id: string;
  kind: 'price';
  market: string;
  direction: 'above' | 'below';
  /** The level, a plain decimal string as typed. */
  price: string;
  repeat: boolean;
  /** `triggered`: a one-shot alert that fired; it fires again only once re-armed. */
  state: 'armed' | 'triggered';
  createdAtMs: number;
  firedAtMs?: number;
  /** The last price that made it fire. */
  firedPrice?: string;
}

/**
 * "Margin ratio at or above 80 %" or "liquidation within 5 %" of one account (or of every account when
 * `account` is null). It fires once per account entering that state, and clears when the account
 * leaves it (past a 5 % band, so it does not flap).
 */
export interface AccountAlertView {
  id: string;
  kind: 'account';
  account: string | null;
  metric: AccountMetric;
  /** Percent, a plain decimal string. */
  threshold: string;
  /** Accounts in the alert state now. */
  alerting: string[];
  createdAtMs: number;
  firedAtMs?: number;
}

export type AlertView = PriceAlertView | AccountAlertView;

/** An alert fired: the words of its desktop notice and of its Events entry. */
export interface AlertFiredView {
  alertId: string;
  kind: 'price' | 'account';
  /** The account it is about (account alerts). */
  account?: string;
  market?: string;
  /** "Price alert BTC_USDT", "Liquidation near on Sub 12". */
  title: string;
  /** "BTC_USDT last price 65,010.5 crossed above 65,000". */
  message: string;
  atMs: number;
  /** The alert as it is after this firing: a screen listing alerts shows it without reading the list again. */
  alert: AlertView;
}
