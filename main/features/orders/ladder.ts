/**
 * A ladder of limit orders for one account: the preview lays the orders out and checks each with the
 * order rules, the balance (on a margin or futures market: the margin of them all at the account's
 * leverage) and the guards, as the single ticket does; the send checks the orders it is given all over
 * again (the renderer is not trusted), asks main's own question naming the count, side, market, each
 * rung's size and price and the total value, and each order beyond a guard with the guards it trips
 * (the value ceiling reads the ladder's total), then sends them (`ladder-send.ts`) and answers each
 * order's outcome, failures first. On a spot market the orders go as spot limit orders in bulk
 * requests of at most 20; on a perpetual, or on a margin market when asked, as collateral limit
 * orders one request each, paced. A re-send of the failed orders is a new send of just those. The
 * question is `ladder-question.ts`.
 */
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type {
  BulkPlaceView,
  LadderMarginView,
  LadderPreviewView,
  RuleIssueView,
} from '../../views/orders.ts';
import { UserFacingError } from '../../errors.ts';
import { orderSpend } from '../../rules/balance.ts';
import { Dec } from '../../rules/decimal.ts';
import {
  balanceIssue,
  describeDraft,
  grouped,
  type GuardFacts,
  type GuardQuestion,
} from '../../rules/guards.ts';
import {
  BULK_LIMIT,
  RUNG_SPACING_MS,
  bulkRequests,
  ladderSpend,
  planLadder,
  type LadderInput,
} from '../../rules/ladder.ts';
import type { AccountContext, OrderDraft, RuleIssue } from '../../rules/index.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import { batchGuardLines } from '../../services/trading/guard-ask.ts';
import { ladderQuestion } from './ladder-question.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import { sendBulk, sendRungs, type Draft, type Pacing } from './ladder-send.ts';
import type { CatalogMarket } from '../../services/market-catalog.ts';
import { newClientOrderId, RuleViolation } from '../../services/trading/trading.ts';

/** The collateral fields a ladder's orders share on a margin or futures market. */
export interface LadderCollateral {
  /** On a margin (spot) market: collateral orders; a futures market's are always collateral. */
  readonly collateral?: boolean;
  readonly positionSide?: 'LONG' | 'SHORT' | 'BOTH';
  readonly reduceOnly?: boolean;
}

/** What a bulk send is given: one market and side, each order's price and amount. */
export interface BulkInput extends LadderCollateral {
  readonly market: string;
  readonly side: 'buy' | 'sell';
  readonly postOnly?: boolean;
  /** A refused order stops the rest (spot: the exchange stops; collateral: the app stops sending). */
  readonly stopOnFail?: boolean;
  readonly orders: ReadonlyArray<{ price: string; amount: string; clientOrderId?: string }>;
}

/** What a preview is given: the ladder's fields, and on a margin or futures market its collateral fields. */
export type PreviewInput = Omit<LadderInput, 'kind' | 'positionSide' | 'reduceOnly'> & LadderCollateral;

const plural = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;

/** Each question once, with how many orders ask it. */
function merged(perOrder: GuardQuestion[][]): GuardQuestion[] {
  const out = new Map<string, { q: GuardQuestion; n: number }>();
  for (const qs of perOrder)
    for (const q of qs) out.set(q.guard, { q: out.get(q.guard)?.q ?? q, n: (out.get(q.guard)?.n ?? 0) + 1 });
  return [...out.values()].map(({ q, n }) =>
    n > 1 ? { ...q, message: `${q.message} (${String(n)} of the orders)` } : q,
  );
}

/** The ladder as one order: its total amount at its value-weighted price (what the margin and ceiling read). */
function wholeOf(drafts: readonly Draft[]): OrderDraft {
  const first = drafts[0] as Draft;
  const amount = ladderSpend('sell', drafts);
  return {
    kind: first.kind,
    market: first.market as string,
    side: first.side,
    amount: amount.toFixed(),
    price: amount.gt(0) ? ladderSpend('buy', drafts).div(amount).toFixed() : '0',
    ...(first.positionSide ? { positionSide: first.positionSide } : {}),
    ...(first.reduceOnly ? { reduceOnly: true } : {}),
  };
}

const defaultPacing: Pacing = {
  spacingMs: RUNG_SPACING_MS,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
};

export class LadderService {
  readonly #accounts: AccountService;
  readonly #connection: ExchangeConnection;
  readonly #platform: Platform;
  readonly #newId: () => string;
  readonly #pacing: Pacing;

  constructor(
    accounts: AccountService,
    connection: ExchangeConnection,
    platform: Platform,
    newId: () => string = newClientOrderId,
    pacing: Partial<Pacing> = {},
  ) {
    this.#accounts = accounts;
    this.#connection = connection;
    this.#platform = platform;
    this.#newId = newId;
    this.#pacing = { ...defaultPacing, ...pacing };
  }

