/** Balance moves on the three balances of an account: main (wallet), spot (trade), collateral. */
import { Decimal } from 'decimal.js';
import { fromUnits, toUnits, unitsToDecimal } from './engine/units.ts';
import { ApiError } from './http/errors.ts';
import type { Account, SandboxState, SpotBalance } from './state.ts';

const ZERO = new Decimal(0);

export const HELD_FUNDS = 'The amount includes funds of a deposit that is not confirmed yet.';
export const NOT_ENOUGH = 'Not enough balance.';

/** Insufficient balance: a business error with its own code and the field under `errors`. */
export function notEnough(field = 'amount'): ApiError {
  return new ApiError(422, { code: 10, message: NOT_ENOUGH, errors: { [field]: [NOT_ENOUGH] } });
}

export function heldFunds(): ApiError {
  return new ApiError(422, { code: 20, message: HELD_FUNDS, errors: { amount: [HELD_FUNDS] } });
}

export function mainBalance(a: Account, ticker: string): Decimal {
  return a.main.get(ticker) ?? ZERO;
}

export function pendingBalance(a: Account, ticker: string): Decimal {
  return a.pending.get(ticker) ?? ZERO;
}

/** Main balance minus the part held back by unconfirmed deposits; never negative. */
export function freeMain(a: Account, ticker: string): Decimal {
  return Decimal.max(ZERO, mainBalance(a, ticker).minus(pendingBalance(a, ticker)));
}

/** Takes `amount` from the main balance; code 20 when only held funds would cover it. */
export function debitMain(a: Account, ticker: string, amount: Decimal): void {
  const total = mainBalance(a, ticker);
  if (amount.gt(total)) throw notEnough();
  if (amount.gt(freeMain(a, ticker))) throw heldFunds();
  a.main.set(ticker, total.minus(amount));
}

export function creditMain(a: Account, ticker: string, amount: Decimal): void {
  a.main.set(ticker, mainBalance(a, ticker).plus(amount));
}

/**
 * Spot balances are the engine's hot path, so they are exact integers of 10^-18 currency units
 * (every amount, price x amount and fee of the fixture's markets fits in 18 decimals).
 */
export const LEDGER_SCALE = 18;

export function toLedger(d: Decimal | string): bigint {
  return toUnits(typeof d === 'string' ? d : d.toFixed(), LEDGER_SCALE);
}

export function ledgerDecimal(v: bigint): Decimal {
  return unitsToDecimal(v, LEDGER_SCALE);
}

export function ledgerString(v: bigint): string {
  return fromUnits(v, LEDGER_SCALE);
}

export function spot(a: Account, ticker: string): SpotBalance {
  let b = a.spot.get(ticker);
  if (!b) {
    b = { available: 0n, freeze: 0n };
    a.spot.set(ticker, b);
  }
  return b;
}

export function freezeSpot(a: Account, ticker: string, amount: bigint, field = 'amount'): void {
  const b = spot(a, ticker);
  if (amount > b.available) throw notEnough(field);
  b.available -= amount;
  b.freeze += amount;
}

export function unfreezeSpot(a: Account, ticker: string, amount: bigint): void {
  const b = spot(a, ticker);
  b.freeze -= amount;
  b.available += amount;
}

export function collateralBalance(a: Account, ticker: string): Decimal {
  return a.collateral.get(ticker) ?? ZERO;
}

/** A deposit confirmed: its amount stops being held back (it already counts in the main balance). */
export function releaseHold(state: SandboxState, accountId: string, ticker: string, amount: Decimal): void {
  const a = state.accounts.get(accountId);
  if (!a) return;
  const left = Decimal.max(ZERO, pendingBalance(a, ticker).minus(amount));
  if (left.isZero()) a.pending.delete(ticker);
  else a.pending.set(ticker, left);
}
