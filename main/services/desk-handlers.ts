/** IPC handlers for accounts, markets, orders and balances. */
import { userFacing } from '../ipc/user-facing.ts';
import * as publicApi from '../exchange/endpoints/public.ts';
import * as trading from '../exchange/endpoints/trading.ts';
import type { IpcError, OrderDraftInput, OrderView } from '../ipc/contract.ts';
import type { Handlers } from '../ipc/router.ts';
import type { OrderDraft } from '../rules/index.ts';
import { accountView, type AccountService } from './accounts.ts';
import type { ExchangeConnection } from './exchange-connection.ts';

type DeskProcedures =
  | 'connection.status'
  | 'accounts.list'
  | 'accounts.addFromClipboard'
  | 'accounts.rename'
  | 'accounts.update'
  | 'accounts.remove'
  | 'accounts.rotateFromClipboard'
  | 'accounts.importCsv'
  | 'markets.list'
  | 'markets.depth'
  | 'orders.check'
  | 'orders.place'
  | 'orders.active'
  | 'orders.modify'
  | 'orders.cancel'
  | 'orders.cancelAll'
  | 'balances.spot';

const draftOf = (d: OrderDraftInput): OrderDraft => d;

export function deskHandlers(
  accounts: AccountService,
  connection: ExchangeConnection,
): Pick<Handlers, DeskProcedures> {
  const registry = accounts.registry;
  return {
    'connection.status': () => connection.status,
    'accounts.list': () => accounts.list(),
    'accounts.addFromClipboard': (input) => accounts.addFromClipboard(input),
    'accounts.rename': ({ id, label }) => accountView(registry.rename(id, label)),
    'accounts.update': ({ id, ...changes }) => accountView(registry.update(id, changes)),
    'accounts.remove': async ({ id }) => {
      await accounts.remove(id);
      return null;
    },
    'accounts.rotateFromClipboard': ({ id, apiKey }) => accounts.rotateFromClipboard(id, apiKey),
    'accounts.importCsv': () => accounts.importCsv(),
    'markets.list': async () =>
      (await connection.catalog.all()).map((m) => ({
        name: m.name,
        type: m.type,
        stockPrec: m.stockPrec,
        moneyPrec: m.moneyPrec,
        minAmount: m.minAmount,
        minTotal: m.minTotal,
        maxTotal: m.maxTotal,
        tickSize: m.tickSize,
        stepSize: m.stepSize,
        isTradFiFutures: m.isTradFiFutures,
        ...(m.maxLeverage === undefined ? {} : { maxLeverage: m.maxLeverage }),
      })),
    'markets.depth': async ({ market, limit }) => {
      const book = await publicApi.orderBook(connection.http, market, limit);
      return { timestamp: book.timestamp, asks: book.asks, bids: book.bids };
    },
    'orders.check': async ({ draft, accountId }) => {
      const order = draftOf(draft);
      if (accountId === undefined) return connection.trading.review(order);
      const caller = await accounts.caller(accountId);
      return connection.trading.review(order, caller, await connection.trading.accountContext(caller, order));
    },
    'orders.place': async ({ accountId, draft, acknowledge }) =>
      connection.trading.place(await accounts.caller(accountId), draftOf(draft), undefined, acknowledge),
    'orders.active': async ({ accountId, market }) =>
      trading.activeOrders(await accounts.caller(accountId), { ...(market ? { market } : {}), limit: 100 }),
    'orders.modify': async ({ accountId, acknowledge, ...change }) =>
      connection.trading.modify(await accounts.caller(accountId), change, acknowledge),
    'orders.cancel': async ({ accountId, market, orderId }) =>
      trading.cancelOrder(await accounts.caller(accountId), { market, orderId }),
    'orders.cancelAll': async ({ accountId, market }) => {
      const caller = await accounts.caller(accountId);
      const cancelled: OrderView[] = [];
      const failed: Array<{ orderId: number; error: IpcError }> = [];
      const tried = new Set<number>();
      // The exchange lists at most 100 open orders at a time: read again until none is left untried.
      for (;;) {
        const open = (await trading.activeOrders(caller, { market, limit: 100 })).filter(
          (o) => !tried.has(o.orderId),
        );
        if (open.length === 0) break;
        for (const order of open) {
          tried.add(order.orderId);
          try {
            cancelled.push(await trading.cancelOrder(caller, { market, orderId: order.orderId }));
          } catch (error) {
            failed.push({ orderId: order.orderId, error: cancelErrorOf(error) });
          }
        }
      }
      return { cancelled, failed };
    },
    'balances.spot': async ({ accountId }) => trading.tradeBalance(await accounts.caller(accountId)),
  };
}

function cancelErrorOf(error: unknown): IpcError {
  return (
    userFacing(error) ?? {
      code: 'internal',
      message: 'This order could not be cancelled; the details are in the log.',
    }
  );
}
