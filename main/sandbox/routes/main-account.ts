/** Main (wallet) account: balances, withdrawable balance, withdrawals, codes, deposit/withdraw history. */
import { createHash } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { ApiError, fieldError, validationError } from '../http/errors.ts';
import { fmt, optInt, optString, parseDecimal, reqString, required } from '../http/fields.ts';
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

/**
 * The exchange numbers a deposit's or withdrawal's state per method: a pending deposit 15, a pending
 * withdrawal 1, successful 3, canceled 4.
 */
function statusCode(r: WalletRecord): number {
  return r.status === 'successful' ? 3 : r.status === 'canceled' ? 4 : r.method === 1 ? 15 : 1;
}

/** An optional list of strings (`addresses`), at most `max` of them. */
function stringList(body: Body, field: string, max: number): string[] | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    throw fieldError(field, `The ${field} must be an array of strings.`);
  if (v.length > max) throw fieldError(field, `The ${field} may not have more than ${max} items.`);
  return v as string[];
}

/** An optional list of integers (`status`). */
function intList(body: Body, field: string): number[] | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || !v.every((x) => Number.isSafeInteger(x)))
    throw fieldError(field, `The selected ${field} is invalid.`);
  return v as number[];
}

function stable(state: SandboxState, ticker: string, amount: Decimal): Decimal {
  return amount.times(state.assets.get(ticker)?.usdtPrice ?? '0');
}

export function mainAccountRoutes(state: SandboxState): PrivateRoute[] {
  const route = (
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
  const UNLIMITED: Partial<PrivateRoute> = { group: undefined };
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
    route(
      '/api/v4/main-account/history',
      ({ account, body }) => {
        const method = optInt(body, 'transactionMethod');
        if (method !== undefined && method !== 1 && method !== 2)
          throw fieldError('transactionMethod', 'The selected transaction method is invalid.');
        const ticker = optString(body, 'ticker');
        if (ticker !== undefined && !state.assets.has(ticker))
          throw fieldError('ticker', 'The selected ticker is invalid.');
        const uniqueId = optString(body, 'unique_id');
        const address = optString(body, 'address');
        const addresses = stringList(body, 'addresses', 20);
        const memo = optString(body, 'memo');
        const statuses = intList(body, 'status');
        const limit = optInt(body, 'limit', 1, 500) ?? 50;
        const offset = optInt(body, 'offset', 0, 10000) ?? 0;
        const all = state.wallet.records
          .filter((r) => r.accountId === account.id)
          .filter((r) => method === undefined || r.method === method)
          .filter((r) => !ticker || r.ticker === ticker)
          .filter((r) => !uniqueId || r.uniqueId === uniqueId)
          .filter((r) => !address || r.address === address)
          .filter((r) => !addresses || addresses.includes(r.address))
          .filter((r) => memo === undefined || r.memo === memo)
          .filter((r) => !statuses || statuses.includes(statusCode(r)))
          .sort((a, b) => b.createdAt - a.createdAt);
        return {
          limit,
          offset,
          total: all.length,
          records: all.slice(offset, offset + limit).map((r) => ({
            address: r.address,
            unique_id: r.uniqueId || null,
            createdAt: r.createdAt,
            currency: state.assets.get(r.ticker)?.name ?? r.ticker,
            ticker: r.ticker,
            method: r.method,
            amount: r.amount,
            description: '',
            memo: r.memo,
            fee: r.fee,
            status: statusCode(r),
            network: r.network || null,
            transactionHash: createHash('sha256').update(r.id).digest('hex'),
            transaction_id: r.id,
            // a partly processed withdrawal would say how much here: the sandbox processes whole ones
            details: null,
            confirmations: r.method === 1 && r.status === 'pending' ? { actual: 0, required: 1 } : null,
          })),
        };
      },
      { ...UNLIMITED, ...MAIN_ACCOUNT },
    ),
    route(
      '/api/v4/main-account/refund-history',
      ({ account, body }) => {
        const depositId = optString(body, 'depositId');
        const ticker = optString(body, 'ticker');
        const limit = optInt(body, 'limit', 1, 100) ?? 100;
        const offset = optInt(body, 'offset', 0, 10000) ?? 0;
        const all = state.wallet.refunds
          .filter((r) => r.accountId === account.id)
          .filter((r) => !depositId || r.depositId === depositId)
          .filter((r) => !ticker || r.ticker === ticker)
          .sort((a, b) => b.createdAt - a.createdAt);
        return {
          records: all.slice(offset, offset + limit).map((r) => ({
            id: r.id,
            depositId: r.depositId,
            ticker: r.ticker,
            amount: r.amount,
            memo: r.memo,
            ...(r.address ? { address: r.address } : {}),
            status: r.status,
            createdAt: r.createdAt,
          })),
          limit,
          offset,
        };
      },
      UNLIMITED,
    ),
  ];
}
