/**
 * Placing orders: pre-trade rules first, a client order id on every order, and recovery when the
 * exchange's answer is lost. A lost answer (timeout, dropped connection, server error) does not say
 * whether the order exists, so the order is looked up by its client order id before it is ever sent
 * again; sent again, it carries the same id, which the exchange refuses while the first one is open.
 */
import { randomBytes } from 'node:crypto';
import { ExchangeError, NetworkError, TimeoutError } from '../exchange/errors.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import * as collateral from '../exchange/endpoints/collateral.ts';
import * as trading from '../exchange/endpoints/trading.ts';
import type { Deal, Order } from '../exchange/endpoints/trading.ts';
import { UserFacingError } from '../ipc/errors.ts';
import {
  checkOrder,
  normalizeStp,
  type AccountContext,
  type OrderDraft,
  type RuleIssue,
} from '../rules/index.ts';
import type { MarketCatalog } from './market-catalog.ts';
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

  constructor(options: TradingOptions) {
    this.#catalog = options.catalog;
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

  /** Checks the draft (with the account's hedge mode unless `account` is given) and places it. */
  async place(caller: KeyCaller, draft: OrderDraft, account?: AccountContext): Promise<PlaceResult> {
    const issues = await this.check(draft, account ?? (await this.accountContext(caller, draft)));
    if (issues.length > 0) throw new RuleViolation(issues);
    const market = draft.market as string;
    const clientOrderId = draft.clientOrderId || this.#newId();
    const stp = draft.stp === undefined ? undefined : normalizeStp(draft.stp);
    const send = () => this.#send(caller, { ...draft, clientOrderId, ...(stp ? { stp } : {}) });

    for (let attempt = 0; ; attempt++) {
      try {
        return { clientOrderId, order: await send(), recovered: false };
      } catch (error) {
        if (error instanceof ExchangeError && error.exchangeCode === POSITION_SIDE_MISMATCH) {
          this.#hedgeModes.delete(caller.credentials.apiKey);
        }
        if (!answerLost(error)) throw error;
        const found = await this.#lookup(caller, market, clientOrderId);
        if (found) return found;
        // Not at the exchange: it never arrived or was refused before it applied. Send it once more.
        if (attempt >= 1) throw error;
      }
    }
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
