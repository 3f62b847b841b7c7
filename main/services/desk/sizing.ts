/** How one order ticket is sized for each of many accounts: a fixed amount, weights, or a share. */
import { Decimal } from 'decimal.js';
import type { MarketRules } from '../../rules/index.ts';

export type Sizing =
  | { kind: 'fixed'; amount: string }
  /** `total` split in proportion to each account's weight (accounts without a weight get none). */
  | { kind: 'weight'; total: string; weights: Record<string, number> }
  /** A share (0..1) of each account's available balance of the currency the order spends. */
  | { kind: 'share'; share: string };

/** Rounds down to the amount's decimals and step, so a sized amount never exceeds what was asked. */
export function floorToGrid(value: Decimal, places: number, step: string): string {
  let out = value.toDecimalPlaces(places, Decimal.ROUND_DOWN);
  if (step && new Decimal(step).gt(0)) out = out.div(step).floor().times(step);
  return out.toFixed();
}

export interface SizingContext {
  market: MarketRules;
  /** Buy orders spend the quote currency; a buy market order's amount is itself a quote total. */
  side: 'buy' | 'sell';
  quoteAmount: boolean;
  /** Limit price, for turning a quote balance into a base amount. */
  price?: string;
}

/** The amount for one account, or undefined when the sizing gives it nothing. */
export function sizeFor(
  sizing: Sizing,
  account: string,
  accounts: readonly string[],
  ctx: SizingContext,
  available?: string,
): string | undefined {
  const places = ctx.quoteAmount ? ctx.market.moneyPrec : ctx.market.stockPrec;
  const step = ctx.quoteAmount ? '' : ctx.market.stepSize;
  switch (sizing.kind) {
    case 'fixed':
      return sizing.amount;
    case 'weight': {
      const sum = accounts.reduce((s, a) => s + (sizing.weights[a] ?? 0), 0);
      const weight = sizing.weights[account] ?? 0;
      if (weight <= 0 || sum <= 0) return undefined;
      return floorToGrid(new Decimal(sizing.total).times(weight).div(sum), places, step);
    }
    case 'share': {
      if (available === undefined) return undefined;
      let amount = new Decimal(available).times(sizing.share);
      // Buying a base amount with a quote balance: divide by the limit price.
      if (ctx.side === 'buy' && !ctx.quoteAmount) {
        if (!ctx.price) return undefined;
        amount = amount.div(ctx.price);
      }
      return floorToGrid(amount, places, step);
    }
  }
}
