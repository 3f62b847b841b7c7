/** IPC handlers of `positions.*`: one account's collateral positions. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { positionsProcedures } from './procedures.ts';
import { previewLeverage, setLeverage } from './leverage.ts';
import { addTpSl, positionsWithLegs, tpslIssues } from '../../services/trading/positions.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { Cache } from '../../cache/index.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import type { LiveService } from '../../services/live/service.ts';
import type { CollateralAccount } from './collateral-account.ts';
import type { KnownReads } from '../live/known-reads.ts';
import type { Platform } from '../../platform.ts';

type Handlers = HandlersOf<typeof positionsProcedures>;

/** What the handlers of `positions.*` draw on. */
export interface PositionsHandlerDeps {
  readonly accounts: AccountService;
  readonly cache: Cache;
  readonly connection: ExchangeConnection;
  readonly live: LiveService;
  readonly collateralAccount: CollateralAccount;
  /** Reads that keep what they saw as the last known state, and its recall for the screens. */
  readonly known: KnownReads;
  readonly platform: Platform;
}

export function positionsHandlers({
  accounts,
  cache,
  connection,
  live,
  collateralAccount,
  known,
  platform,
}: PositionsHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `positions.${string}`>> {
  const as = (id: string) => accounts.caller(id);
  return {
    'positions.open': ({ accountId, market }) =>
      known.fresh(
        accountId,
        'positions.open',
        async () => positionsWithLegs(await as(accountId), market),
        market,
      ),
    'positions.setLeverage': async ({ accountId, leverage }) =>
      setLeverage(connection, await as(accountId), leverage, {
        platform,
        label: accounts.registry.get(accountId)?.label ?? accountId,
      }),
    'positions.previewLeverage': async ({ accountId, leverage }) =>
      previewLeverage(connection, await as(accountId), leverage),
    'positions.hedgeMode': ({ accountId }) => collateralAccount.hedgeMode(accountId),
    'positions.setHedgeMode': ({ accountId, enabled }) => collateralAccount.setHedgeMode(accountId, enabled),
    'positions.collateral': ({ accountId }) =>
      known.fresh(accountId, 'collateral.overview', () => collateralAccount.overview(accountId)),
    'positions.checkTpSl': async ({ accountId, ...input }) =>
      tpslIssues(connection, await as(accountId), input),
    'positions.addTpSl': async ({ accountId, ...input }) =>
      addTpSl(connection, live, accountId, () => as(accountId), input),
    // read once the account's socket is live, its ADLQuantile subscription answered: every later
    // change then comes as a push, none falls between the read and the channel
    'positions.adl': async ({ accountId }) => {
      await live.ready(accountId);
      return collateralAccount.adlRanks(accountId);
    },
    'positions.history': ({ accountId, market }) =>
      cache.positions.list({ account: accountId, ...(market ? { market } : {}) }),
    'positions.borrows': ({ accountId }) => cache.borrows.list({ account: accountId }),
  };
}
