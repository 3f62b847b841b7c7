/** The sandbox's route table: every REST endpoint it serves, built over one world. */
import { CollateralOrders } from './collateral/orders.ts';
import { Positions } from './collateral/positions.ts';
import { Engine } from './engine/engine.ts';
import { createState } from './fixture.ts';
import type { PrivateContext, Route } from './http/route.ts';
import { accountMiscRoutes } from './routes/account-misc.ts';
import { accountRateRoutes } from './routes/account-rates.ts';
import { archiveHistoryRoutes } from './routes/archive-history.ts';
import { cancelAllRoute } from './routes/cancel-all.ts';
import { codeAndFeeRoutes } from './routes/codes-fees.ts';
import { linkedOrderRoutes } from './routes/linked-orders.ts';
import { collateralAccountRoutes } from './routes/collateral-account.ts';
import { collateralHistoryRoutes } from './routes/collateral-history.ts';
import { collateralOrderRoutes } from './routes/collateral-orders.ts';
import { collateralRoutes } from './routes/collateral.ts';
import { convertRoutes } from './routes/convert.ts';
import { delistingHistoryRoute } from './routes/delisting-history.ts';
import { depositAddressRoutes } from './routes/deposit-address.ts';
import { flexRoutes } from './routes/flex.ts';
import { historyRoutes } from './routes/history.ts';
import { killSwitchRoutes } from './routes/kill-switch.ts';
import { marketDataRoutes, type TapeSource } from './routes/market-data.ts';
import { mainAccountRoutes } from './routes/main-account.ts';
import { walletHistoryRoutes } from './routes/wallet-history.ts';
import { miningRoutes } from './routes/mining.ts';
import { miningWorkerRoutes } from './routes/mining-workers.ts';
import { miningAdminRoutes } from './routes/mining-admin.ts';
import { onDemandRoutes } from './routes/on-demand.ts';
import { orderBulkRoutes } from './routes/order-bulk.ts';
import { publicRoutes } from './routes/public.ts';
import { publicStatusRoutes } from './routes/public-status.ts';
import { publicV1Routes } from './routes/public-v1.ts';
import { subAccountAdminRoutes } from './routes/sub-account-admin.ts';
import { subAccountApprovalRoutes } from './routes/sub-account-approvals.ts';
import { subAccountKeyRoutes } from './routes/sub-account-keys.ts';
import { subAccountRoutes } from './routes/sub-accounts.ts';
import { tradingRoutes } from './routes/trading.ts';
import type { SandboxState } from './state.ts';

export function buildRoutes(
  state: SandboxState,
  engine: Engine,
  positions: Positions,
  col: CollateralOrders,
  tape: TapeSource = { feed: undefined },
): Route[] {
  const routes: Route[] = [
    ...collateralRoutes(state, engine, positions),
    ...collateralAccountRoutes(state, engine, positions),
    ...collateralOrderRoutes(state, engine, col),
    ...collateralHistoryRoutes(state, positions),
    ...archiveHistoryRoutes(state, positions),
    ...publicRoutes(state, engine),
    ...marketDataRoutes(state, engine, tape),
    ...publicV1Routes(state, engine, tape),
    ...publicStatusRoutes(state, positions),
    ...tradingRoutes(state, engine, col),
    cancelAllRoute(state, engine),
    ...orderBulkRoutes(state, engine),
    ...linkedOrderRoutes(state, engine),
    ...historyRoutes(state, engine),
    delistingHistoryRoute(state, engine),
    ...mainAccountRoutes(state),
    ...codeAndFeeRoutes(state),
    ...walletHistoryRoutes(state),
    ...convertRoutes(state),
    ...flexRoutes(state),
    ...onDemandRoutes(state),
    ...subAccountRoutes(state),
    ...subAccountAdminRoutes(state, engine),
    ...subAccountApprovalRoutes(state),
    ...subAccountKeyRoutes(state),
    ...depositAddressRoutes(state),
    ...miningRoutes(state),
    ...miningWorkerRoutes(state),
    ...miningAdminRoutes(state),
    ...accountMiscRoutes(state, positions),
    ...accountRateRoutes(state, positions),
    ...killSwitchRoutes(state),
  ];
  // every change of orders (a cancel, a modify, a fill) acts on the links of linked orders at once
  return routes.map((r) =>
    r.method === 'POST'
      ? {
          ...r,
          handler: (ctx: PrivateContext) => {
            const out = r.handler(ctx);
            col.sweep();
            return out;
          },
        }
      : r,
  );
}

/** Every route the sandbox serves, by method and path (`/api/v4/public/orderbook/{market}`). */
export function servedRoutes(): Array<{ method: 'GET' | 'POST'; path: string }> {
  const state = createState(1, Date.now, 0, false);
  const engine = new Engine(state);
  const positions = new Positions(state);
  return buildRoutes(state, engine, positions, new CollateralOrders(state, engine, positions)).map((r) => ({
    method: r.method,
    path: r.path,
  }));
}
