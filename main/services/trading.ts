/**
 * Placing orders: pre-trade rules first, then the guards, which main alone answers (an order beyond
 * one goes only when the person confirms main's own question), a client order id on every order, and
 * recovery when the exchange's answer is lost. A lost answer (timeout, dropped connection, server
 * error) does not say whether the order exists, so the order is looked up by its client order id
 * before it is ever sent again; sent again, it carries the same id, which the exchange refuses while
 * the first one is open.
 */
import { randomBytes } from 'node:crypto';
import { ExchangeError, NetworkError, TimeoutError } from '../exchange/errors.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import type { Deal, Order } from '../exchange/endpoints/trading.ts';
import type { OrderView } from '../ipc/contract.ts';
import { UserFacingError } from '../errors.ts';

export { GuardsChanged, RuleViolation } from './order-errors.ts';
import type { Confirmation } from '../platform.ts';
import {
  DEFAULT_GUARDS,
  balanceIssue,
  guardQuestions,
  type Funds,
  type GuardId,
  type GuardQuestion,
  type GuardSettings,
  type Reference,
} from '../rules/guards.ts';
import { estimateOrder, pricedByBook, type OrderEstimate } from '../rules/market-estimate.ts';
import {
  checkOrder,
  isCollateralKind,
  normalizeStp,
  type AccountContext,
  type OrderDraft,
  type RuleIssue,
} from '../rules/index.ts';
import type { ExchangeHttp } from '../exchange/http.ts';
import { requireConfirmation } from './confirm.ts';
import { EquityReadings } from './equity.ts';
import { guardConfirmation } from './guard-ask.ts';
import { HedgeModes } from './hedge-modes.ts';
import type { CatalogMarket, MarketCatalog } from './market-catalog.ts';
import { GuardsChanged, RuleViolation } from './order-errors.ts';
import { orderByClientId, sendDraft, withOcoStop } from './order-requests.ts';
import { PreTradeReadings } from './pre-trade.ts';
import { tpslContext } from './tpsl-context.ts';

/** What the pre-trade rules and guards say of a draft: refusals, main's questions, and its estimate. */
export interface Review {
  readonly issues: RuleIssue[];
  readonly questions: GuardQuestion[];
  /** The order's base amount and value (a market order: from the book read). */
  readonly estimate?: OrderEstimate;
}

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

/** Main's own question, asked natively; true only when the person pressed the action. */
export type GuardAsker = (question: Confirmation) => Promise<boolean>;

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

export class TradingService {
  readonly #catalog: MarketCatalog;
  readonly #lookupDelayMs: number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #newId: () => string;
  readonly #hedgeModes: HedgeModes;
  readonly #readings: PreTradeReadings;
  readonly #equity: EquityReadings;
  #guards: () => GuardSettings = () => DEFAULT_GUARDS;
  /** Without a desktop to ask, an order beyond a guard is not sent. */
  #ask: GuardAsker = () => Promise.resolve(false);

  constructor(options: TradingOptions) {
    this.#catalog = options.catalog;
    this.#readings = new PreTradeReadings(options.http, options.now);
    this.#equity = new EquityReadings(options.http, options.catalog, options.now);
    this.#hedgeModes = new HedgeModes(options.now ?? Date.now);
    this.#lookupDelayMs = options.lookupDelayMs ?? 1000;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#newId = options.newClientOrderId ?? newClientOrderId;
  }

