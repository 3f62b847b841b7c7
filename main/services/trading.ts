/**
 * Placing orders: pre-trade rules first, a client order id on every order, and recovery when the
 * exchange's answer is lost. A lost answer (timeout, dropped connection, server error) does not say
 * whether the order exists, so the order is looked up by its client order id before it is ever sent
 * again; sent again, it carries the same id, which the exchange refuses while the first one is open.
 */
import { randomBytes } from 'node:crypto';
import { Dec } from '../rules/decimal.ts';
import { ExchangeError, NetworkError, TimeoutError } from '../exchange/errors.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import * as collateral from '../exchange/endpoints/collateral.ts';
import * as trading from '../exchange/endpoints/trading.ts';
import type { Deal, Order } from '../exchange/endpoints/trading.ts';
import type { IpcError } from '../ipc/contract.ts';
import { UserFacingError } from '../errors.ts';
import {
  DEFAULT_GUARDS,
  balanceIssue,
  guardQuestions,
  unacknowledged,
  type Funds,
  type GuardQuestion,
  type GuardSettings,
} from '../rules/guards.ts';
import { changedDraft, checkChange, type OrderChange } from '../rules/modify.ts';
import {
  checkOrder,
  normalizeStp,
  type AccountContext,
  type OrderDraft,
  type RuleIssue,
} from '../rules/index.ts';
import type { ExchangeHttp } from '../exchange/http.ts';
import type { CatalogMarket, MarketCatalog } from './market-catalog.ts';
import { PreTradeReadings } from './pre-trade.ts';
import { tpslContext } from './tpsl-context.ts';

/** The order broke a pre-trade rule; nothing was sent. `issues` lists every rule it broke. */
export class RuleViolation extends UserFacingError {
  readonly issues: readonly RuleIssue[];

  constructor(issues: readonly RuleIssue[]) {
    const first = issues[0] ?? { field: 'order', message: 'The order is not valid.' };
    super('rule_violation', first.message, first.field);
    this.name = 'RuleViolation';
    this.issues = issues;
  }

  override toIpcError(): IpcError {
    const suggestions = this.issues[0]?.suggestions;
    return suggestions?.length
      ? { ...super.toIpcError(), suggestions: [...suggestions] }
      : super.toIpcError();
  }
}

/** The order trips a guard the call did not acknowledge; nothing was sent. */
export class NeedsAcknowledgement extends UserFacingError {
  readonly questions: readonly GuardQuestion[];

  constructor(questions: readonly GuardQuestion[]) {
    const first = questions[0] as GuardQuestion;
    super('needs_confirmation', questions.map((q) => q.message).join(' '), first.field);
    this.name = 'NeedsAcknowledgement';
    this.questions = questions;
  }

  override toIpcError(): IpcError {
    return { ...super.toIpcError(), guards: [...new Set(this.questions.map((q) => q.guard))] };
  }
}

/** What the pre-trade rules and guards say of a draft: refusals, and questions to acknowledge. */
export interface Review {
  readonly issues: RuleIssue[];
  readonly questions: GuardQuestion[];
}

export interface PlaceResult {
  readonly clientOrderId: string;
  /** The exchange's order, when it answered or the order was found among the open ones. */
  readonly order?: Order;
  /** The order's deals, when it was found executed rather than open. */
  readonly deals?: readonly Deal[];
  /** The first answer was lost and the order was found at the exchange by its client order id. */
  readonly recovered: boolean;
}

export interface TradingOptions {
  readonly catalog: MarketCatalog;
  /** Where market prices are read for the price band (none: the band asks nothing). */
  readonly http?: ExchangeHttp;
  /** Time to let a request still in flight land before looking it up. Default 1000 ms. */
  readonly lookupDelayMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly newClientOrderId?: () => string;
  readonly now?: () => number;
}

/**
 * How long a reading of an account's hedge mode is used for collateral orders. The mode can change on
 * the exchange's own site meanwhile; an order refused for its position side (code 114) drops it.
 */
export const HEDGE_MODE_TTL_MS = 60_000;
/** The exchange's code for a position side that does not match the account's mode. */
const POSITION_SIDE_MISMATCH = 114;

