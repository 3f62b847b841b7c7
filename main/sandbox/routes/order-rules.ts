/** Order request rules shared by the order endpoints: market, side, flags, precision, steps, totals. */
import { Decimal } from 'decimal.js';
import type { Stp } from '../engine/book.ts';
import { ApiError, fieldError, regionBlocked, tradeError, validationError } from '../http/errors.ts';
import { optBool, optInt, optString, parseDecimal, required } from '../http/fields.ts';
import type { Body } from '../http/fields.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';

const CLIENT_ID_RE = /^[A-Za-z0-9._-]+$/;
const STP_NAMES: Record<string, Stp> = {
  no: 'no',
  cb: 'cb',
  cn: 'cn',
  co: 'co',
  cancel_both: 'cb',
  cancel_new: 'cn',
  cancel_old: 'co',
};

/**
 * Validation codes the exchange gives by field: 31 the market, 32 the amount, 33 a price; 30 any other
 * (a missing field, a total out of bounds).
 */
export const MARKET_CODE = 31;
export const AMOUNT_CODE = 32;
export const PRICE_CODE = 33;

/** The market is unknown, disabled or not traded this way: code 31. */
export function marketUnavailable(text = 'Market is not available.'): ApiError {
  return fieldError('market', text, MARKET_CODE);
}

export function decimalsOf(d: Decimal): number {
  return d.decimalPlaces();
}

export function spotMarket(state: SandboxState, body: Body): MarketDef {
  const name = optString(body, 'market');
  if (!name) throw fieldError('market', required('market'));
  const m = state.markets.get(name);
  if (!m) throw marketUnavailable();
  if (state.maintenance.has(name)) throw marketUnavailable('Market is under maintenance.');
  return m;
}

export function side(body: Body): 'buy' | 'sell' {
  const v = body['side'];
  if (v === undefined || v === null || v === '') throw fieldError('side', required('side'));
  if (v !== 'buy' && v !== 'sell') throw fieldError('side', 'The selected side is invalid.');
  return v;
}

/** Legacy STP names are accepted and answered abbreviated. */
export function stp(body: Body): Stp {
  const v = body['stp'];
  if (v === undefined || v === null) return 'no';
  const mapped = typeof v === 'string' ? STP_NAMES[v] : undefined;
  if (!mapped) throw fieldError('stp', 'The selected stp is invalid.');
  return mapped;
}

export function clientOrderId(body: Body): string {
  const v = body['clientOrderId'];
  if (v === undefined || v === null || v === '') return '';
  if (typeof v !== 'string' || !CLIENT_ID_RE.test(v) || v.length > 255)
    throw new ApiError(422, {
      code: 36,
      message: 'Validation failed',
      errors: {
        clientOrderId: ['ClientOrderId field should contain only latin letters, numbers and dashes.'],
      },
    });
  return v;
}

export function duplicateClientOrderId(): ApiError {
  return new ApiError(422, {
    code: 36,
    message: 'Validation failed',
    errors: { clientOrderId: ['This client order id is already used by the current account.'] },
  });
}

function isMultiple(value: Decimal, step: string): boolean {
  if (!step) return true;
  return value.mod(new Decimal(step)).isZero();
}

/** Price-like field (code 33): a positive number, at most moneyPrec decimals, a multiple of tickSize. */
export function checkPrice(m: MarketDef, field: string, raw: unknown): Decimal {
  if (raw === undefined || raw === null || raw === '') throw fieldError(field, required(field));
  const d = parseDecimal(field, raw, PRICE_CODE);
  if (d.lte(0)) throw fieldError(field, `The ${field} must be greater than 0.`, PRICE_CODE);
  if (decimalsOf(d) > m.moneyPrec)
    throw fieldError(
      field,
      `Min price step = ${new Decimal(1).div(10 ** m.moneyPrec).toFixed()}`,
      PRICE_CODE,
    );
  if (!isMultiple(d, m.tickSize)) throw fieldError(field, `Min price step = ${m.tickSize}`, PRICE_CODE);
  return d;
}

