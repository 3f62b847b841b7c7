/**
 * The account's codes and fees: `main-account/codes/my` (the codes it made, newest first),
 * `main-account/codes/history` (each code it made, `-amount` when made, and each it applied,
 * `+amount` when applied, newest first) and `main-account/fee` (every currency's deposit and
 * withdrawal fees and limits, the same figures `public/fee` lists).
 */
import { optInt } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import type { SandboxState } from '../state.ts';
import { stableUuid } from '../sub-account-state.ts';
import type { ServiceCode } from '../wallet-state.ts';
import { MAIN_ACCOUNT, route } from './main-account.ts';

const status = (c: ServiceCode): string => (c.appliedBy === null ? 'active' : 'Activated');

/** `limit` 1..100 (30 by default) and `offset` 0..10000, as published. */
function page(body: Record<string, unknown>): { limit: number; offset: number } {
  return { limit: optInt(body, 'limit', 1, 100) ?? 30, offset: optInt(body, 'offset', 0, 10_000) ?? 0 };
}

export function codeAndFeeRoutes(state: SandboxState): PrivateRoute[] {
  return [
    route(
      '/api/v4/main-account/codes/my',
      ({ account, body }) => {
        const { limit, offset } = page(body);
        const mine = state.wallet.codes
          .map((c, i) => ({ c, i }))
          .filter(({ c }) => c.ownerId === account.id)
          .sort((a, b) => (b.c.createdAt ?? 0) - (a.c.createdAt ?? 0) || b.i - a.i);
        return {
          total: mine.length,
          data: mine.slice(offset, offset + limit).map(({ c }) => ({
            amount: c.amount,
            code: c.code,
            date: c.createdAt ?? 0,
            status: status(c),
            ticker: c.ticker,
            external_id: c.externalId,
          })),
          limit,
          offset,
        };
      },
      MAIN_ACCOUNT,
    ),
    route(
      '/api/v4/main-account/codes/history',
      ({ account, body }) => {
        const { limit, offset } = page(body);
        const entries = state.wallet.codes.flatMap((c, i) => [
          ...(c.ownerId === account.id
            ? [{ i: 2 * i, sign: '-', date: c.createdAt ?? 0, c, id: c.externalId }]
            : []),
          ...(c.appliedBy === account.id
            ? [
                {
                  i: 2 * i + 1,
                  sign: '+',
                  date: c.appliedAt ?? 0,
                  c,
                  id: stableUuid(`code-applied:${c.code}`),
                },
              ]
            : []),
        ]);
        entries.sort((a, b) => b.date - a.date || b.i - a.i);
        return {
          total: entries.length,
          data: entries.slice(offset, offset + limit).map((e) => ({
            amount: `${e.sign}${e.c.amount}`,
            code: e.c.code,
            date: e.date,
            status: status(e.c),
            ticker: e.c.ticker,
            external_id: e.id,
          })),
          limit,
          offset,
        };
      },
      MAIN_ACCOUNT,
    ),
    route(
      '/api/v4/main-account/fee',
      () =>
        [...state.assets.values()].map((a) => ({
          ticker: a.ticker,
          name: a.name,
          can_deposit: a.canDeposit,
          can_withdraw: a.canWithdraw,
          deposit: {
            minFlex: '0',
            maxFlex: '0',
            percentFlex: '0',
            fixed: '0',
            minAmount: '0',
            maxAmount: '0',
          },
          withdraw: {
            minFlex: '0',
            maxFlex: '0',
            percentFlex: '0',
            fixed: a.withdrawFee,
            minAmount: a.minWithdraw,
            maxAmount: a.maxWithdraw,
          },
        })),
      { validation: 'fields' },
    ),
  ];
}
