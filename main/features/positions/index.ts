/** Positions as a feature: open positions and their legs, leverage and its preview, the collateral account. */
import type { Cache } from '../../cache/index.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import { CollateralAccount } from './collateral-account.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import type { KnownReads } from '../live/known-reads.ts';
import type { LiveService } from '../../services/live/service.ts';
import { positionsHandlers } from './handlers.ts';

export interface PositionsDeps {
  accounts: AccountService;
  cache: Cache;
  connection: ExchangeConnection;
  live: LiveService;
  known: KnownReads;
  platform: Platform;
}

export function create(deps: PositionsDeps) {
  const collateralAccount = new CollateralAccount(deps.accounts, deps.platform, deps.connection.trading);
  return { handlers: positionsHandlers({ ...deps, collateralAccount }), close: () => undefined };
}
