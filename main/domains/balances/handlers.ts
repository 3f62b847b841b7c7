/** IPC handlers of `balances.*`: one account's spot trade balances. */
import type { Handlers } from '../../ipc/router.ts';
import { spotBalances } from '../../services/orders.ts';
import type { HandlerContext } from '../context.ts';

export function balancesHandlers({
  accounts,
  known,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `balances.${string}`>> {
  return {
    'balances.spot': ({ accountId }) =>
      known.fresh(accountId, 'balances.spot', async () => spotBalances(await accounts.caller(accountId))),
  };
}
