/** Main (wallet) account: balances, withdrawable balance, withdrawals, codes; its history in `wallet-history.ts`. */
import { Decimal } from 'decimal.js';
import { ApiError, fieldError, validationError } from '../http/errors.ts';
import { fmt, optString, parseDecimal, reqString, required } from '../http/fields.ts';
import type { Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import {
  creditMain,
  debitMain,
  freeMain,
  ledgerDecimal,
  mainBalance,
  pendingBalance,
  spot,
} from '../ledger.ts';
import { addressFits, TAG_NETWORKS, validTag } from '../addresses.ts';
import { uuidFrom } from '../fixture.ts';
import type { Account, AssetDef, SandboxState } from '../state.ts';
import { CONFIRM_AFTER_MS, walletEventParams } from '../wallet-state.ts';
import type { WalletRecord } from '../wallet-state.ts';

/** Latin letters, digits, symbols and spaces (the exchange's own example is "some passphrase"). */
const PASSPHRASE_RE = /^[\x20-\x7E]+$/;

/**
 * A business rule of the main account refused the request: 422 "Inner validation failed" with the
 * exchange's code (1 currency not withdrawable, 2 invalid address, 3 amount too small, 5 not enough
 * balance, 6 amount not above the fee).
 */
export function innerError(code: number, field: string, text: string): ApiError {
  return new ApiError(422, { code, message: 'Inner validation failed', errors: { [field]: [text] } });
}

/** The main account's endpoints: 201 on success and request validation answered 400 with code 0. */
export const MAIN_ACCOUNT: Partial<PrivateRoute> = { status: 201, validation: 'fields' };

function asset(state: SandboxState, body: Body): AssetDef {
  const ticker = reqString(body, 'ticker');
  const a = state.assets.get(ticker);
  if (!a) throw fieldError('ticker', 'The selected ticker is invalid.');
  return a;
}

function amountOf(body: Body, a: AssetDef): Decimal {
  const raw = body['amount'];
  if (raw === undefined || raw === null || raw === '') throw fieldError('amount', required('amount'));
  const d = parseDecimal('amount', raw);
  if (d.lte(0)) throw fieldError('amount', 'The amount must be greater than 0.');
  if (d.decimalPlaces() > a.precision)
    throw fieldError('amount', `The amount may have at most ${a.precision} decimal places.`);
  return d;
}

/** Shared checks of both withdrawal endpoints; returns the network and the validated fields. */
function withdrawal(state: SandboxState, account: Account, body: Body, feeOnTop: boolean): WalletRecord {
  const a = asset(state, body);
  if (!a.canWithdraw)
    throw innerError(1, 'ticker', 'Withdrawals of this currency are currently unavailable.');
  const amount = amountOf(body, a);
  const address = reqString(body, 'address', 255);
  const uniqueId = reqString(body, 'uniqueId', 255);
  const provider = optString(body, 'provider');
  if (a.fiat && !provider) throw fieldError('provider', required('provider'));
  const network = optString(body, 'network') ?? a.defaultNetwork;
  if (!a.networks.includes(network)) throw fieldError('network', 'The selected network is invalid.');
  const memo = optString(body, 'memo', 64) ?? '';
  if (!a.fiat) {
    if (!addressFits(network, address))
      throw innerError(2, 'address', `The address is not a valid ${network} address.`);
    if (TAG_NETWORKS.has(network) && !validTag(memo))
      throw fieldError('memo', 'The memo must be the destination tag: a whole number up to 4294967295.');
    if (!TAG_NETWORKS.has(network) && memo) throw fieldError('memo', `The ${network} network takes no memo.`);
  }
  if (amount.lt(a.minWithdraw))
    throw innerError(3, 'amount', `The amount must be at least ${a.minWithdraw}.`);
  if (amount.gt(a.maxWithdraw))
    throw fieldError('amount', `The amount may not be greater than ${a.maxWithdraw}.`);
  const fee = new Decimal(a.withdrawFee);
  if (!feeOnTop && amount.lte(fee)) throw innerError(6, 'amount', 'The amount must be greater than the fee.');
  if (state.wallet.uniqueIds.has(`${account.id}|${uniqueId}`))
    throw fieldError('uniqueId', 'The unique id has already been taken.');
  const debit = feeOnTop ? amount.plus(fee) : amount;
  if (debit.gt(mainBalance(account, a.ticker)))
    throw innerError(
      5,
      'amount',
      `Not enough money, ${a.name} balance = ${fmt(mainBalance(account, a.ticker))}`,
    );
  debitMain(account, a.ticker, debit);
  state.wallet.uniqueIds.add(`${account.id}|${uniqueId}`);
  const record: WalletRecord = {
    id: uuidFrom(state.rng.hex(16)),
    accountId: account.id,
    method: 2,
    ticker: a.ticker,
    network,
    address,
    uniqueId,
    amount: fmt(feeOnTop ? amount : amount.minus(fee)),
    fee: fmt(fee),
    status: 'pending',
    createdAt: Math.floor(state.now() / 1000),
    completeAt: state.now() + CONFIRM_AFTER_MS,
    memo,
  };
  state.wallet.records.push(record);
  state.emit(account.id, 'withdraw.created', walletEventParams(record));
  state.emit(account.id, 'withdraw.pending', walletEventParams(record));
  return record;
}

function stable(state: SandboxState, ticker: string, amount: Decimal): Decimal {
  return amount.times(state.assets.get(ticker)?.usdtPrice ?? '0');
}

/** A main account endpoint: POST, in the account limit group unless `extra` says otherwise. */
export const route = (
  path: string,
  handler: PrivateRoute['handler'],
  extra: Partial<PrivateRoute> = {},
): PrivateRoute => ({
  method: 'POST',
  path,
  group: 'account',
  handler,
  ...extra,
});

/** Endpoints the Limits table does not list: no limit is applied. */
export const UNLIMITED: Partial<PrivateRoute> = { group: undefined };

export function mainAccountRoutes(state: SandboxState): PrivateRoute[] {
  return [
    route('/api/v4/main-account/balance', ({ account, body }) => {
      const ticker = body['ticker'];
      if (ticker !== undefined && typeof ticker !== 'string')
        throw fieldError('ticker', 'The ticker must be a string.');
      const tickers = ticker ? [ticker] : [...state.assets.keys()];
      const out: Record<string, { main_balance: string; pending_deposit_amount: string }> = {};
      for (const t of tickers) {
        out[t] = {
          main_balance: fmt(mainBalance(account, t)),
          pending_deposit_amount: fmt(pendingBalance(account, t)),
        };
      }
      return out;
    }),
    route('/api/v4/main-account/withdrawable-balance', ({ account }) => {
      let total = new Decimal(0);
      let locked = new Decimal(0);
      let available = new Decimal(0);
      const assets: Record<string, string> = {};
      for (const t of state.assets.keys()) {
        const s = spot(account, t);
        const held = pendingBalance(account, t);
        const all = mainBalance(account, t).plus(ledgerDecimal(s.available + s.freeze));
        if (all.isZero() && held.isZero()) continue;
        const free = freeMain(account, t).plus(ledgerDecimal(s.available));
        assets[t] = fmt(free);
        total = total.plus(stable(state, t, all));
        locked = locked.plus(stable(state, t, held));
        available = available.plus(stable(state, t, free));
      }
      return {
        totalBalanceStable: fmt(total.toDecimalPlaces(2)),
        lockedBalanceStable: fmt(locked.toDecimalPlaces(2)),
        availableBalanceStable: fmt(Decimal.max(0, available).toDecimalPlaces(2)),
        assets,
      };
    }),
    route(
      '/api/v4/main-account/withdraw',
      ({ account, body }) => {
        withdrawal(state, account, body, false);
        // an empty list: the withdrawal is started (its state is in the history, by uniqueId)
        return [];
      },
      { explicitPermission: true, fundsKey: true, group: undefined, ...MAIN_ACCOUNT },
    ),
    route(
      '/api/v4/main-account/withdraw-pay',
      ({ account, body }) => {
        withdrawal(state, account, body, true);
        return [];
      },
      { explicitPermission: true, fundsKey: true, ...MAIN_ACCOUNT },
    ),
    route(
      '/api/v4/main-account/codes',
      ({ account, body }) => {
        const a = asset(state, body);
        const raw = body['amount'];
        if (raw === undefined || raw === null || raw === '') throw fieldError('amount', required('amount'));
        const amount = parseDecimal('amount', raw);
        if (amount.lte(0)) throw fieldError('amount', 'The amount must be greater than 0.');
        if (amount.decimalPlaces() > 18)
          throw fieldError('amount', 'The amount may have at most 18 decimal places.');
        if (amount.gt('1e17'))
          throw fieldError('amount', 'The amount may not be greater than 100000000000000000.');
        const passphrase = optString(body, 'passphrase');
        if (passphrase !== undefined && (passphrase.length > 25 || !PASSPHRASE_RE.test(passphrase)))
          throw validationError({
            passphrase: ['The passphrase format is invalid.'],
          });
        optString(body, 'description', 255);
        debitMain(account, a.ticker, amount);
        const created = {
          code: `TXC${a.ticker}${state.rng.hex(12).toUpperCase()}`,
          message: 'Code was successfully created',
          external_id: uuidFrom(state.rng.hex(16)),
        };
        state.wallet.codes.push({
          code: created.code,
          ownerId: account.id,
          ticker: a.ticker,
          amount: fmt(amount),
          passphrase: passphrase ?? null,
          externalId: created.external_id,
          appliedBy: null,
          createdAt: Math.floor(state.now() / 1000),
        });
        return created;
      },
      MAIN_ACCOUNT,
    ),
    route(
      '/api/v4/main-account/codes/apply',
      ({ account, body }) => {
        const code = reqString(body, 'code');
        const passphrase = optString(body, 'passphrase');
        const found = state.wallet.codes.find((c) => c.code === code);
        if (!found || (found.passphrase !== null && passphrase !== found.passphrase))
          throw fieldError('code', 'Incorrect code or passphrase');
        if (found.appliedBy !== null) throw fieldError('code', 'Code already applied');
        // a code carries an amount to someone else: its maker cannot take it back this way
        if (found.ownerId === account.id) throw fieldError('code', 'This code was created by you');
        found.appliedBy = account.id;
        found.appliedAt = Math.floor(state.now() / 1000);
        creditMain(account, found.ticker, new Decimal(found.amount));
        state.emit(found.ownerId, 'code.apply', {
          code: found.code,
          ticker: found.ticker,
          amount: found.amount,
          external_id: found.externalId,
        });
        return {
          message: 'Code was successfully applied',
          ticker: found.ticker,
          amount: found.amount,
          external_id: found.externalId,
        };
      },
      { ...UNLIMITED, ...MAIN_ACCOUNT },
    ),
  ];
}
