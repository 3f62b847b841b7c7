/**
 * Work on an account's open orders beyond placing one: every page of them, a change checked as a new
 * order of its new size and price and sent by the route the exchange accepts for its kind
 * (`order-modify.ts`), a cancel (a position's take-profit / stop-loss leg behind main's question), the
 * cancel-all (`order_cancel_all` for a market while the socket is live, else `order/cancel/all`) and
 * the kill switch, each money step behind main's confirmation.
 */
import * as trading from '../../exchange/endpoints/trading.ts';
import type { KillSwitchTimer, Order } from '../../exchange/endpoints/trading.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import { cancelAllOrdersWs } from '../../exchange/ws/index.ts';
import type { KillSwitchView, OcoLinkView, OrderView } from '../../views/orders.ts';
import { modifiableFields } from '../../rules/modify.ts';
import { UserFacingError } from '../../errors.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import { legCancelQuestion, legsAmongFacts } from '../../services/trading/leg-questions.ts';
import type { LiveService } from '../../services/live/service.ts';
import { openPositions } from '../../services/trading/positions.ts';
import {
  isLeg,
  legKindOf,
  legsAmong,
  modifyOpenOrder,
  positionOf,
  type OrderChangeInput,
} from '../../services/trading/order-modify.ts';
import { cancelLinked } from './linked-cancel.ts';
import { ocoLinks } from './oco-links.ts';

export { isLeg } from '../../services/trading/order-modify.ts';

/** The order as the renderer lists it, with the values its type lets change and its OCO pair. */
export function activeView(order: Order, oco?: OcoLinkView): OrderView {
  const view: OrderView = {
    ...order,
    editable: modifiableFields({ type: order.type, leg: isLeg(order) ? 'takeProfit' : undefined }),
    ...(oco ? { oco } : {}),
  };
  return view;
}

/** A timer as the screen shows it: `types` null when it cancels every kind (named all, or not named). */
function killSwitchView(timer: KillSwitchTimer): KillSwitchView {
  const kinds = new Set(timer.types ?? []);
  return {
    market: timer.market,
    startTime: timer.startTime,
    cancellationTime: timer.cancellationTime,
    types: timer.types && kinds.size < 3 ? [...kinds] : null,
  };
}

const plural = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;

export class OrderControls {
  readonly #accounts: AccountService;
  readonly #connection: ExchangeConnection;
  readonly #live: LiveService;
  readonly #platform: Platform;

  constructor(
    accounts: AccountService,
    connection: ExchangeConnection,
    live: LiveService,
    platform: Platform,
  ) {
    this.#accounts = accounts;
    this.#connection = connection;
    this.#live = live;
    this.#platform = platform;
  }

