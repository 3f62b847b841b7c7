/**
 * Converts between the main balance's currencies, as the exchange publishes them: a quote
 * (`convert/estimate`, valid 10 s) confirmed once (`convert/confirm`), or both in one call
 * (`convert/auto-confirm`, repeated safely under an idempotency key). One price for all three: the
 * assets' USDT prices less a 0.2 % spread; what is given and received is rounded in the desk's
 * disfavour (given up, received down), to each asset's precision.
 */
import { Decimal } from 'decimal.js';
import { ApiError, fieldError, validationError } from '../http/errors.ts';
import { fmt, oneOf, optString, parseDecimal, reqString, required } from '../http/fields.ts';
import type { Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { debitMain, freeMain, mainBalance } from '../ledger.ts';
import { uuidFrom } from '../fixture.ts';
import type { Account, SandboxState } from '../state.ts';
import { logConvert } from './archive-history.ts';

/** How long a quote holds, as published. */
export const QUOTE_TTL_S = 10;
const SPREAD = '0.998';

interface Priced {
  from: string;
  to: string;
  give: Decimal;
  receive: Decimal;
  rate: Decimal;
}

interface Quote extends Priced {
  id: string;
  accountId: string;
  expireAt: number;
  used: boolean;
}

/** A published request refusal: 422 with its code and the field's message key. */
const refusal = (code: number, field: string, key: string): ApiError =>
  validationError({ [field]: [key] }, code);

/** A balance that does not cover what is given: 400 code 37, checked at the quote and at the confirm. */
function covered(account: Account, p: Priced): void {
  if (p.give.gt(freeMain(account, p.from)))
    throw new ApiError(400, {
      code: 37,
      message: 'Validation failed',
      errors: { amount: ['validation.balance'] },
    });
}

/**
 * The pair and the amount of a convert request, priced. `strict` reads the estimate's published
 * validation (every field required, the message keys as the exchange sends them); auto-confirm keeps
 * its own (direction defaults to `from`).
 */
function price(state: SandboxState, body: Body, strict: boolean): Priced {
  for (const field of strict ? ['from', 'to', 'direction', 'amount'] : ['from', 'to'])
    if (body[field] === undefined || body[field] === null || body[field] === '')
      throw refusal(30, field, strict ? 'validation.required' : required(field));
  const from = reqString(body, 'from');
  const to = reqString(body, 'to');
  const fromAsset = state.assets.get(from);
  const toAsset = state.assets.get(to);
  if (strict && (!fromAsset || !toAsset || from === to))
    throw refusal(0, 'from', 'Conversion markets not available');
  if (!fromAsset) throw fieldError('from', 'The selected from is invalid.');
  if (!toAsset || to === from) throw fieldError('to', 'The selected to is invalid.');
  const raw = body['direction'];
  if (strict && raw !== 'from' && raw !== 'to')
    throw refusal(30, 'direction', 'Direction field does not exist in [from,to].');
  const direction = oneOf(body, 'direction', ['from', 'to'] as const) ?? 'from';
  // the exchange's own example writes thousands with commas ("35,103.1"); it reads 8 decimals
  const text = typeof body['amount'] === 'string' ? body['amount'].replaceAll(',', '') : body['amount'];
  const amount = parseDecimal('amount', text).toDecimalPlaces(8, Decimal.ROUND_DOWN);
  if (amount.lte(0)) throw fieldError('amount', 'The amount must be greater than 0.');
  const rate = new Decimal(fromAsset.usdtPrice).div(toAsset.usdtPrice).times(SPREAD);
  const give =
    direction === 'from' ? amount : amount.div(rate).toDecimalPlaces(fromAsset.precision, Decimal.ROUND_UP);
  const receive =
    direction === 'from' ? amount.times(rate).toDecimalPlaces(toAsset.precision, Decimal.ROUND_DOWN) : amount;
  if (strict && (receive.isZero() || give.isZero()))
    throw refusal(0, 'amount', 'validation.amount_too_small');
  return { from, to, give, receive, rate };
}

/** Moves the convert's amounts on the main balance and records it for `convert/history`. */
function apply(state: SandboxState, account: Account, p: Priced): void {
  debitMain(account, p.from, p.give);
  account.main.set(p.to, mainBalance(account, p.to).plus(p.receive));
  logConvert(state, account.id, {
    from: p.from,
    to: p.to,
    give: fmt(p.give),
    receive: fmt(p.receive),
    rate: p.rate,
  });
}

export function convertRoutes(state: SandboxState): PrivateRoute[] {
  /** Quotes live for seconds: they are not saved with the sandbox's state. */
  const quotes = new Map<string, Quote>();
  let next = 1;
  const route = (path: string, handler: PrivateRoute['handler']): PrivateRoute => ({
    method: 'POST',
    path,
    handler,
  });
  return [
    route('/api/v4/convert/estimate', ({ account, body }) => {
      const p = price(state, body, true);
      covered(account, p);
      const nowS = Math.floor(state.now() / 1000);
      for (const [id, q] of quotes) if (q.expireAt < nowS - 60) quotes.delete(id);
      const quote: Quote = {
        ...p,
        id: String(next++),
        accountId: account.id,
        expireAt: nowS + QUOTE_TTL_S,
        used: false,
      };
      quotes.set(quote.id, quote);
      return {
        id: quote.id,
        from: p.from,
        to: p.to,
        give: fmt(p.give),
        receive: fmt(p.receive),
        rate: p.rate.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
        expireAt: quote.expireAt,
      };
    }),
    route('/api/v4/convert/confirm', ({ account, body }) => {
      const raw = body['quoteId'];
      if (raw === undefined || raw === null || raw === '')
        throw refusal(30, 'quoteId', 'validation.required');
      const id = typeof raw === 'number' ? String(raw) : raw;
      if (typeof id !== 'string' || !/^\d+$/.test(id))
        throw refusal(30, 'quoteId', 'validation.numeric_integer');
      if (id.length > 20) throw refusal(30, 'quoteId', 'validation.numeric_field_length');
      // a quote used already and one that never was (or is another account's) answer alike
      const quote = quotes.get(id);
      if (!quote || quote.used || quote.accountId !== account.id)
        throw refusal(0, 'quoteId', 'frontendServerSide.converter.quoteInvalid');
      if (Math.floor(state.now() / 1000) > quote.expireAt)
        throw new ApiError(400, {
          code: 20,
          message: 'Validation failed',
          errors: { quoteId: ['api.converter.quoteExpired'] },
        });
      covered(account, quote);
      quote.used = true;
      apply(state, account, quote);
      return { finalGive: fmt(quote.give), finalReceive: fmt(quote.receive) };
    }),
    route('/api/v4/convert/auto-confirm', ({ account, body }) => {
      const key = optString(body, 'idempotencyKey');
      if (key !== undefined && (key.length < 8 || key.length > 128))
        throw fieldError('idempotencyKey', 'The idempotencyKey must be between 8 and 128 characters.');
      const p = price(state, body, false);
      const previous = key ? state.wallet.converts.get(`${account.id}|${key}`) : undefined;
      if (previous) return previous;
      apply(state, account, p);
      const result = {
        finalGive: fmt(p.give),
        finalReceive: fmt(p.receive),
        id: uuidFrom(state.rng.hex(16)),
      };
      if (key) state.wallet.converts.set(`${account.id}|${key}`, result);
      return result;
    }),
  ];
}
