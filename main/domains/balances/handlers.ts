/** IPC handlers of `balances.*`: one account's spot trade balances. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { balancesProcedures } from './procedures.ts';
import { spotBalances } from '../../services/orders.ts';
import type { HandlerContext } from '../context.ts';

type Handlers = HandlersOf<typeof balancesProcedures>;

export function balancesHandlers({
  accounts,
  known,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `balances.${string}`>> {
  return {
    'balances.spot': ({ accountId }) =>
      known.fresh(accountId, 'balances.spot', async () => spotBalances(await accounts.caller(accountId))),
  };
}
