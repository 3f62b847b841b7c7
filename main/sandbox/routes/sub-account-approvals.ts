/**
 * The withdrawals of sub-accounts held for the main account's confirmation: the list of those
 * waiting, and confirming one, which takes its amount from the sub-account's main balance and sends
 * it as a withdrawal of the sub-account (its wallet history shows it). Main-account keys only.
 */
import { Decimal } from 'decimal.js';
import { ApiError, validationError } from '../http/errors.ts';
import { optInt, optString, reqString } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { mainBalance } from '../ledger.ts';
import { subsOf } from '../sub-account-state.ts';
import { nowSeconds, type SandboxState } from '../state.ts';
import { CONFIRM_AFTER_MS, walletEventParams, type WalletRecord } from '../wallet-state.ts';
import { mainOnlyRoute as route } from './sub-account-admin.ts';

export function subAccountApprovalRoutes(state: SandboxState): PrivateRoute[] {
  const approvals = () => state.wallet.approvals ?? [];
  return [
    route('/api/v4/sub-account/withdraw/unconfirmed-list', ({ account, body }) => {
      const limit = optInt(body, 'limit', 1, 100) ?? 100;
      const offset = optInt(body, 'offset', 0, 10_000) ?? 0;
      const only = optString(body, 'subAccountId');
      const subs = new Map(subsOf(state, account).map((s) => [s.id, s.subAccountId ?? '']));
      const data = approvals()
        .filter((w) => w.confirmedAt === undefined)
        .filter((w) => subs.has(w.accountId) && (!only || subs.get(w.accountId) === only))
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(offset, offset + limit)
        .map((w) => ({
          id: w.id,
          subAccountId: subs.get(w.accountId),
          currency: w.ticker,
          amount: w.amount,
          createdAt: w.createdAt,
        }));
      return { data, limit, offset };
    }),
    route('/api/v4/sub-account/withdraw/confirm', ({ account, body }) => {
      const id = reqString(body, 'id');
      const held = approvals().find((w) => w.id === id);
      if (!held) throw validationError({ id: ['validation.exists'] });
      const sub = subsOf(state, account).find((s) => s.id === held.accountId);
      if (!sub) throw new ApiError(422, { code: 422, message: "Transaction doesn't exist" });
      if (held.confirmedAt !== undefined)
        throw new ApiError(422, { code: 422, message: 'Transaction has incorrect status' });
      const amount = new Decimal(held.amount);
      if (amount.gt(mainBalance(sub, held.ticker)))
        throw new ApiError(422, {
          code: 0,
          message: 'Inner validation failed',
          errors: { amount: 'insufficientFunds' },
        });
      sub.main.set(held.ticker, mainBalance(sub, held.ticker).minus(amount));
      held.confirmedAt = nowSeconds(state);
      const record: WalletRecord = {
        id: held.id,
        accountId: sub.id,
        method: 2,
        ticker: held.ticker,
        network: state.assets.get(held.ticker)?.defaultNetwork ?? '',
        address: held.address ?? '',
        uniqueId: null,
        amount: amount.toFixed(),
        fee: '0',
        status: 'pending',
        createdAt: held.confirmedAt,
        completeAt: state.now() + CONFIRM_AFTER_MS,
        memo: '',
      };
      state.wallet.records.push(record);
      state.emit(sub.id, 'withdraw.pending', walletEventParams(record));
      return {};
    }),
  ];
}
