/** The composition's joints: every domain's handlers (one factory per domain, each owning its prefixes). */
import { accountsHandlers } from './domains/accounts/handlers.ts';
import { appHandlers } from './domains/app/handlers.ts';
import { balancesHandlers } from './domains/balances/handlers.ts';
import { connectionHandlers } from './domains/connection/handlers.ts';
import { boardHandlers } from './domains/board/handlers.ts';
import { guardsHandlers } from './domains/guards/handlers.ts';
import { historyHandlers } from './domains/history/handlers.ts';
import { liveHandlers } from './domains/live/handlers.ts';
import { marketsHandlers } from './domains/markets/handlers.ts';
import { miningHandlers } from './domains/mining/handlers.ts';
import { notificationsHandlers } from './domains/notifications/handlers.ts';
import { alertsHandlers } from './domains/alerts/handlers.ts';
import { ordersHandlers } from './domains/orders/handlers.ts';
import { positionsHandlers } from './domains/positions/handlers.ts';
import { walletHandlers } from './domains/wallet/handlers.ts';
import { webhooksHandlers } from './domains/webhooks/handlers.ts';
import { teamHandlers } from './domains/team/handlers.ts';
import { subaccountsHandlers } from './domains/subaccounts/handlers.ts';
import { knownHandlers } from './domains/known/handlers.ts';
import { approvalsHandlers } from './domains/approvals/handlers.ts';
import type { HandlerContext } from './domains/context.ts';
import type { FeatureHandlers } from './features/index.ts';
import type { Handlers } from './ipc/router.ts';

/** The handlers of `main/domains/<domain>/handlers.ts`; the features answer the rest. */
export function domainHandlers(context: HandlerContext): Omit<Handlers, keyof FeatureHandlers> {
  return {
    ...appHandlers(context),
    ...connectionHandlers(context),
    ...accountsHandlers(context),
    ...marketsHandlers(context),
    ...ordersHandlers(context),
    ...balancesHandlers(context),
    ...historyHandlers(context),
    ...liveHandlers(context),
    ...webhooksHandlers(context),
    ...boardHandlers(context),
    ...walletHandlers(context),
    ...positionsHandlers(context),
    ...miningHandlers(context),
    ...notificationsHandlers(context),
    ...guardsHandlers(context),
    ...knownHandlers(context),
    ...alertsHandlers(context),
    ...teamHandlers(context),
    ...approvalsHandlers(context),
    ...subaccountsHandlers(context),
  };
}