  #label(accountId: string): string {
    return this.#accounts.list().find((a) => a.id === accountId)?.label ?? accountId;
  }

  /**
   * Every open order of the account (on one market, or all), newest first, all pages; the two legs of
   * an OCO pair each name the pair and the other leg.
   */
  async active(accountId: string, market?: string): Promise<OrderView[]> {
    const caller = await this.#accounts.caller(accountId);
    const orders = await trading.allActiveOrders(caller, market);
    const links = await ocoLinks(caller, orders);
    return orders.map((o) => activeView(o, links.get(o.orderId)));
  }

  /**
   * Changes an open order as a new order of its new size and price is checked, whatever its kind and
   * route (`order-modify.ts`): main asks when a guard trips, and nothing is signed unless it is answered.
   */
  async modify(accountId: string, input: OrderChangeInput): Promise<OrderView> {
    const caller = await this.#accounts.caller(accountId);
    return modifyOpenOrder(
      {
        trading: this.#connection.trading,
        catalog: this.#connection.catalog,
        live: this.#live,
        platform: this.#platform,
      },
      caller,
      accountId,
      input,
      this.#label(accountId),
    );
  }

  /**
   * Cancels one open order: a plain order at once; a take-profit / stop-loss leg of an open position
   * only once the person confirmed main's question naming the leg and the position it leaves bare. An
   * OCO leg is cancelled with its pair, an order waiting with OTO legs with them (`linked-cancel.ts`).
   */
  async cancel(accountId: string, market: string, orderId: number): Promise<OrderView> {
    const caller = await this.#accounts.caller(accountId);
    const rules = await this.#connection.catalog.get(market);
    let cancelled: Order | undefined;
    // only a market that takes collateral orders has legs and links: a spot order is cancelled unread
    if (rules?.type === 'futures' || rules?.collateral !== false) {
      const order = (await trading.allActiveOrders(caller, market)).find((o) => o.orderId === orderId);
      if (order && isLeg(order)) await this.#askLegCancel(accountId, caller, order);
      // an OCO leg goes with its pair, an OTO with its legs, in one request for the whole link
      if (order) cancelled = await cancelLinked(caller, order);
    }
    cancelled ??= await trading.cancelOrder(caller, { market, orderId });
    // what the order held is the account's to spend again: main's reading of it is stale
    this.#connection.trading.forgetFunds(caller);
    return cancelled;
  }

  async #askLegCancel(accountId: string, caller: KeyCaller, order: Order): Promise<void> {
    const position = positionOf(await openPositions(caller, order.market), order);
    if (!position) return;
    const at = { account: this.#label(accountId), market: order.market, position };
    const trigger = order.activation_price ?? order.price ?? '';
    await requireConfirmation(this.#platform, legCancelQuestion(at, legKindOf(order, position), trigger));
  }

  /**
   * Cancels every open order of the account on a market (one WebSocket call while the account's socket
   * is live, else one REST request, `order/cancel/all`) or on every market (one REST request),
   * after the person confirmed main's question naming the market, how many orders are open, and the
   * take-profit / stop-loss legs of open positions among them.
   */
  async cancelAll(accountId: string, market?: string): Promise<{ cancelled: OrderView[] }> {
    const caller = await this.#accounts.caller(accountId);
    const open = await trading.allActiveOrders(caller, market);
    if (open.length === 0) return { cancelled: [] };
    const where = market ?? 'every market';
    // a position's take-profit / stop-loss among them is named, with what its position is left to
    const legs = open.some(isLeg)
      ? legsAmongFacts(legsAmong(open, await openPositions(caller, market)))
      : undefined;
    const warning = [
      market ? '' : 'Orders on every market of this account are cancelled.',
      legs?.warning ?? '',
    ]
      .filter(Boolean)
      .join(' ');
    await requireConfirmation(this.#platform, {
      title: `Cancel ${plural(open.length, 'open order')} on ${where}?`,
      facts: [
        { label: 'Account', value: this.#label(accountId) },
        { label: 'Market', value: where },
        { label: 'Open orders', value: String(open.length) },
        ...(legs ? [legs.fact] : []),
      ],
      action: `Cancel ${plural(open.length, 'order')}`,
      ...(warning ? { warning } : {}),
    });
    // one market over the account's socket when it is live; else, and for every market (the socket's
    // call takes one market), one REST request. The exchange answers nothing of the orders either
    // way: they are read again after.
    if (market && this.#live.state(accountId) === 'live')
      await cancelAllOrdersWs(await this.#live.ready(accountId), market);
    else await trading.cancelAllOrders(caller, market);
    // what the orders held is the account's to spend again: main's reading of it is stale
    this.#connection.trading.forgetFunds(caller);
    const left = new Set((await trading.allActiveOrders(caller, market)).map((o) => o.orderId));
    return { cancelled: open.filter((o) => !left.has(o.orderId)).map((o) => ({ ...o })) };
  }

  /**
   * Arms (or re-arms) the market's kill switch after main's question: unless armed again or disarmed,
   * the exchange cancels every order of the market (of `types`, all when omitted) `timeout` seconds
   * from now. The exchange's kill switch is per market: there is none for every market at once.
   */
  async armKillSwitch(
    accountId: string,
    market: string,
    timeout: number,
    types?: readonly trading.KillSwitchType[],
  ): Promise<KillSwitchView> {
    const caller = await this.#accounts.caller(accountId);
    const open = await trading.allActiveOrders(caller, market);
    // every type chosen is the same as none named: the exchange's default cancels them all
    const only = types && new Set(types).size < 3 ? [...new Set(types)] : undefined;
    const which = only ? `${only.join(' and ')} orders` : 'orders of every type';
    await requireConfirmation(this.#platform, {
      title: `Arm the kill switch of ${market} for ${plural(timeout, 'second')}?`,
      facts: [
        { label: 'Account', value: this.#label(accountId) },
        { label: 'Market', value: market },
        { label: 'Cancels after', value: plural(timeout, 'second') },
        { label: 'Cancels', value: which },
        { label: 'Open orders now', value: String(open.length) },
      ],
      action: 'Arm kill switch',
      warning: only
        ? `Unless you arm it again or disarm it, the ${which} on ${market} are cancelled when the time runs out.`
        : `Unless you arm it again or disarm it, every order on ${market} is cancelled when the time runs out.`,
    });
    const timer = await trading.killSwitch(caller, market, timeout, only);
    if (!timer) throw new UserFacingError('internal', 'The exchange did not answer the kill switch timer.');
    return killSwitchView(timer);
  }

  /** Disarms the market's kill switch: nothing is cancelled. */
  async disarmKillSwitch(accountId: string, market: string): Promise<void> {
    await trading.killSwitch(await this.#accounts.caller(accountId), market, null);
  }

  /** The armed kill switches of the account (of one market, or all). */
  async killSwitches(accountId: string, market?: string): Promise<KillSwitchView[]> {
    const timers = await trading.killSwitchStatus(await this.#accounts.caller(accountId), market);
    return timers.map(killSwitchView);
  }
}
