/**
 * The rules of every wallet money input, checked in main whatever the renderer checked: strict
 * decimals (digits and one point: no hex, exponent, sign, Infinity or NaN), the currency's precision
 * and withdrawal limits, the service-code bounds, the passphrase and the convert pair. Each problem
 * names its field in plain words.
 */
import { checkAddress } from './address.ts';
import { Dec, parsePlain, show } from './decimal.ts';
import { grouped } from './guards.ts';
import { MAX_DECIMAL_CHARS } from './numbers.ts';
import type { RuleIssue } from './types.ts';

/** What the exchange publishes about withdrawing one currency (null: not published). */
export interface WithdrawalFacts {
  readonly ticker: string;
  readonly canWithdraw: boolean;
  readonly minWithdraw: string | null;
  readonly maxWithdraw: string | null;
  readonly precision: number | null;
  readonly networks: readonly string[];
  readonly defaultNetwork: string | null;
  readonly fiat: boolean;
  /** The exchange asks a memo with the address. */
  readonly memo?: boolean;
}

export interface WithdrawalInput {
  readonly amount: string;
  readonly address: string;
  readonly network?: string | undefined;
  readonly memo?: string | undefined;
  readonly provider?: string | undefined;
}

/** The largest service code, and its decimal places. */
export const CODE_MAX = new Dec('1e17');
export const CODE_PLACES = 18;
/** Latin letters, digits, symbols and spaces, as the exchange's own example ("some passphrase") has them. */
const PASSPHRASE = /^[\x20-\x7E]{1,25}$/;

/**
 * A positive amount in strict decimal form: the value, or the issue naming `what` (e.g. "The amount").
 */
export function readAmount(field: string, what: string, text: string): Dec | RuleIssue {
  const value = typeof text === 'string' && text.length <= MAX_DECIMAL_CHARS ? parsePlain(text) : undefined;
  if (!value)
    return {
      field,
      message: `${what} must be a plain number such as 25.5: digits and at most one point, no sign, exponent, hex or spaces.`,
    };
  if (value.lte(0)) return { field, message: `${what} must be greater than 0.` };
  return value;
}

const isIssue = (v: Dec | RuleIssue): v is RuleIssue => !(v instanceof Dec);

/** The network a withdrawal goes over: the one given, else the currency's default. */
export function withdrawalNetwork(asset: WithdrawalFacts, network: string | undefined): string {
  return network || asset.defaultNetwork || '';
}

/** The first problem of a withdrawal of this currency, or undefined. */
export function checkWithdrawal(asset: WithdrawalFacts, input: WithdrawalInput): RuleIssue | undefined {
  const t = asset.ticker;
  if (!asset.canWithdraw) return { field: 'ticker', message: `Withdrawals of ${t} are unavailable now.` };
  const amount = readAmount('amount', 'The amount', input.amount);
  if (isIssue(amount)) return amount;
  if (asset.precision !== null && amount.dp() > asset.precision)
    return { field: 'amount', message: `${t} allows at most ${String(asset.precision)} decimal places.` };
  const min = asset.minWithdraw === null ? undefined : parsePlain(asset.minWithdraw);
  if (min && amount.lt(min))
    return { field: 'amount', message: `The smallest withdrawal is ${show(min)} ${t}.` };
  const max = asset.maxWithdraw === null ? undefined : parsePlain(asset.maxWithdraw);
  if (max && !max.isZero() && amount.gt(max))
    return { field: 'amount', message: `The largest withdrawal is ${show(max)} ${t}.` };
  const network = withdrawalNetwork(asset, input.network);
  if (asset.networks.length > 0 && !asset.networks.includes(network))
    return { field: 'network', message: `${t} cannot be withdrawn over ${network || 'that network'}.` };
  if (asset.fiat) {
    if (!input.address.trim()) return { field: 'address', message: 'Enter the card or account to pay to.' };
    if (!input.provider?.trim())
      return { field: 'provider', message: 'A fiat withdrawal needs the payment provider.' };
    return undefined;
  }
  return checkAddress(network, input.address, input.memo, asset.memo === true);
}

