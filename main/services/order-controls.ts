/**
 * Work on an account's open orders beyond placing one: every page of them, a change by the route the
 * exchange accepts for that kind of order (REST `order/modify` for spot limit and stop-limit orders,
 * WebSocket `order_modify` for stop-market orders and a position's take-profit / stop-loss legs), the
 * fast cancel-all (`order_cancel_all`) and the kill switch, each money step behind main's confirmation.
 */
import * as trading from '../exchange/endpoints/trading.ts';
import type { KillSwitchTimer, Order } from '../exchange/endpoints/trading.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import { cancelAllOrdersWs, modifyOrderWs } from '../exchange/ws/index.ts';
import { orderView } from '../exchange/ws/views.ts';
import type { KillSwitchView, OcoLinkView, OrderView } from '../ipc/contract.ts';
import { checkChange, checkChangeAllowed, checkLegChange, modifiableFields } from '../rules/modify.ts';
import type { OrderChange } from '../rules/modify.ts';
import { UserFacingError } from '../errors.ts';
import type { Platform } from '../platform.ts';
import type { AccountService } from './accounts.ts';
import { requireConfirmation } from './confirm.ts';
import type { ExchangeConnection } from './exchange-connection.ts';
import type { LiveService } from './live.ts';
import { openPositions } from './positions.ts';
import { referencePrice } from './tpsl-context.ts';
import { modifyOpenOrder } from './order-modify.ts';
import { ocoLinks } from './oco-links.ts';
import { RuleViolation } from './trading.ts';

/** A position's take-profit / stop-loss leg: a reduce-only collateral order. */
export function isLeg(order: Pick<Order, 'reduceOnly' | 'positionSide'>): boolean {
  return order.reduceOnly === true && order.positionSide !== undefined;
}

/** The order as the renderer lists it, with the values its type lets change and its OCO pair. */
export function activeView(order: Order, oco?: OcoLinkView): OrderView {
  const view: OrderView = {
    ...order,
    editable: modifiableFields({ type: order.type, leg: isLeg(order) ? 'takeProfit' : undefined }),
    ...(oco ? { oco } : {}),
  };
  return view;
}

function killSwitchView(timer: KillSwitchTimer): KillSwitchView {
  return {
    market: timer.market,
    startTime: timer.startTime,
    cancellationTime: timer.cancellationTime,
    types: timer.types ?? null,
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
   * Changes an open order after the rules of its kind: a spot limit or stop-limit order by REST, with
   * the balance and the guards (main asks when a guard trips), anything else over the WebSocket, only
   * in the values its type lets change, a leg's new trigger on its own side of the position.
   */
  async modify(
    accountId: string,
    input: OrderChange & { market: string; orderId: number },
  ): Promise<OrderView> {
    const caller = await this.#accounts.caller(accountId);
    const { market, orderId, ...change } = input;
    // the new values on their own first: nothing is signed for a value that cannot be sent
    const rules = await this.#connection.catalog.require(market);
    const early = checkChange(change, rules);
    if (early.length > 0) throw new RuleViolation(early);
    const order = (await trading.allActiveOrders(caller, market)).find((o) => o.orderId === orderId);
    if (!order)
      throw new UserFacingError(
        'not_found',
        `Order ${String(orderId)} is no longer open on ${market}: it was filled or cancelled.`,
        'orderId',
      );
    const leg = isLeg(order) ? await this.#legKind(caller, order) : undefined;
    const allowed = checkChangeAllowed({ type: order.type, leg }, change);
    if (allowed.length > 0) throw new RuleViolation(allowed);
    if (!leg && order.positionSide === undefined && (order.type === 'limit' || order.type === 'stop limit'))
      return modifyOpenOrder(this.#connection, caller, input, this.#label(accountId));
    if (leg) {
      const trigger = change.activationPrice ?? change.price;
      const position = (await openPositions(caller, market)).find(
        (p) =>
          order.positionSide === 'BOTH' ||
          p.positionSide === undefined ||
          p.positionSide === order.positionSide,
      );
      if (trigger !== undefined && position) {
        const mark = await referencePrice(caller.http, market).catch(() => undefined);
        const issues = checkLegChange(
          leg,
          trigger,
          { amount: position.amount, ...(position.basePrice ? { entryPrice: position.basePrice } : {}) },
          mark,
          change.activationPrice === undefined ? 'price' : 'activation_price',
        );
        if (issues.length > 0) throw new RuleViolation(issues);
      }
    }
    const client = await this.#live.ready(accountId);
    return orderView(await modifyOrderWs(client, { market, orderId, ...change }), 'order_modify');
  }

  /** Which leg of its position the order is: from the position's list, else from its trigger. */
  async #legKind(caller: KeyCaller, order: Order): Promise<'takeProfit' | 'stopLoss'> {
    const positions = await openPositions(caller, order.market).catch(() => []);
    for (const p of positions) for (const l of p.tpsl ?? []) if (l.orderId === order.orderId) return l.kind;
    // A lone take-profit is a limit order; a lone stop-loss a stop-market order.
    return order.type === 'limit' ? 'takeProfit' : 'stopLoss';
  }

  /**
   * Cancels every open order of the account on a market (or on every market) in one WebSocket call,
   * after the person confirmed main's question naming the market and how many orders are open.
   */
  async cancelAll(accountId: string, market?: string): Promise<{ cancelled: OrderView[] }> {
    const caller = await this.#accounts.caller(accountId);
    const open = await trading.allActiveOrders(caller, market);
    if (open.length === 0) return { cancelled: [] };
    const where = market ?? 'every market';
    await requireConfirmation(this.#platform, {
      title: `Cancel ${plural(open.length, 'open order')} on ${where}?`,
      facts: [
        { label: 'Account', value: this.#label(accountId) },
        { label: 'Market', value: where },
        { label: 'Open orders', value: String(open.length) },
      ],
      action: `Cancel ${plural(open.length, 'order')}`,
      ...(market ? {} : { warning: 'Orders on every market of this account are cancelled.' }),
    });
    const client = await this.#live.ready(accountId);
    // one market per call; the exchange answers nothing of the orders, so they are read again after
    for (const m of market ? [market] : [...new Set(open.map((o) => o.market))])
      await cancelAllOrdersWs(client, m);
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
