/**
 * A market's delisting as the exchange carries it out: every active order on it is canceled, and every
 * open collateral position on it is closed by a reverse market order the platform places (its
 * `clientOrderId` is `delisting-` and its own id). Both are kept marked, for
 * `trade-account/order/history/query`.
 */
import type { Positions } from './collateral/positions.ts';
import type { Engine } from './engine/engine.ts';
import { placeCollateralMarket } from './routes/collateral.ts';
import type { SandboxState } from './state.ts';

/** Delists `market` now; false when there is no such market. */
export function delistMarket(
  state: SandboxState,
  engine: Engine,
  positions: Positions,
  market: string,
): boolean {
  const m = state.markets.get(market);
  if (!m) return false;
  m.delistedAt = Math.floor(state.now() / 1000);
  for (const o of [...engine.orders.values()])
    if (o.open && o.market === market && state.accounts.has(o.owner)) {
      engine.finish(o, m, 'CANCELED');
      o.delisting = 'canceled';
    }
  for (const account of state.accounts.values())
    for (const p of positions.of(account.id).filter((x) => x.market === market && !x.amount.isZero())) {
      const order = placeCollateralMarket(state, engine, positions, account, {
        market,
        side: p.amount.isPos() ? 'sell' : 'buy',
        amount: p.amount.abs().toFixed(),
        reduceOnly: true,
        ...(account.hedgeMode ? { positionSide: p.side } : {}),
      });
      order.clientOrderId = `delisting-${String(order.id)}`;
      order.delisting = 'reverse';
    }
  return true;
}