  /**
   * What the rules should know about the caller's account for this draft: for a collateral order, its
   * hedge mode (read at most once a minute), the price its TP/SL legs are measured against and the
   * position a reduce-only order reduces. Unknown when the exchange does not tell (the key may not
   * be allowed to read it): the rules then leave the position side to the exchange.
   */
  async accountContext(caller: KeyCaller, draft: OrderDraft): Promise<AccountContext | undefined> {
    if (!isCollateralKind(draft.kind)) return undefined;
    const [hedgeMode, tpsl] = await Promise.all([this.#hedgeModes.read(caller), tpslContext(caller, draft)]);
    return { ...(hedgeMode === undefined ? {} : { hedgeMode }), ...tpsl };
  }

  /** Drops the remembered hedge mode of a key (after the app switched it). */
  forgetHedgeMode(apiKey: string): void {
    this.#hedgeModes.forget(apiKey);
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

  /**
   * Forgets the balances read for this key (orders were just sent another way, e.g. in bulk). Its
   * equity is kept its short while: trading moves value between assets, hardly the equity.
   */
  forgetFunds(caller: KeyCaller): void {
    this.#readings.spent(caller);
  }

  /** Where the guards' thresholds come from (the profile's settings); the defaults until set. */
  useGuardSettings(source: () => GuardSettings): void {
    this.#guards = source;
  }

  /** How main asks the person about an order beyond a guard (the desktop's native dialog). */
  useGuardQuestions(ask: GuardAsker): void {
    this.#ask = ask;
  }

  /**
   * The rules, and with a caller the balance, of a draft; its estimate (a market order priced from the
   * book: read now when `bookAgeMs` is 0, as a send does); and the guard questions main asks before
   * it goes. The balance is read only for a draft the rules accept.
   */
  async review(
    draft: OrderDraft,
    caller?: KeyCaller,
    account?: AccountContext,
    options: { bookAgeMs?: number } = {},
  ): Promise<Review> {
    const market = draft.market === undefined ? undefined : await this.#catalog.get(draft.market);
    if (!market) return { issues: await this.check(draft, account), questions: [] };
    const issues = checkOrder(draft, market, account);
    const sending = options.bookAgeMs !== undefined;
    const [reference, book] = await Promise.all([
      this.#readings.reference(market),
      pricedByBook(draft.kind) ? this.#book(market, options.bookAgeMs, sending) : undefined,
    ]);
    if (issues.length === 0 && caller) {
      const funds = await this.#readings.funds(caller, draft, market);
      const short = balanceIssue(draft, market, funds, reference?.price);
      if (short) issues.push(short);
    }
    const estimate = estimateOrder(draft, book, reference?.price);
    const facts = await this.#facts(draft, market, caller, sending);
    const questions = guardQuestions(draft, this.#guards(), {
      reference,
      estimate,
      bookRead: book !== undefined,
      ...facts,
    });
    return { issues, questions, ...(estimate ? { estimate } : {}) };
  }

  /** The book a market order is priced from; a send refuses when it cannot be read. */
  async #book(market: CatalogMarket, ageMs: number | undefined, sending: boolean) {
    try {
      return await this.#readings.book(market, ageMs);
    } catch {
      if (!sending) return undefined;
      throw new UserFacingError(
        'book_unavailable',
        `The order book of ${market.name} could not be read, so nothing was sent: a market order is priced from it before it goes. Try again.`,
        'market',
      );
    }
  }

  /** The account's facts the value ceiling and the turn-around question read. */
  async #facts(draft: OrderDraft, market: CatalogMarket, caller: KeyCaller | undefined, sending = true) {
    if (!caller) return {};
    const settings = this.#guards();
    const quote = market.money ?? market.name.split('_')[1] ?? '';
    const valued =
      draft.reduceOnly !== true && (settings.equityPct.trim() || settings.notionalCeiling.trim());
    const turns =
      isCollateralKind(draft.kind) &&
      draft.reduceOnly !== true &&
      draft.positionSide !== 'LONG' &&
      draft.positionSide !== 'SHORT';
    const [equity, quoteInUsdt, position] = await Promise.all([
      valued && settings.equityPct.trim() ? this.#equity.equity(caller) : undefined,
      valued && quote !== 'USDT' && quote !== 'PERP' ? this.#equity.usdtPrice(quote) : undefined,
      turns ? this.#readings.position(caller, market.name, sending) : undefined,
    ]);
    return {
      ...(equity === undefined ? {} : { equity }),
      ...(quoteInUsdt === undefined ? {} : { quoteInUsdt }),
      ...(position === undefined ? {} : { position }),
    };
  }

