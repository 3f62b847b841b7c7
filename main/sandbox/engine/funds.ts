/**
 * What an open spot order holds of its owner's spot balance: frozen when it is placed (a buy its quote:
 * price x amount, the quote amount, or for a stock market buy all the quote available; a sell its
 * base), frozen again for what is left when a refused modify puts it back, released when it ends.
 * Background liquidity (no account) holds nothing, but its orders count what they would hold.
 */
import { LEDGER_SCALE, freezeSpot, notEnough, spot, unfreezeSpot } from '../ledger.ts';
import type { Account, MarketDef } from '../state.ts';
import type { Order } from './order.ts';
import { pow10 } from './units.ts';

/** The asset an order holds: quote for a buy, base for a sell. */
const assetOf = (o: Order, m: MarketDef): string => (o.side === 'buy' ? m.money : m.stock);

/** Ledger units (10^-18) per unit an order counts `frozen` in: quote units for a buy, base units for a sell. */
const ledgerPer = (o: Order, m: MarketDef): bigint =>
  pow10(LEDGER_SCALE - m.stockPrec - (o.side === 'buy' ? m.moneyPrec : 0));

/** Freezes what a new order needs up front; refused (nothing frozen) when a stock market buy has no quote. */
export function freezeOrder(o: Order, m: MarketDef, acc: Account | undefined): void {
  if (o.side === 'buy') {
    if (o.quoteAmount) o.frozen = o.amount;
    else if (o.limitPrice !== null) o.frozen = o.limitPrice * o.amount;
    else {
      // stock market buy: reserve the whole available quote balance, released after matching
      o.frozen = acc ? spot(acc, m.money).available / ledgerPer(o, m) : 10n ** 40n;
      if (o.frozen <= 0n) throw notEnough();
    }
  } else o.frozen = o.amount;
  if (acc) freezeSpot(acc, assetOf(o, m), o.frozen * ledgerPer(o, m));
}

/** Freezes again what is left of an order put back (a collateral order holds no spot funds). */
export function refreezeOrder(o: Order, m: MarketDef, acc: Account | undefined): void {
  if (o.collateral) {
    o.frozen = 0n;
    return;
  }
  o.frozen = o.side === 'buy' ? (o.limitPrice ?? 0n) * o.left : o.left;
  if (acc) freezeSpot(acc, assetOf(o, m), o.frozen * ledgerPer(o, m));
}

/** Gives back what an order still holds. */
export function releaseOrder(o: Order, m: MarketDef, acc: Account | undefined): void {
  if (o.frozen <= 0n) return;
  if (acc) unfreezeSpot(acc, assetOf(o, m), o.frozen * ledgerPer(o, m));
  o.frozen = 0n;
}
