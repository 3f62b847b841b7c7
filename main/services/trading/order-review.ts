/**
 * What main says of an order draft before it may go: the pre-trade rules against its market, with an
 * account the balance it may use and the account's context (hedge mode, position, TP/SL reference),
 * its estimate (a market order priced from the book), and the guard questions main asks; and the gate
 * every send passes last (main's question, the velocity budget). `TradingService` sends on it.
 */
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { ExchangeHttp } from '../../exchange/http.ts';
import { UserFacingError } from '../../errors.ts';
import type { Confirmation } from '../../platform.ts';
import {
  balanceIssue,
  guardQuestions,
  type Funds,
  type GuardFacts,
  type GuardQuestion,
  type GuardSettings,
  type Reference,
} from '../../rules/guards.ts';
import { estimateOrder, pricedByBook, type OrderEstimate } from '../../rules/market-estimate.ts';
import {
  checkOrder,
  isCollateralKind,
  type AccountContext,
  type OrderDraft,
  type RuleIssue,
} from '../../rules/index.ts';
import { EquityReadings } from './equity.ts';
import { HedgeModes } from './hedge-modes.ts';
import type { CatalogMarket, MarketCatalog } from '../market-catalog.ts';
import { OrderGate, type GateOptions, type GuardAsker } from './order-gate.ts';
import { PreTradeReadings } from './pre-trade.ts';
import { tpslContext } from './tpsl-context.ts';

export type { GuardAsker } from './order-gate.ts';

/** What the pre-trade rules and guards say of a draft: refusals, main's questions, and its estimate. */
export interface Review {
  readonly issues: RuleIssue[];
  readonly questions: GuardQuestion[];
  /** The order's base amount and value (a market order: from the book read). */
  readonly estimate?: OrderEstimate;
}

export class OrderReview {
  readonly #catalog: MarketCatalog;
  readonly #hedgeModes: HedgeModes;
  readonly #readings: PreTradeReadings;
  readonly #equity: EquityReadings;
  /** Main's questions and the velocity budget: the last step before anything is signed. */
  readonly #gate: OrderGate;

  constructor(options: {
    catalog: MarketCatalog;
    http?: ExchangeHttp | undefined;
    now?: (() => number) | undefined;
  }) {
    this.#catalog = options.catalog;
    this.#readings = new PreTradeReadings(options.http, options.now);
    this.#equity = new EquityReadings(options.http, options.catalog, options.now);
    this.#hedgeModes = new HedgeModes(options.now ?? Date.now);
    this.#gate = new OrderGate(options.now);
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
    this.#gate.useGuardSettings(source);
  }

  /** How main asks the person about an order beyond a guard (the desktop's native dialog). */
  useGuardQuestions(ask: GuardAsker): void {
    this.#gate.useGuardQuestions(ask);
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
    return (await this.judge(draft, caller, account, options)).review;
  }

  /** The review, with the facts its guards read (the gate counts the order's value from them). */
  protected async judge(
    draft: OrderDraft,
    caller: KeyCaller | undefined,
    account: AccountContext | undefined,
    options: { bookAgeMs?: number },
  ): Promise<{ review: Review; facts: GuardFacts }> {
    const market = draft.market === undefined ? undefined : await this.#catalog.get(draft.market);
    if (!market) return { review: { issues: await this.check(draft, account), questions: [] }, facts: {} };
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
    const facts: GuardFacts = {
      reference,
      estimate,
      bookRead: book !== undefined,
      ...(await this.#facts(draft, market, caller, sending)),
    };
    const questions = guardQuestions(draft, this.#gate.settings, facts);
    return { review: { issues, questions, ...(estimate ? { estimate } : {}) }, facts };
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

  /**
   * The account's facts the value ceiling, the velocity budget and the turn-around question read (the
   * budget's from main's memory: no request).
   */
  async #facts(draft: OrderDraft, market: CatalogMarket, caller: KeyCaller | undefined, sending = true) {
    if (!caller) return {};
    const settings = this.#gate.settings;
    const quote = market.money ?? market.name.split('_')[1] ?? '';
    const shareOfEquity = settings.equityPct.trim() || settings.velocityPct.trim();
    const valued =
      draft.reduceOnly !== true &&
      (shareOfEquity || settings.notionalCeiling.trim() || settings.velocityCeiling.trim());
    const turns =
      isCollateralKind(draft.kind) &&
      draft.reduceOnly !== true &&
      draft.positionSide !== 'LONG' &&
      draft.positionSide !== 'SHORT';
    const [equity, quoteInUsdt, position] = await Promise.all([
      valued && shareOfEquity ? this.#equity.equity(caller) : undefined,
      valued && quote !== 'USDT' && quote !== 'PERP' ? this.#equity.usdtPrice(quote) : undefined,
      turns ? this.#readings.position(caller, market.name, sending) : undefined,
    ]);
    return {
      ...(equity === undefined ? {} : { equity }),
      ...(quoteInUsdt === undefined ? {} : { quoteInUsdt }),
      ...(position === undefined ? {} : { position }),
      ...(valued ? { recent: this.#gate.recent(caller) } : {}),
    };
  }

  /**
   * The questions of a draft whose estimate is known (a change to an open order: `replaces`, the
   * order as it stands): with `only`, just the guards the change concerns.
   */
  async questionsFor(
    draft: OrderDraft,
    caller: KeyCaller,
    known: Pick<GuardFacts, 'reference' | 'estimate' | 'replaces'>,
    only?: { price?: boolean; activation?: boolean; notional?: boolean },
  ): Promise<GuardQuestion[]> {
    return (await this.factsFor(draft, caller, known, only)).questions;
  }

  /** `questionsFor`, with the facts its guards read (for the gate). */
  async factsFor(
    draft: OrderDraft,
    caller: KeyCaller,
    known: Pick<GuardFacts, 'reference' | 'estimate' | 'replaces'>,
    only?: { price?: boolean; activation?: boolean; notional?: boolean },
  ): Promise<{ questions: GuardQuestion[]; facts: GuardFacts }> {
    const market = await this.#catalog.require(draft.market);
    const facts: GuardFacts = { ...known, ...(await this.#facts(draft, market, caller)) };
    return { questions: guardQuestions(draft, this.#gate.settings, facts, only), facts };
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
   * Main's questions of an order (or a change of one) and its count against the velocity budget: the
   * last step before it is signed, whatever sent it. Answers how to take the count off again.
   */
  admit(
    caller: KeyCaller,
    draft: OrderDraft,
    facts: GuardFacts,
    questions: readonly GuardQuestion[],
    options: GateOptions,
    question: (asked: readonly GuardQuestion[]) => Confirmation,
  ): Promise<() => void> {
    return this.#gate.admit(caller, draft, facts, questions, options, question);
  }

  /** Main's question about guards already worked out (a batch: a refusal for a guard it did not name). */
  askGuards(
    questions: readonly GuardQuestion[],
    options: GateOptions,
    question: () => Confirmation,
  ): Promise<void> {
    return this.#gate.askGuards(questions, options, question);
  }

  /** Counts a batch the person confirmed as a whole (a ladder) against the account's velocity budget. */
  countSent(caller: KeyCaller, draft: OrderDraft, facts: GuardFacts): Promise<() => void> {
    return this.#gate.admit(caller, draft, facts, [], { confirmed: new Set(['velocity']) }, () => {
      throw new Error('a confirmed batch asks nothing more');
    });
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
}
