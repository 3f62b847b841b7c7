/** IPC handlers of `orders.*`: checking, placing (REST or WebSocket), modifying and cancelling orders. */
import type { OrderDraftInput } from '../../ipc/contract.ts';
import type { Handlers } from '../../ipc/router.ts';
import type { OrderDraft } from '../../rules/index.ts';
import { activeOrders, cancelAll, cancelOrder } from '../../services/orders.ts';
import type { HandlerContext } from '../context.ts';

const draftOf = (d: OrderDraftInput): OrderDraft => d;

export function ordersHandlers({
  accounts,
  connection,
  live,
  known,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `orders.${string}`>> {
  return {
    'orders.check': async ({ draft, accountId }) => {
      const order = draftOf(draft);
      if (accountId === undefined) return connection.trading.review(order);
      const caller = await accounts.caller(accountId);
      return connection.trading.review(order, caller, await connection.trading.accountContext(caller, order));
    },
    'orders.place': async ({ accountId, draft, acknowledge }) =>
      connection.trading.place(await accounts.caller(accountId), draftOf(draft), undefined, acknowledge),
    'orders.placeWs': async ({ accountId, draft, acknowledge }) => {
      const caller = await accounts.caller(accountId);
      await connection.trading.screen(caller, draft, acknowledge);
      return live.placeOrder(
        accountId,
        draft,
        connection.catalog,
        connection.trading,
        await connection.trading.accountContext(caller, draft),
      );
    },
    'orders.active': ({ accountId, market }) =>
      known.fresh(
        accountId,
        'orders.open',
        async () => activeOrders(await accounts.caller(accountId), market),
        market,
      ),
    'orders.modify': async ({ accountId, acknowledge, ...change }) =>
      connection.trading.modify(await accounts.caller(accountId), change, acknowledge),
    'orders.cancel': async ({ accountId, market, orderId }) =>
      cancelOrder(await accounts.caller(accountId), market, orderId),
    'orders.cancelAll': async ({ accountId, market }) => cancelAll(await accounts.caller(accountId), market),
  };
}
