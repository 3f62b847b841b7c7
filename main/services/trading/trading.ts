/**
 * Placing orders: pre-trade rules first, then the guards, which main alone answers (an order beyond
 * one goes only when the person confirms main's own question), a client order id on every order, and
 * recovery when the exchange's answer is lost. A lost answer (timeout, dropped connection, server
 * error) does not say whether the order exists, so the order is looked up by its client order id
 * before it is ever sent again; sent again, it carries the same id, which the exchange refuses while
 * the first one is open.
 */
import { randomBytes } from 'node:crypto';
import { ExchangeError, NetworkError, TimeoutError } from '../../exchange/errors.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { Deal, Order } from '../../exchange/endpoints/trading.ts';
import type { ExchangeHttp } from '../../exchange/http.ts';
import type { OrderView } from '../../views/orders.ts';
import { normalizeStp, type AccountContext, type OrderDraft } from '../../rules/index.ts';
import type { GuardId } from '../../rules/guards.ts';
import { guardConfirmation } from './guard-ask.ts';
import type { MarketCatalog } from '../market-catalog.ts';
import { RuleViolation } from './order-errors.ts';
import { orderByClientId, sendDraft, withOcoStop } from './order-requests.ts';
import { OrderReview, type Review } from './order-review.ts';

export { GuardsChanged, RuleViolation } from './order-errors.ts';
export { OrderReview, type GuardAsker, type Review } from './order-review.ts';

export interface PlaceResult {
  readonly clientOrderId: string;
  /** The exchange's order, when it answered or the order was found among the open ones. */
  readonly order?: Order;
  /** The order's deals, when it was found executed rather than open. */
  readonly deals?: readonly Deal[];
  /** The first answer was lost and the order was found at the exchange by its client order id. */
  readonly recovered: boolean;
  /** An OCO's stop-limit leg, placed with its limit leg (`order`). */
  readonly ocoStop?: OrderView;
}

/** How one order is screened and sent. */
export interface SendOptions {
  /** The account context (hedge mode, TP/SL price) when the caller has it already. */
  readonly account?: AccountContext;
  /** The account as the person knows it, named in main's question. */
  readonly label?: string;
  /**
   * An order of a batch: the guards the person confirmed for it in the batch's one question. Any
   * other guard it trips now refuses it, unasked.
   */
  readonly confirmed?: ReadonlySet<GuardId>;
  /** A batch shares a book read begun this many ms ago (0: the order's own read). */
  readonly bookAgeMs?: number;
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

/** The exchange's code for a position side that does not match the account's mode. */
const POSITION_SIDE_MISMATCH = 114;

/** Letters, digits and dashes: unique per order, readable in the exchange's own history. */
export function newClientOrderId(): string {
  return `txc-${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;
}

function answerLost(error: unknown): boolean {
  return error instanceof TimeoutError || error instanceof NetworkError;
}

export class TradingService extends OrderReview {
  readonly #lookupDelayMs: number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #newId: () => string;

  constructor(options: TradingOptions) {
    super(options);
    this.#lookupDelayMs = options.lookupDelayMs ?? 1000;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#newId = options.newClientOrderId ?? newClientOrderId;
  }

  /**
   * The one gate of every order send (ticket, desk, WebSocket, ladder, bulk): refuses a draft that
   * breaks a rule or that the balance does not cover; an order beyond a guard goes only when the
   * person confirms main's own question (or, in a batch, confirmed those guards in its one question);
   * then its value is counted against the account's velocity budget. Answers the review the order was
   * sent on.
   */
  async screen(caller: KeyCaller, draft: OrderDraft, options: SendOptions = {}): Promise<Review> {
    return (await this.#screen(caller, draft, options)).review;
  }

  async #screen(
    caller: KeyCaller,
    draft: OrderDraft,
    options: SendOptions,
  ): Promise<{ review: Review; uncount: () => void }> {
    const account = options.account ?? (await this.accountContext(caller, draft));
    const { review, facts } = await this.judge(draft, caller, account, {
      bookAgeMs: options.bookAgeMs ?? 0,
    });
    if (review.issues.length > 0) throw new RuleViolation(review.issues);
    const uncount = await this.admit(caller, draft, facts, review.questions, options, (asked) =>
      guardConfirmation(options.label ?? 'this account', draft, review.estimate, asked),
    );
    return { review, uncount };
  }

  /** Screens the draft (with the account's hedge mode unless given) and places it. */
  async place(caller: KeyCaller, draft: OrderDraft, options: SendOptions = {}): Promise<PlaceResult> {
    const { uncount } = await this.#screen(caller, draft, options);
    this.forgetFunds(caller);
    const market = draft.market as string;
    const clientOrderId = draft.clientOrderId || this.#newId();
    const stp = draft.stp === undefined ? undefined : normalizeStp(draft.stp);
    const send = () => sendDraft(caller, { ...draft, clientOrderId, ...(stp ? { stp } : {}) });
    try {
      const placed = await this.sendRecovering(caller, market, clientOrderId, send, (error) => {
        if (error instanceof ExchangeError && error.exchangeCode === POSITION_SIDE_MISMATCH) {
          this.forgetHedgeMode(caller.credentials.apiKey);
        }
      });
      return withOcoStop(placed);
    } catch (error) {
      // refused outright, the order never stood: it takes nothing of the budget
      if (!answerLost(error)) uncount();
      throw error;
    }
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
        // After a lost answer the exchange may still be applying the order: give it a moment.
        await this.#sleep(this.#lookupDelayMs);
        const found = await this.find(caller, market, clientOrderId);
        if (found) return found;
        // Not at the exchange: it never arrived or was refused before it applied. Send it once more.
        if (attempt >= 1) throw error;
      }
    }
  }

  /**
   * The order an earlier send placed under this client order id (open, or known by its deals), without
   * sending anything: how a re-sent batch recognises the children it already placed.
   */
  async find(caller: KeyCaller, market: string, clientOrderId: string): Promise<PlaceResult | undefined> {
    const found = await orderByClientId(caller, market, clientOrderId);
    return found ? { clientOrderId, ...found, recovered: true } : undefined;
  }
}
