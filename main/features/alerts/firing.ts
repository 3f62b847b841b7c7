/**
 * What an alert watches and what its firing says: the accounts the account alerts read, and the
 * words of a price crossing or of an account's margin ratio or liquidation distance passing its level.
 */
import type { AccountAlertView, AlertFiredView, AlertView, PriceAlertView } from '../../views/alerts.ts';

/** What a firing says; the alert's state after it is added as it is sent (`AlertFiredView.alert`). */
export type AlertFiring = Omit<AlertFiredView, 'alert'>;
import type { BoardRowView } from '../../views/board.ts';
import { Dec } from '../../rules/decimal.ts';
import { grouped } from '../../rules/words.ts';

/** "65,010.5" from "65010.50": exact digits, no trailing zeros, thousands grouped. */
const shown = (value: string): string => grouped(new Dec(value).toFixed());

/** A price alert's market crossed its level at `price`. */
export function priceFiring(alert: PriceAlertView, price: string, atMs: number): AlertFiring {
  return {
    alertId: alert.id,
    kind: 'price',
    market: alert.market,
    title: `Price alert ${alert.market}`,
    message: `${alert.market} last price ${shown(price)} crossed ${alert.direction} ${shown(alert.price)}`,
    atMs,
  };
}

/** An account's margin ratio or liquidation distance (`value`) passed an account alert's level. */
export function accountFiring(
  alert: AccountAlertView,
  row: BoardRowView,
  label: string,
  value: string,
  atMs: number,
): AlertFiring {
  const v = shown(value);
  const t = shown(alert.threshold);
  const liquidation = alert.metric === 'liquidationDistance';
  return {
    alertId: alert.id,
    kind: 'account',
    account: row.account,
    title: liquidation ? `Liquidation near on ${label}` : `Margin ratio high on ${label}`,
    message: liquidation
      ? `${label}: liquidation ${v} % away (alert at ${t} %)`
      : `${label}: margin ratio ${v} % (alert at ${t} %)`,
    atMs,
  };
}

/** The accounts an account alert watches, of the `known` ones (every one for an alert on all of them). */
export function watchedAccounts(alerts: readonly AlertView[], known: readonly string[]): Set<string> {
  const watched = alerts.flatMap((a) => (a.kind === 'account' ? [a.account] : []));
  if (watched.length === 0) return new Set();
  return new Set(watched.includes(null) ? known : known.filter((id) => watched.includes(id)));
}

/** The accounts to read again for the account alerts: undefined for all, null for none. */
export function accountsToRead(
  alerts: readonly AlertView[],
  known: readonly string[],
): string[] | undefined | null {
  const watched = alerts.flatMap((a) => (a.kind === 'account' ? [a.account] : []));
  if (watched.length === 0) return null;
  if (watched.includes(null)) return undefined;
  const registered = new Set(known);
  const ids = [...new Set(watched.filter((a): a is string => a !== null && registered.has(a)))];
  return ids.length === 0 ? null : ids;
}
