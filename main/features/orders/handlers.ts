/** IPC handlers of `orders.*`: checking, placing (REST or WebSocket), modifying and cancelling orders. */
import type { OrderDraftInput } from '../../views/schemas.ts';
import type { HandlersOf } from '../../views/schemas.ts';
import type { ordersProcedures } from './procedures.ts';
import type { OrderDraft } from '../../rules/index.ts';
import { feeRates, fills, orderFills, orderHistory } from '../../services/trading/orders.ts';
import { UserFacingError } from '../../errors.ts';
import { ticketFunds } from './ticket-funds.ts';
import { placeOverWebSocket } from './ws-placing.ts';
import type { AccountService } from '../../services/accounts.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import type { LiveService } from '../../services/live/service.ts';
import type { OrderControls } from './order-controls.ts';
import type { KnownReads } from '../live/known-reads.ts';
import type { LadderService } from './ladder.ts';

type Handlers = HandlersOf<typeof ordersProcedures>;

const draftOf = (d: OrderDraftInput): OrderDraft => d;

/** What the handlers of `orders.*` draw on. */
export interface OrdersHandlerDeps {
  readonly accounts: AccountService;
  readonly connection: ExchangeConnection;
  readonly live: LiveService;
  readonly orderControls: OrderControls;
  /** Reads that keep what they saw as the last known state, and its recall for the screens. */
  readonly known: KnownReads;
  /** Ladders of limit orders sent in bulk. */
  readonly ladder: LadderService;
}

export function ordersHandlers({
  accounts,
  connection,
  live,
  orderControls,
  known,
  ladder,
}: OrdersHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `orders.${string}`>> {
  /** The account as the person knows it, named in main's question. */
  const labelOf = (accountId: string): string => accounts.registry.get(accountId)?.label ?? accountId;
  return {
    'orders.check': async ({ draft, accountId }) => {
      const order = draftOf(draft);
      if (accountId === undefined) return connection.trading.review(order);
      const caller = await accounts.caller(accountId);
      return connection.trading.review(order, caller, await connection.trading.accountContext(caller, order));
    },
    'orders.place': async ({ accountId, draft }) =>
      connection.trading.place(await accounts.caller(accountId), draftOf(draft), {
        label: labelOf(accountId),
      }),
    'orders.placeWs': async ({ accountId, draft }) =>
      placeOverWebSocket(
        { live, trading: connection.trading, catalog: connection.catalog },
        await accounts.caller(accountId),
        accountId,
        draftOf(draft),
        labelOf(accountId),
      ),
    'orders.active': ({ accountId, market }) =>
      known.fresh(accountId, 'orders.open', () => orderControls.active(accountId, market), market),
    'orders.modify': ({ accountId, ...change }) => orderControls.modify(accountId, change),
    'orders.funds': async ({ accountId, draft, percent }) =>
      ticketFunds(connection.trading, await accounts.caller(accountId), draftOf(draft), percent),
    'orders.history': async ({ accountId, market }) => orderHistory(await accounts.caller(accountId), market),
    'orders.fills': async ({ accountId, market }) => fills(await accounts.caller(accountId), market),
    'orders.deals': async ({ accountId, orderId }) => orderFills(await accounts.caller(accountId), orderId),
    'orders.feeRates': async ({ accountId, market }) => {
      const [caller, rules] = await Promise.all([accounts.caller(accountId), connection.catalog.get(market)]);
      if (!rules)
        throw new UserFacingError('not_found', `The exchange does not list the market ${market}.`, 'market');
      return feeRates(caller, market, rules.type === 'futures');
    },
    'orders.cancel': ({ accountId, market, orderId }) => orderControls.cancel(accountId, market, orderId),
    'orders.cancelAll': ({ accountId, market }) => orderControls.cancelAll(accountId, market),
    'orders.killSwitchArm': ({ accountId, market, timeout, types }) =>
      orderControls.armKillSwitch(accountId, market, timeout, types),
    'orders.killSwitchDisarm': async ({ accountId, market }) => {
      await orderControls.disarmKillSwitch(accountId, market);
      return null;
    },
    'orders.killSwitches': ({ accountId, market }) => orderControls.killSwitches(accountId, market),
    'orders.previewLadder': ({ accountId, ...input }) => ladder.preview(accountId, input),
    'orders.placeBulk': ({ accountId, ...input }) => ladder.place(accountId, input),
  };
}
