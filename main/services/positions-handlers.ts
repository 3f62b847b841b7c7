/** IPC handlers for one account's collateral positions. */
import * as collateral from '../exchange/endpoints/collateral.ts';
import type { Handlers } from '../ipc/router.ts';
import type { HandlerContext } from './handler-context.ts';

type PositionsProcedures = Extract<keyof Handlers, `positions.${string}`>;

export function positionsHandlers({ accounts, cache }: HandlerContext): Pick<Handlers, PositionsProcedures> {
  const as = (id: string) => accounts.caller(id);
  return {
    'positions.open': async ({ accountId, market }) => collateral.openPositions(await as(accountId), market),
    'positions.setLeverage': async ({ accountId, leverage }) =>
      collateral.setLeverage(await as(accountId), leverage),
    'positions.history': ({ accountId, market }) =>
      cache.positions.list({ account: accountId, ...(market ? { market } : {}) }),
    'positions.borrows': ({ accountId }) => cache.borrows.list({ account: accountId }),
  };
}