  /**
   * The questions of a draft whose estimate is known (a change to an open order): with `only`, just
   * the guards the change concerns.
   */
  async questionsFor(
    draft: OrderDraft,
    caller: KeyCaller,
    known: { reference?: Reference | undefined; estimate?: OrderEstimate | undefined },
    only?: { price?: boolean; activation?: boolean; notional?: boolean },
  ): Promise<GuardQuestion[]> {
    const market = await this.#catalog.require(draft.market);
    const facts = await this.#facts(draft, market, caller);
    return guardQuestions(draft, this.#guards(), { ...known, ...facts }, only);
  }

  /** The price the band is measured from, as the guards read it. */
  reference(market: CatalogMarket): Promise<Reference | undefined> {
    return this.#readings.reference(market);
  }

  /**
   * One account's draft as a desk preview lists it: the rules and the balance, and the guards it trips;
   * a balance (or key) that cannot be read is itself the refusal, named on the field it concerns.
   */
  async issuesFor(caller: () => Promise<KeyCaller>, draft: OrderDraft, bookAgeMs?: number): Promise<Review> {
    try {
      return await this.review(
        draft,
        await caller(),
        undefined,
        bookAgeMs === undefined ? {} : { bookAgeMs },
      );
    } catch (error) {
      if (!(error instanceof UserFacingError)) throw error;
      return { issues: [{ field: error.field ?? 'account', message: error.message }], questions: [] };
    }
  }

  /**
   * The one gate of every order send (ticket, desk, WebSocket, ladder, bulk): refuses a draft that
   * breaks a rule or that the balance does not cover; an order beyond a guard goes only when the
   * person confirms main's own question (or, in a batch, confirmed those guards in its one question).
   * Answers the review the order was sent on.
   */
  async screen(caller: KeyCaller, draft: OrderDraft, options: SendOptions = {}): Promise<Review> {
    const account = options.account ?? (await this.accountContext(caller, draft));
    const review = await this.review(draft, caller, account, { bookAgeMs: options.bookAgeMs ?? 0 });
    if (review.issues.length > 0) throw new RuleViolation(review.issues);
    await this.askGuards(review.questions, options, () =>
      guardConfirmation(options.label ?? 'this account', draft, review.estimate, review.questions),
    );
    return review;
  }

  /**
   * Nothing when no guard trips; in a batch, a refusal for a guard its one question did not name;
   * otherwise main's native question, and `NotConfirmedError` unless the person sends it anyway.
   */
  async askGuards(
    questions: readonly GuardQuestion[],
    options: Pick<SendOptions, 'confirmed'>,
    question: () => Confirmation,
  ): Promise<void> {
    if (questions.length === 0) return;
    if (options.confirmed) {
      const confirmed = options.confirmed;
      const open = questions.filter((q) => !confirmed.has(q.guard));
      if (open.length > 0) throw new GuardsChanged(open);
      return;
    }
    await requireConfirmation(
      { confirm: this.#ask },
      question(),
      'Not sent: you did not send it anyway when the app asked (it is beyond your guards). Nothing changed.',
    );
  }

  /** Screens the draft (with the account's hedge mode unless given) and places it. */
  async place(caller: KeyCaller, draft: OrderDraft, options: SendOptions = {}): Promise<PlaceResult> {
    await this.screen(caller, draft, options);
    this.forgetFunds(caller);
    const market = draft.market as string;
    const clientOrderId = draft.clientOrderId || this.#newId();
    const stp = draft.stp === undefined ? undefined : normalizeStp(draft.stp);
    const send = () => sendDraft(caller, { ...draft, clientOrderId, ...(stp ? { stp } : {}) });
    const placed = await this.sendRecovering(caller, market, clientOrderId, send, (error) => {
      if (error instanceof ExchangeError && error.exchangeCode === POSITION_SIDE_MISMATCH) {
        this.#hedgeModes.forget(caller.credentials.apiKey);
      }
    });
    return withOcoStop(placed);
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

  /**
   * The order an earlier send placed under this client order id (open, or known by its deals), without
   * sending anything: how a re-sent batch recognises the children it already placed.
   */
  async find(caller: KeyCaller, market: string, clientOrderId: string): Promise<PlaceResult | undefined> {
    const found = await orderByClientId(caller, market, clientOrderId);
    return found ? { clientOrderId, ...found, recovered: true } : undefined;
  }
}
