/**
 * Orders as a feature (`orders.*`, `balances.*`): the ticket's review and send, the WebSocket's
 * placing, Modify, cancels and OCO links, ladders, open orders and history, and spot balances.
 */
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import type { KnownReads } from '../live/known-reads.ts';
import { LadderService } from './ladder.ts';
import type { LiveService } from '../../services/live/service.ts';
import { OrderControls } from './order-controls.ts';
import { balancesHandlers } from './balances-handlers.ts';
import { ordersHandlers } from './handlers.ts';

export interface OrdersDeps {
  accounts: AccountService;
  connection: ExchangeConnection;
  live: LiveService;
  known: KnownReads;
  platform: Platform;
}

export function create(deps: OrdersDeps) {
  const { accounts, connection, live, known, platform } = deps;
  const orderControls = new OrderControls(accounts, connection, live, platform);
  const ladder = new LadderService(accounts, connection, platform);
  return {
    handlers: {
      ...ordersHandlers({ accounts, connection, live, orderControls, known, ladder }),
      ...balancesHandlers({ accounts, known }),
    },
    close: () => undefined,
  };
}