/** The first problem of a service code: amount > 0, at most 18 decimals and 1e17; the passphrase. */
export function checkCode(input: { amount: string; passphrase?: string | undefined }): RuleIssue | undefined {
  const amount = readAmount('amount', 'The code amount', input.amount);
  if (isIssue(amount)) return amount;
  if (amount.dp() > CODE_PLACES)
    return {
      field: 'amount',
      message: `The code amount allows at most ${String(CODE_PLACES)} decimal places.`,
    };
  if (amount.gt(CODE_MAX))
    return { field: 'amount', message: `The code amount may be at most ${show(CODE_MAX)}.` };
  if (input.passphrase !== undefined && input.passphrase !== '' && !PASSPHRASE.test(input.passphrase))
    return {
      field: 'passphrase',
      message: 'The passphrase may have at most 25 latin letters, digits, symbols and spaces.',
    };
  return undefined;
}

/** A convert as the renderer asks for it. */
export interface ConvertInput {
  from: string;
  to: string;
  direction: 'from' | 'to';
  amount: string;
  idempotencyKey?: string | undefined;
}

/**
 * The first problem of a convert: two different currencies and a positive amount within the decimal
 * places of the currency it is in (`precision`, when published).
 */
export function checkConvert(input: ConvertInput, precision: number | null = null): RuleIssue | undefined {
  if (input.to === input.from) return { field: 'to', message: 'Choose another currency to receive.' };
  const amount = readAmount('amount', 'The amount to convert', input.amount);
  if (isIssue(amount)) return amount;
  const unit = input.direction === 'from' ? input.from : input.to;
  if (precision !== null && amount.dp() > precision)
    return { field: 'amount', message: `${unit} allows at most ${String(precision)} decimal places.` };
  const key = input.idempotencyKey;
  if (key !== undefined && (key.length < 8 || key.length > 128))
    return { field: 'idempotencyKey', message: 'The convert key must have 8 to 128 characters.' };
  return undefined;
}

/** The balances of one account funds move between. */
export type BalanceKind = 'main' | 'spot' | 'collateral';

/** The decimal places a transfer between balances may have, and the smallest sub-account transfer. */
export const TRANSFER_PLACES = 8;
export const SUB_TRANSFER_MIN = new Dec('0.00000001');

/** The first problem of a move between two balances of one account: two different balances, an amount. */
export function checkBalanceTransfer(input: {
  from: BalanceKind;
  to: BalanceKind;
  amount: string;
}): RuleIssue | undefined {
  if (input.from === input.to) return { field: 'to', message: 'Choose a different balance to move to.' };
  const amount = readAmount('amount', 'The amount to move', input.amount);
  if (isIssue(amount)) return amount;
  if (amount.dp() > TRANSFER_PLACES)
    return {
      field: 'amount',
      message: `A transfer allows at most ${String(TRANSFER_PLACES)} decimal places.`,
    };
  return undefined;
}

/** The first problem of a transfer between the main account and one sub-account: at least 0.00000001. */
export function checkSubAccountTransfer(input: { amount: string }): RuleIssue | undefined {
  const amount = readAmount('amount', 'The amount to transfer', input.amount);
  if (isIssue(amount)) return amount;
  if (amount.lt(SUB_TRANSFER_MIN))
    return { field: 'amount', message: `The smallest transfer is ${show(SUB_TRANSFER_MIN)}.` };
  return undefined;
}

/**
 * A move of `amount` out of a balance that holds `available` (as the ticket checks an order against
 * its balance): refused naming the amount field, the balance and what it holds, with all of it as the
 * suggestion; undefined when the balance covers it. `source`: the balance in words ("the main balance
 * of Sandbox main"), `what`: the move ("5 USDT to each of 3 sub-accounts" when it is several).
 */
export function checkCovered(input: {
  amount: string;
  available: string;
  ticker: string;
  source: string;
  what?: string;
}): RuleIssue | undefined {
  const want = parsePlain(input.amount);
  const has = Dec.max(0, parsePlain(input.available) ?? new Dec(0));
  if (!want || want.lte(has)) return undefined;
  const t = input.ticker;
  const what = input.what ?? `${grouped(show(want))} ${t}`;
  if (has.isZero())
    return { field: 'amount', message: `${what} cannot be moved: ${input.source} holds no ${t}.` };
  return {
    field: 'amount',
    message: `${what} is more than ${input.source} holds: ${grouped(show(has))} ${t}.`,
    suggestions: [show(has)],
  };
}
