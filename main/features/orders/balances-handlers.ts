/** IPC handlers of `balances.*`: one account's spot trade balances. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { balancesProcedures } from './procedures.ts';
import { spotBalances } from '../../services/trading/orders.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { KnownReads } from '../live/known-reads.ts';

type Handlers = HandlersOf<typeof balancesProcedures>;

/** What the handlers of `balances.*` draw on. */
export interface BalancesHandlerDeps {
  readonly accounts: AccountService;
  /** Reads that keep what they saw as the last known state, and its recall for the screens. */
  readonly known: KnownReads;
}

export function balancesHandlers({
  accounts,
  known,
}: BalancesHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `balances.${string}`>> {
  return {
    'balances.spot': ({ accountId }) =>
      known.fresh(accountId, 'balances.spot', async () => spotBalances(await accounts.caller(accountId))),
  };
}