  /** The market, and whether its ladder is of collateral orders (a futures market's always are). */
  async #market(name: string, wanted?: boolean): Promise<{ market: CatalogMarket; collateral: boolean }> {
    const market = await this.#connection.catalog.require(name);
    const collateral = market.type !== 'spot' || wanted === true;
    if (collateral && market.type === 'spot' && market.collateral !== true)
      throw new UserFacingError(
        'rule_violation',
        `${name} is not open to margin trading: a ladder there is of spot limit orders.`,
        'market',
      );
    return { market, collateral };
  }

  /**
   * Each order's rules and guard questions, and (with a caller) whether the balance covers them all:
   * spot, what they spend added up; collateral, the margin of them all at the account's leverage.
   */
  async #review(
    drafts: readonly Draft[],
    caller: KeyCaller | undefined,
    account?: AccountContext,
  ): Promise<{
    perOrder: RuleIssueView[][];
    balance?: RuleIssue;
    margin?: LadderMarginView;
    questions: GuardQuestion[];
    /** Each order's price band question, and the ladder's value as a whole. */
    asked: GuardQuestion[][];
    whole: GuardQuestion[];
    /** What the ladder's value ceilings read, its value counted from once it is sent. */
    wholeFacts?: GuardFacts;
  }> {
    const reviews = await Promise.all(
      drafts.map(({ clientOrderId, ...d }) =>
        this.#connection.trading.review(clientOrderId ? { ...d, clientOrderId } : d, undefined, account),
      ),
    );
    const perOrder = reviews.map((r) => r.issues.map((i) => ({ ...i })));
    // each order's price against the band; the value ceiling reads the ladder's total
    const asked = reviews.map((r) => r.questions.filter((q) => q.guard === 'price_band'));
    const value = caller && drafts[0] ? await this.#wholeValue(drafts, caller) : undefined;
    const whole = value?.questions ?? [];
    const first = drafts[0];
    const out = {
      perOrder,
      questions: [...merged(asked), ...whole],
      asked,
      whole,
      ...(value ? { wholeFacts: value.facts } : {}),
    };
    if (!caller || !first || perOrder.some((i) => i.length > 0)) return out;
    const { market, funds } = await this.#connection.trading.spendable(caller, first);
    if (first.kind === 'collateral_limit') {
      const together = wholeOf(drafts);
      const short = balanceIssue(together, market, funds);
      const margin = {
        asset: funds.asset,
        needed: (orderSpend(together, market, funds) ?? new Dec(0))
          .toDecimalPlaces(8, Dec.ROUND_UP)
          .toFixed(),
        available: funds.available,
        leverage: funds.leverage ?? 1,
      };
      return {
        ...out,
        margin,
        ...(short
          ? {
              balance: {
                field: 'totalAmount',
                message: `The orders together (${short.message.replace(/^amount /, '')})`,
                ...(short.suggestions ? { suggestions: short.suggestions } : {}),
              },
            }
          : {}),
      };
    }
    const needs = ladderSpend(first.side, drafts);
    const available = new Dec(funds.available);
    if (needs.lte(available)) return out;
    return {
      ...out,
      balance: {
        field: 'totalAmount',
        message: `The orders need ${grouped(needs)} ${funds.asset}${first.side === 'buy' ? ' (amount × price, added up)' : ''}, but ${grouped(available)} ${funds.asset} is available`,
      },
    };
  }

  /**
   * The value ceilings and the velocity budget read against the ladder's total: its orders go out
   * together.
   */
  async #wholeValue(
    drafts: readonly Draft[],
    caller: KeyCaller,
  ): Promise<{ questions: GuardQuestion[]; facts: GuardFacts } | undefined> {
    const first = drafts[0] as Draft;
    const whole = wholeOf(drafts);
    if (new Dec(whole.amount).lte(0)) return undefined;
    const { questions, facts } = await this.#connection.trading.factsFor(
      whole,
      caller,
      {},
      { price: false, activation: false, notional: true },
    );
    const together = `The ${plural(drafts.length, `${first.side} order`)} together`;
    return {
      questions: questions.map((q) => ({ ...q, message: q.message.replace(describeDraft(whole), together) })),
      facts,
    };
  }

  /** The account's hedge mode and position, read once for all the orders of a collateral ladder. */
  async #account(
    caller: KeyCaller | undefined,
    drafts: readonly Draft[],
  ): Promise<AccountContext | undefined> {
    const first = drafts[0];
    return caller && first ? this.#connection.trading.accountContext(caller, first) : undefined;
  }

  /** Lays out the ladder and checks every order; nothing is sent. */
  async preview(accountId: string | undefined, input: PreviewInput): Promise<LadderPreviewView> {
    const { market, collateral } = await this.#market(input.market, input.collateral);
    const { collateral: _c, positionSide, reduceOnly, ...fields } = input;
    const plan = planLadder(
      {
        ...fields,
        ...(collateral
          ? {
              kind: 'collateral_limit',
              ...(positionSide ? { positionSide } : {}),
              reduceOnly: reduceOnly === true,
            }
          : {}),
      },
      market,
    );
    const caller = accountId === undefined ? undefined : await this.#accounts.caller(accountId);
    const drafts = plan.orders.map((o) => ({ ...o.draft, clientOrderId: '' }));
    const review =
      plan.orders.length > 0
        ? await this.#review(drafts, caller, collateral ? await this.#account(caller, drafts) : undefined)
        : { perOrder: [], questions: [], asked: [], whole: [] };
    const orders = plan.orders.map((o, index) => ({
      index,
      price: o.draft.price,
      amount: o.draft.amount,
      total: new Dec(o.draft.amount).mul(o.draft.price).toFixed(),
      issues: review.perOrder[index] ?? [],
    }));
    const total = ladderSpend('sell', drafts);
    return {
      market: market.name,
      side: input.side === 'sell' ? 'sell' : 'buy',
      collateral,
      orders,
      issues: [...plan.issues, ...('balance' in review && review.balance ? [review.balance] : [])],
      questions: review.questions,
      totalAmount: total.toFixed(),
      totalValue: ladderSpend('buy', drafts).toFixed(),
      ...('margin' in review && review.margin ? { margin: review.margin } : {}),
      requests: collateral ? orders.length : bulkRequests(orders.length),
      perRequest: collateral ? 1 : BULK_LIMIT,
    };
  }

  /**
   * Checks the orders as any order is checked, asks main's one question, then sends them (spot: bulk
   * requests of at most 20; collateral: one request each, paced); each order's outcome, failures first.
   */
  async place(accountId: string, input: BulkInput): Promise<BulkPlaceView> {
    const { market, collateral } = await this.#market(input.market, input.collateral);
    const caller = await this.#accounts.caller(accountId);
    const drafts: Draft[] = input.orders.map((o) => ({
      kind: collateral ? 'collateral_limit' : 'limit',
      market: market.name,
      side: input.side,
      price: o.price,
      amount: o.amount,
      clientOrderId: o.clientOrderId || this.#newId(),
      ...(input.postOnly ? { postOnly: true } : {}),
      ...(collateral && input.positionSide ? { positionSide: input.positionSide } : {}),
      ...(collateral && input.reduceOnly ? { reduceOnly: true } : {}),
    }));
    const account = collateral ? await this.#account(caller, drafts) : undefined;
    const review = await this.#review(drafts, caller, account);
    const refused = review.perOrder.flatMap((issues, i) =>
      issues.map((issue) => ({
        field: `orders.${String(i)}.${issue.field}`,
        message: `Order ${String(i + 1)} at ${drafts[i]?.price ?? ''}: ${issue.message}`,
      })),
    );
    if (review.balance) refused.push(review.balance);
    if (refused.length > 0) throw new RuleViolation(refused);
    const beyond = batchGuardLines([
      ...drafts.map((d, i) => ({
        name: `Order ${String(i + 1)} at ${grouped(d.price)}`,
        questions: review.asked[i] ?? [],
      })),
      { name: 'All the orders', questions: review.whole },
    ]);

    const requests = collateral ? drafts.length : bulkRequests(drafts.length);
    await requireConfirmation(
      this.#platform,
      ladderQuestion(
        { ...input, label: this.#accounts.registry.get(accountId)?.label ?? accountId, collateral },
        market,
        drafts,
        { requests, beyond, ...(review.margin ? { margin: review.margin } : {}) },
      ),
    );
    this.#connection.trading.forgetFunds(caller);
    // the ladder's value counts against the account's budget per minute, as any order's does
    if (review.wholeFacts)
      await this.#connection.trading.countSent(caller, wholeOf(drafts), review.wholeFacts);
    const stop = input.stopOnFail === true;
    const outcomes = collateral
      ? await sendRungs(this.#connection, caller, drafts, stop, this.#pacing)
      : await sendBulk(this.#connection, caller, drafts, stop);
    outcomes.sort((a, b) => Number(a.ok) - Number(b.ok) || a.index - b.index);
    const placed = outcomes.filter((o) => o.ok).length;
    return { requests, placed, failed: outcomes.length - placed, outcomes };
  }
}