/** Base amount (code 32): at most stockPrec decimals, a multiple of stepSize, at least minAmount. */
export function checkAmount(m: MarketDef, raw: unknown, field = 'amount'): Decimal {
  if (raw === undefined || raw === null || raw === '') throw fieldError(field, required(field));
  const d = parseDecimal(field, raw, AMOUNT_CODE);
  if (d.lte(0)) throw fieldError(field, `The ${field} must be greater than 0.`, AMOUNT_CODE);
  if (decimalsOf(d) > m.stockPrec)
    throw fieldError(
      field,
      `Min amount step = ${new Decimal(1).div(10 ** m.stockPrec).toFixed()}`,
      AMOUNT_CODE,
    );
  if (!isMultiple(d, m.stepSize)) throw fieldError(field, `Min amount step = ${m.stepSize}`, AMOUNT_CODE);
  if (d.lt(m.minAmount))
    throw fieldError(field, `Given amount is less than min amount ${m.minAmount}`, AMOUNT_CODE);
  return d;
}

/** Quote amount of a buy market order (code 32): exempt from the amount step; at least minTotal. */
export function checkQuoteAmount(m: MarketDef, raw: unknown): Decimal {
  if (raw === undefined || raw === null || raw === '') throw fieldError('amount', required('amount'));
  const d = parseDecimal('amount', raw, AMOUNT_CODE);
  if (d.lte(0)) throw fieldError('amount', 'The amount must be greater than 0.', AMOUNT_CODE);
  if (decimalsOf(d) > m.moneyPrec)
    throw fieldError(
      'amount',
      `Min amount step = ${new Decimal(1).div(10 ** m.moneyPrec).toFixed()}`,
      AMOUNT_CODE,
    );
  if (d.lt(m.minTotal)) throw fieldError('amount', `Total is less than ${m.minTotal}.`, AMOUNT_CODE);
  if (m.maxTotal !== '0' && d.gt(m.maxTotal))
    throw fieldError('amount', `Total is greater than ${m.maxTotal}.`, AMOUNT_CODE);
  return d;
}

/** amount x price >= minTotal, and <= maxTotal unless maxTotal is `0`. */
export function checkTotal(m: MarketDef, amount: Decimal, price: Decimal): void {
  const total = amount.times(price);
  if (total.lt(m.minTotal)) throw fieldError('total', `Total(amount * price) is less than ${m.minTotal}.`);
  if (m.maxTotal !== '0' && total.gt(m.maxTotal))
    throw fieldError('total', `Total(amount * price) is greater than ${m.maxTotal}.`);
}

export interface LimitFlags {
  postOnly: boolean;
  ioc: boolean;
  rpi: boolean;
  retail: boolean;
  bboRole: 1 | 2 | undefined;
}

/** Flag combinations, region availability and account entitlements of a limit order. */
export function limitFlags(state: SandboxState, account: Account, body: Body): LimitFlags {
  const postOnlyRaw = optBool(body, 'postOnly');
  const ioc = optBool(body, 'ioc') ?? false;
  const rpi = optBool(body, 'rpi') ?? false;
  const retail = optBool(body, 'retail') ?? false;
  const role = optInt(body, 'bboRole');
  if (role !== undefined && role !== 1 && role !== 2)
    throw fieldError('bboRole', 'The selected bboRole is invalid.');
  const region = state.regions.get(account.region);
  if (role !== undefined && region?.blocked.has('bboRole')) throw regionBlocked('bboRole');
  if (rpi && region?.blocked.has('rpi')) throw regionBlocked('rpi');
  if (retail && region?.blocked.has('retail')) throw regionBlocked('retail');
  const postOnly = postOnlyRaw ?? false;
  if (postOnly && role !== undefined)
    throw fieldError('postOnly', 'The postOnly flag is allowed only when bboRole is not set.');
  if (postOnly && ioc)
    throw new ApiError(422, {
      code: 37,
      message: 'The ioc and postOnly flags cannot be combined.',
      errors: { ioc: ['The ioc and postOnly flags cannot be combined.'] },
    });
  if (rpi && ioc) throw tradeError(40, 'rpi', 'RPI orders cannot be immediate-or-cancel.');
  if (rpi && postOnlyRaw === true)
    throw validationError({ postOnly: ['RPI orders are post-only by themselves; do not send postOnly.'] });
  if (rpi && !account.rpi) throw tradeError(43, 'rpi', 'RPI is not enabled for this account.');
  if (retail && !account.retail)
    throw tradeError(42, 'retail', 'The Retail flag is not enabled for this account.');
  return { postOnly: postOnly || rpi, ioc, rpi, retail, bboRole: role as 1 | 2 | undefined };
}
