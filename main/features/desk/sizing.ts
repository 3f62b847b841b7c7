/** How one order ticket is sized for each of many accounts: a fixed amount, weights, or a share. */
import type { Decimal } from 'decimal.js';
import { UserFacingError } from '../../errors.ts';
import { Dec, parseStep, parseStrictDecimal } from '../../rules/decimal.ts';
import type { MarketRules } from '../../rules/index.ts';

export type Sizing =
  | { kind: 'fixed'; amount: string }
  /** `total` split in proportion to each account's weight (accounts without a weight get none). */
  | { kind: 'weight'; total: string; weights: Record<string, number> }
  /** A share (0..1) of each account's available balance of the currency the order spends. */
  | { kind: 'share'; share: string };

/** Rounds down to the amount's decimals and step, so a sized amount never exceeds what was asked. */
export function floorToGrid(value: Dec | Decimal, places: number, step: string): string {
  let out = new Dec(value).toDecimalPlaces(places, Dec.ROUND_DOWN);
  const grid = parseStep(step);
  if (grid) out = out.div(grid).floor().times(grid);
  return out.toFixed();
}

/** A positive decimal typed on the ticket, read strictly; `words` name it, `field` is where it shows. */
function positive(text: string, words: string, field: string): Dec {
  let value: Dec;
  try {
    value = parseStrictDecimal(text, words);
  } catch (error) {
    if (error instanceof UserFacingError) throw new UserFacingError(error.code, error.message, field);
    throw error;
  }
  if (!value.gt(0)) throw new UserFacingError('invalid_input', `The ${words} must be more than 0.`, field);
  return value;
}

/**
 * Refuses a sizing or price that is not a plain positive decimal (no hex, exponent, infinity or sign),
 * or a share above 1, before anything is sized; the error names the field.
 */
export function checkSizing(sizing: Sizing, price: string | undefined): void {
  if (price !== undefined && price !== '') positive(price, 'price', 'draft.price');
  switch (sizing.kind) {
    case 'fixed':
      positive(sizing.amount, 'amount for each account', 'sizing.amount');
      return;
    case 'weight':
      positive(sizing.total, 'total to split', 'sizing.total');
      for (const [account, weight] of Object.entries(sizing.weights)) {
        if (!Number.isFinite(weight) || weight < 0)
          throw new UserFacingError(
            'invalid_input',
            'A weight must be a number of 0 or more.',
            `sizing.weights.${account}`,
          );
      }
      return;
    case 'share':
      if (positive(sizing.share, 'share of the balance', 'sizing.share').gt(1))
        throw new UserFacingError(
          'invalid_input',
          'The share of the balance must be between 0 and 1.',
          'sizing.share',
        );
  }
}

export interface SizingContext {
  market: MarketRules;
  /** Buy orders spend the quote currency; a buy market order's amount is itself a quote total. */
  side: 'buy' | 'sell';
  quoteAmount: boolean;
  /** Limit price, for turning a quote balance into a base amount. */
  price?: string;
}

/**
 * The amount for one account, or undefined when the sizing gives it nothing. Every decimal is read
 * strictly (see `checkSizing`); a balance the exchange reports is read the same way.
 */
export function sizeFor(
  sizing: Sizing,
  account: string,
  accounts: readonly string[],
  ctx: SizingContext,
  available?: string,
): string | undefined {
  checkSizing(sizing, ctx.price);
  const places = ctx.quoteAmount ? ctx.market.moneyPrec : ctx.market.stockPrec;
  const step = ctx.quoteAmount ? '' : ctx.market.stepSize;
  switch (sizing.kind) {
    case 'fixed':
      return sizing.amount;
    case 'weight': {
      const sum = accounts.reduce((s, a) => s.plus(sizing.weights[a] ?? 0), new Dec(0));
      const weight = new Dec(sizing.weights[account] ?? 0);
      if (!weight.gt(0) || !sum.gt(0)) return undefined;
      return floorToGrid(new Dec(sizing.total).times(weight).div(sum), places, step);
    }
    case 'share': {
      if (available === undefined) return undefined;
      let amount = parseStrictDecimal(available, 'available balance').times(sizing.share);
      // Buying a base amount with a quote balance: divide by the limit price.
      if (ctx.side === 'buy' && !ctx.quoteAmount) {
        if (!ctx.price) return undefined;
        amount = amount.div(ctx.price);
      }
      return floorToGrid(amount, places, step);
    }
  }
}
