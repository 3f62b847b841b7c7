/** The main account's deposit and withdrawal history, and its refunds. */
import { createHash } from 'node:crypto';
import { fieldError } from '../http/errors.ts';
import { optInt, optString, type Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { SandboxState } from '../state.ts';
import type { WalletRecord } from '../wallet-state.ts';
import { MAIN_ACCOUNT, route, UNLIMITED } from './main-account.ts';

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

export function walletHistoryRoutes(state: SandboxState): PrivateRoute[] {
  return [
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