/** Letters, digits and dashes: unique per order, readable in the exchange's own history. */
export function newClientOrderId(): string {
  return `txc-${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;
}

function answerLost(error: unknown): boolean {
  return error instanceof TimeoutError || error instanceof NetworkError;
}

export class TradingService {
  readonly #catalog: MarketCatalog;
  readonly #lookupDelayMs: number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #newId: () => string;
  readonly #now: () => number;
  /** API key -> its account's hedge mode and when it was read. */
  readonly #hedgeModes = new Map<string, { hedgeMode: boolean; at: number }>();
  readonly #readings: PreTradeReadings;
  #guards: () => GuardSettings = () => DEFAULT_GUARDS;

  constructor(options: TradingOptions) {
    this.#catalog = options.catalog;
    this.#readings = new PreTradeReadings(options.http, options.now);
    this.#lookupDelayMs = options.lookupDelayMs ?? 1000;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#newId = options.newClientOrderId ?? newClientOrderId;
    this.#now = options.now ?? Date.now;
  }

  /**
   * What the rules should know about the caller's account for this draft: for a collateral order, its
   * hedge mode (read at most once a minute), the price its TP/SL legs are measured against and the
   * position a reduce-only order reduces. Unknown when the exchange does not tell (the key may not
   * be allowed to read it): the rules then leave the position side to the exchange.
   */
  async accountContext(caller: KeyCaller, draft: OrderDraft): Promise<AccountContext | undefined> {
    if (draft.kind !== 'collateral_market') return undefined;
    const [hedgeMode, tpsl] = await Promise.all([this.#hedgeMode(caller), tpslContext(caller, draft)]);
    return { ...(hedgeMode === undefined ? {} : { hedgeMode }), ...tpsl };
  }

  /** Drops the remembered hedge mode of a key (after the app switched it). */
  forgetHedgeMode(apiKey: string): void {
    this.#hedgeModes.delete(apiKey);
  }

  async #hedgeMode(caller: KeyCaller): Promise<boolean | undefined> {
    const key = caller.credentials.apiKey;
    const known = this.#hedgeModes.get(key);
    if (known && this.#now() - known.at < HEDGE_MODE_TTL_MS) return known.hedgeMode;
    try {
      const hedgeMode = await collateral.hedgeMode(caller);
      this.#hedgeModes.set(key, { hedgeMode, at: this.#now() });
      return hedgeMode;
    } catch {
      return undefined;
    }
  }

  /** Every rule the draft breaks against its market (empty when it may be sent). */
  async check(draft: OrderDraft, account?: AccountContext): Promise<RuleIssue[]> {
    const market = draft.market === undefined ? undefined : await this.#catalog.get(draft.market);
    if (!market) {
      return [
        { field: 'market', message: `market ${draft.market ?? '(none)'} is not listed by the exchange` },
      ];
    }
    return checkOrder(draft, market, account);
  }

  /** Forgets the balances read for this key (orders were just sent another way, e.g. in bulk). */
  forgetFunds(caller: KeyCaller): void {
    this.#readings.spent(caller);
  }

  /** Where the guards' thresholds come from (the profile's settings); the defaults until set. */
  useGuardSettings(source: () => GuardSettings): void {
    this.#guards = source;
  }

  /**
   * The rules, and with a caller the balance, of a draft; and the guard questions it must have
   * acknowledged. The balance is read only for a draft the rules accept.
   */
  async review(draft: OrderDraft, caller?: KeyCaller, account?: AccountContext): Promise<Review> {
    const market = draft.market === undefined ? undefined : await this.#catalog.get(draft.market);
    if (!market) return { issues: await this.check(draft, account), questions: [] };
    const issues = checkOrder(draft, market, account);
    const reference = await this.#readings.reference(market);
    if (issues.length === 0 && caller) {
      const funds = await this.#readings.funds(caller, draft, market);
      const short = balanceIssue(draft, market, funds, reference?.price);
      if (short) issues.push(short);
    }
    return { issues, questions: guardQuestions(draft, this.#guards(), reference) };
  }

  /**
   * The refusals of one account's draft, as a desk preview lists them: the rules and the balance; a
   * balance (or key) that cannot be read is itself the refusal, named on the field it concerns.
   */
  async issuesFor(caller: () => Promise<KeyCaller>, draft: OrderDraft): Promise<RuleIssue[]> {
    try {
      return (await this.review(draft, await caller())).issues;
    } catch (error) {
      if (!(error instanceof UserFacingError)) throw error;
      return [{ field: error.field ?? 'account', message: error.message }];
    }
  }

  /**
   * Refuses a draft that breaks a rule, that the balance does not cover, or that trips a guard the call
   * did not acknowledge: the one gate of every order send (ticket, desk, WebSocket).
   */
  async screen(
    caller: KeyCaller,
    draft: OrderDraft,
    acknowledge: readonly string[] = [],
    account?: AccountContext,
  ): Promise<void> {
    const review = await this.review(draft, caller, account ?? (await this.accountContext(caller, draft)));
    if (review.issues.length > 0) throw new RuleViolation(review.issues);
    const open = unacknowledged(review.questions, acknowledge);
    if (open.length > 0) throw new NeedsAcknowledgement(open);
  }

  /** Screens the draft (with the account's hedge mode unless `account` is given) and places it. */
  async place(
    caller: KeyCaller,
    draft: OrderDraft,
    account?: AccountContext,
    acknowledge: readonly string[] = [],
  ): Promise<PlaceResult> {
    await this.screen(caller, draft, acknowledge, account);
    this.#readings.spent(caller);
    const market = draft.market as string;
    const clientOrderId = draft.clientOrderId || this.#newId();
    const stp = draft.stp === undefined ? undefined : normalizeStp(draft.stp);
    const send = () => this.#send(caller, { ...draft, clientOrderId, ...(stp ? { stp } : {}) });
    return this.sendRecovering(caller, market, clientOrderId, send, (error) => {
      if (error instanceof ExchangeError && error.exchangeCode === POSITION_SIDE_MISMATCH) {
        this.#hedgeModes.delete(caller.credentials.apiKey);
      }
    });
  }

  /**
   * Sends one order under one client order id, by whatever path `send` takes (REST or WebSocket).
   * After a lost answer the order is looked up by that id before it is ever sent again, and sent
   * again it carries the same id.
   */
  async sendRecovering<T>(
    caller: KeyCaller,
    market: string,
    clientOrderId: string,
    send: () => Promise<T>,
    onError?: (error: unknown) => void,
  ): Promise<{ clientOrderId: string; order?: T | Order; deals?: readonly Deal[]; recovered: boolean }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return { clientOrderId, order: await send(), recovered: false };
      } catch (error) {
        onError?.(error);
        if (!answerLost(error)) throw error;
        const found = await this.#lookup(caller, market, clientOrderId);
        if (found) return found;
        // Not at the exchange: it never arrived or was refused before it applied. Send it once more.
        if (attempt >= 1) throw error;
      }
    }
  }

  /**
   * Changes an open order after the same rules and guards as a new one: the new values alone first
   * (nothing is signed for a value that cannot be sent), then the order as it would stand, against the
   * balance it may use (what is free plus what the order itself holds).
   */
  async modify(
    caller: KeyCaller,
    input: OrderChange & { market: string; orderId: number },
    acknowledge: readonly string[] = [],
  ): Promise<Order> {
    const { market: name, orderId, ...change } = input;
    const market = await this.#catalog.require(name);
    const early = checkChange(change, market);
    if (early.length > 0) throw new RuleViolation(early);
    const order = await this.#open(caller, name, orderId);
    const draft = changedDraft(order, change);
    if (draft) {
      const issues = checkOrder(draft, market);
      if (issues.length > 0) throw new RuleViolation(issues);
      const reference = await this.#readings.reference(market);
      const short = balanceIssue(
        draft,
        market,
        await this.#heldFunds(caller, draft, market, order),
        reference?.price,
      );
      if (short) throw new RuleViolation([short]);
      const questions = guardQuestions(draft, this.#guards(), reference, {
        price: change.price !== undefined,
        activation: change.activationPrice !== undefined,
        notional: change.price !== undefined || change.amount !== undefined,
      });
      const open = unacknowledged(questions, acknowledge);
      if (open.length > 0) throw new NeedsAcknowledgement(open);
    }
    this.#readings.spent(caller);
    return trading.modifyOrder(caller, { market: name, orderId, ...change });
  }

  /**
   * What a draft may spend as the balance rule reads it (spot: the trade balance of the asset it
   * spends; collateral: the collateral balance, with what it closes), and the price a market order
   * is measured at.
   */
  async spendable(
    caller: KeyCaller,
    draft: OrderDraft,
  ): Promise<{ market: CatalogMarket; funds: Funds; reference: string | undefined }> {
    const market = await this.#catalog.require(draft.market);
    const [funds, reference] = await Promise.all([
      this.#readings.funds(caller, draft, market),
      this.#readings.reference(market),
    ]);
    return { market, funds, reference: reference?.price };
  }

  /** The funds a changed order may use: the free balance and what the order holds now. */
  async #heldFunds(caller: KeyCaller, draft: OrderDraft, market: CatalogMarket, order: Order) {
    const funds = await this.#readings.funds(caller, draft, market);
    const holds = order.side === 'buy' ? new Dec(order.left).mul(order.price ?? '0') : new Dec(order.left);
    return { ...funds, available: holds.add(funds.available).toFixed() };
  }

  /** An open order of the account by id (every page of the market's open orders). */
  async #open(caller: KeyCaller, market: string, orderId: number): Promise<Order> {
    const limit = 100;
    for (let offset = 0; offset <= 10_000; offset += limit) {
      const page = await trading.activeOrders(caller, { market, limit, offset });
      const order = page.find((o) => o.orderId === orderId);
      if (order) return order;
      if (page.length < limit) break;
    }
    throw new UserFacingError(
      'not_found',
      `Order ${String(orderId)} is no longer open on ${market}: it was filled or cancelled.`,
      'orderId',
    );
  }

  #send(caller: KeyCaller, d: OrderDraft & { clientOrderId: string }): Promise<Order> {
    const common = { market: d.market as string, side: d.side as 'buy' | 'sell', amount: d.amount };
    const ids = {
      clientOrderId: d.clientOrderId,
      ...(d.stp ? { stp: d.stp as trading.LimitOrderInput['stp'] } : {}),
    };
    switch (d.kind) {
      case 'limit':
        return trading.limitOrder(caller, {
          ...common,
          ...ids,
          price: d.price,
          postOnly: d.postOnly,
          ioc: d.ioc,
          bboRole: d.bboRole as 1 | 2 | undefined,
          rpi: d.rpi,
          retail: d.retail,
        });
      case 'stop_limit':
        return trading.stopLimitOrder(caller, {
          ...common,
          ...ids,
          activation_price: d.activation_price as string,
          price: d.price,
          bboRole: d.bboRole as 1 | 2 | undefined,
        });
      case 'market':
        return trading.marketOrder(caller, { ...common, ...ids });
      case 'stock_market':
        return trading.stockMarketOrder(caller, { ...common, ...ids });
      case 'stop_market':
        return trading.stopMarketOrder(caller, {
          ...common,
          ...ids,
          activation_price: d.activation_price as string,
        });
      case 'collateral_market':
        return collateral.collateralMarketOrder(caller, {
          ...common,
          ...ids,
          positionSide: d.positionSide as collateral.PositionSide | undefined,
          reduceOnly: d.reduceOnly,
          stopLoss: d.stopLoss,
          takeProfit: d.takeProfit,
        });
    }
  }

  /**
   * The order an earlier send placed under this client order id (open, or known by its deals), without
   * sending anything: how a re-sent batch recognises the children it already placed.
   */
  find(caller: KeyCaller, market: string, clientOrderId: string): Promise<PlaceResult | undefined> {
    return this.#lookup(caller, market, clientOrderId, false);
  }

  /** The order with this client order id: among the open orders of the market, else in the deals. */
  async #lookup(
    caller: KeyCaller,
    market: string,
    clientOrderId: string,
    afterLostAnswer = true,
  ): Promise<PlaceResult | undefined> {
    // After a lost answer the exchange may still be applying the order: give it a moment.
    if (afterLostAnswer) await this.#sleep(this.#lookupDelayMs);
    const limit = 100;
    for (let offset = 0; offset <= 10_000; offset += limit) {
      const page = await trading.activeOrders(caller, { market, limit, offset });
      const order = page.find((o) => o.clientOrderId === clientOrderId);
      if (order) return { clientOrderId, order, recovered: true };
      if (page.length < limit) break;
    }
    try {
      const answer = await trading.executedDealsOfClientOrder(caller, clientOrderId);
      const deals = Array.isArray(answer) ? answer : Object.values(answer).flat();
      if (deals.length > 0) return { clientOrderId, deals, recovered: true };
    } catch (error) {
      // 422 "OrderHistory was not found." means no deal carries this id.
      if (!(error instanceof ExchangeError && error.status === 422)) throw error;
    }
    return undefined;
  }
}
