/** IPC handlers of `balances.*`: one account's spot trade balances. */
import type { Handlers } from '../../ipc/router.ts';
import { spotBalances } from '../../services/orders.ts';
import type { HandlerContext } from '../context.ts';

export function balancesHandlers({
  accounts,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `balances.${string}`>> {
  return {
    'balances.spot': async ({ accountId }) => spotBalances(await accounts.caller(accountId)),
  };
}
