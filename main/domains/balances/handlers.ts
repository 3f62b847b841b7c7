/** IPC handlers of `balances.*`: one account's spot trade balances. */
import * as trading from '../../exchange/endpoints/trading.ts';
import type { Handlers } from '../../ipc/router.ts';
import type { HandlerContext } from '../context.ts';

export function balancesHandlers({
  accounts,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `balances.${string}`>> {
  return {
    'balances.spot': async ({ accountId }) => trading.tradeBalance(await accounts.caller(accountId)),
  };
}
