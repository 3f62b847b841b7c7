/**
 * A ladder of limit orders for one account: the preview lays the orders out and checks each with the
 * order rules, the balance and the guards, as the single ticket does; the send checks the orders it is
 * given all over again (the renderer is not trusted), asks main's own question naming the count, side,
 * market, price range and total, and each order beyond a guard with the guards it trips (the value
 * ceiling reads the ladder's total), then sends them in bulk requests of at most 20 and answers each
 * order's outcome, failures first. A lost answer is looked up by the orders' client order ids, never
 * sent blindly again; a re-send of the failed orders is a new send of just those.
 */
import * as trading from '../exchange/endpoints/trading.ts';
import { classifyResponse } from '../exchange/classify-response.ts';
import { NetworkError, TimeoutError } from '../exchange/errors.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import type {
  BulkOrderOutcomeView,
  BulkPlaceView,
  IpcError,
  LadderPreviewView,
  RuleIssueView,
} from '../ipc/contract.ts';
import { userFacing } from '../ipc/user-facing.ts';
import { UserFacingError } from '../errors.ts';
import { Dec } from '../rules/decimal.ts';
import { describeDraft, grouped, type GuardQuestion } from '../rules/guards.ts';
import { BULK_LIMIT, bulkRequests, ladderSpend, planLadder, type LadderInput } from '../rules/ladder.ts';
import type { OrderDraft, RuleIssue } from '../rules/index.ts';
import type { Platform } from '../platform.ts';
import type { AccountService } from './accounts.ts';
import { requireConfirmation } from './confirm.ts';
import { batchGuardLines, GUARD_CANCEL } from './guard-ask.ts';
import type { ExchangeConnection } from './exchange-connection.ts';
import type { CatalogMarket } from './market-catalog.ts';
import { newClientOrderId, RuleViolation } from './trading.ts';

/** What a bulk send is given: one market and side, each order's price and amount. */
export interface BulkInput {
  readonly market: string;
  readonly side: 'buy' | 'sell';
  readonly postOnly?: boolean;
  /** The exchange stops at the first refused order; the rest of that request and later ones are not sent. */
  readonly stopOnFail?: boolean;
  readonly orders: ReadonlyArray<{ price: string; amount: string; clientOrderId?: string }>;
}

type Draft = OrderDraft & { price: string; clientOrderId: string };

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

function errorOf(error: unknown): IpcError {
  return userFacing(error) ?? { code: 'internal', message: 'The order could not be sent.' };
}

export class LadderService {
  readonly #accounts: AccountService;
  readonly #connection: ExchangeConnection;
  readonly #platform: Platform;
  readonly #newId: () => string;

  constructor(
    accounts: AccountService,
    connection: ExchangeConnection,
    platform: Platform,
    newId: () => string = newClientOrderId,
  ) {
    this.#accounts = accounts;
    this.#connection = connection;
    this.#platform = platform;
    this.#newId = newId;
  }

  async #spot(name: string): Promise<CatalogMarket> {
    const market = await this.#connection.catalog.require(name);
    if (market.type !== 'spot')
      throw new UserFacingError(
        'rule_violation',
        `A ladder is placed on spot markets only; ${name} is a ${market.type} market.`,
        'market',
      );
    return market;
  }

  /**
   * Each order's rules and guard questions, and (with a caller) whether the balance covers them all.
   * Issues of one order are named by its number and price.
   */
  async #review(
    drafts: readonly Draft[],
    caller: KeyCaller | undefined,
  ): Promise<{
    perOrder: RuleIssueView[][];
    balance?: RuleIssue;
    questions: GuardQuestion[];
    /** Each order's price band question, and the ladder's value as a whole. */
    asked: GuardQuestion[][];
    whole: GuardQuestion[];
  }> {
    const reviews = await Promise.all(
      drafts.map(({ clientOrderId, ...d }) =>
        this.#connection.trading.review(clientOrderId ? { ...d, clientOrderId } : d),
      ),
    );
    const perOrder = reviews.map((r) => r.issues.map((i) => ({ ...i })));
    // each order's price against the band; the value ceiling reads the ladder's total
    const asked = reviews.map((r) => r.questions.filter((q) => q.guard === 'price_band'));
    const whole = caller && drafts[0] ? await this.#wholeValue(drafts, caller) : [];
    let balance: RuleIssue | undefined;
    const first = drafts[0];
    if (caller && first && perOrder.every((i) => i.length === 0)) {
      const { funds } = await this.#connection.trading.spendable(caller, first);
      const needs = ladderSpend(first.side, drafts);
      const available = new Dec(funds.available);
      if (needs.gt(available))
        balance = {
          field: 'totalAmount',
          message: `The orders need ${grouped(needs)} ${funds.asset}${first.side === 'buy' ? ' (amount × price, added up)' : ''}, but ${grouped(available)} ${funds.asset} is available`,
        };
    }
    return {
      perOrder,
      ...(balance ? { balance } : {}),
      questions: [...merged(asked), ...whole],
      asked,
      whole,
    };
  }

  /** The value ceilings read against the ladder's total: its orders go out together. */
  async #wholeValue(drafts: readonly Draft[], caller: KeyCaller): Promise<GuardQuestion[]> {
    const first = drafts[0] as Draft;
    const amount = ladderSpend('sell', drafts);
    if (amount.lte(0)) return [];
    const whole: OrderDraft = {
      kind: 'limit',
      market: first.market as string,
      side: first.side,
      amount: amount.toFixed(),
      price: ladderSpend('buy', drafts).div(amount).toFixed(),
    };
    const questions = await this.#connection.trading.questionsFor(
      whole,
      caller,
      {},
      { price: false, activation: false, notional: true },
    );
    const together = `The ${plural(drafts.length, `${first.side} order`)} together`;
    return questions.map((q) => ({ ...q, message: q.message.replace(describeDraft(whole), together) }));
  }

  /** Lays out the ladder and checks every order; nothing is sent. */
  async preview(accountId: string | undefined, input: LadderInput): Promise<LadderPreviewView> {
    const market = await this.#spot(input.market);
    const plan = planLadder(input, market);
    const caller = accountId === undefined ? undefined : await this.#accounts.caller(accountId);
    const drafts = plan.orders.map((o) => ({ ...o.draft, clientOrderId: '' }));
    const review =
      plan.orders.length > 0
        ? await this.#review(drafts, caller)
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
      orders,
      issues: [...plan.issues, ...('balance' in review && review.balance ? [review.balance] : [])],
      questions: review.questions,
      totalAmount: total.toFixed(),
      totalValue: ladderSpend('buy', drafts).toFixed(),
      requests: bulkRequests(orders.length),
      perRequest: BULK_LIMIT,
    };
  }

  /**
   * Checks the orders as any order is checked, asks main's question, then sends them in bulk requests
   * of at most 20; each order's outcome, failures first.
   */
  async place(accountId: string, input: BulkInput): Promise<BulkPlaceView> {
    const market = await this.#spot(input.market);
    const caller = await this.#accounts.caller(accountId);
    const drafts: Draft[] = input.orders.map((o) => ({
      kind: 'limit',
      market: market.name,
      side: input.side,
      price: o.price,
      amount: o.amount,
      clientOrderId: o.clientOrderId || this.#newId(),
      ...(input.postOnly ? { postOnly: true } : {}),
    }));
    const review = await this.#review(drafts, caller);
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

    const prices = drafts.map((d) => new Dec(d.price));
    const [low, high] = [Dec.min(...prices), Dec.max(...prices)];
    const requests = bulkRequests(drafts.length);
    const totalAmount = ladderSpend('sell', drafts);
    const count = plural(drafts.length, `${input.side} limit order`);
    const [base, quote] = [
      market.stock ?? market.name.split('_')[0] ?? '',
      market.money ?? market.name.split('_')[1] ?? '',
    ];
    await requireConfirmation(this.#platform, {
      title: `Place ${count} on ${market.name}?`,
      facts: [
        { label: 'Account', value: this.#accounts.registry.get(accountId)?.label ?? accountId },
        { label: 'Market', value: market.name },
        { label: 'Side', value: input.side === 'buy' ? 'Buy' : 'Sell' },
        { label: 'Orders', value: String(drafts.length) },
        {
          label: 'Prices',
          value: low.eq(high) ? `${grouped(low)} ${quote}` : `${grouped(low)} to ${grouped(high)} ${quote}`,
        },
        { label: 'Total amount', value: `${grouped(totalAmount)} ${base}` },
        { label: 'Total value', value: `${grouped(ladderSpend('buy', drafts))} ${quote}` },
        ...(input.postOnly ? [{ label: 'Post-only', value: 'yes' }] : []),
        { label: 'Sent in', value: plural(requests, 'bulk request') + ` of up to ${String(BULK_LIMIT)}` },
        ...beyond,
      ],
      action: `Place ${plural(drafts.length, 'order')}`,
      ...(beyond.length > 0
        ? {
            cancel: GUARD_CANCEL,
            warning: 'Some of these orders are beyond your guards: read each line before you place them.',
          }
        : {}),
    });
    this.#connection.trading.forgetFunds(caller);
    const outcomes = await this.#send(caller, drafts, input.stopOnFail === true);
    outcomes.sort((a, b) => Number(a.ok) - Number(b.ok) || a.index - b.index);
    const placed = outcomes.filter((o) => o.ok).length;
    return { requests, placed, failed: outcomes.length - placed, outcomes };
  }

  async #send(
    caller: KeyCaller,
    drafts: readonly Draft[],
    stopOnFail: boolean,
  ): Promise<BulkOrderOutcomeView[]> {
    const outcomes: BulkOrderOutcomeView[] = [];
    const base = (d: Draft, index: number) => ({
      index,
      price: d.price,
      amount: d.amount,
      clientOrderId: d.clientOrderId,
    });
    let stopped = false;
    for (let start = 0; start < drafts.length; start += BULK_LIMIT) {
      const chunk = drafts.slice(start, start + BULK_LIMIT);
      if (stopped) {
        for (const [k, d] of chunk.entries())
          outcomes.push({ ...base(d, start + k), ok: false, error: notSent() });
        continue;
      }
      const items = chunk.map((d) => ({
        market: d.market as string,
        side: d.side as 'buy' | 'sell',
        amount: d.amount,
        price: d.price,
        clientOrderId: d.clientOrderId,
        ...(d.postOnly ? { postOnly: true } : {}),
      }));
      try {
        const answers = await trading.bulkLimitOrders(caller, items, stopOnFail);
        for (const [k, d] of chunk.entries()) {
          const answer = answers[k];
          if (answer?.result) outcomes.push({ ...base(d, start + k), ok: true, order: answer.result });
          else if (answer) {
            outcomes.push({
              ...base(d, start + k),
              ok: false,
              error: errorOf(classifyResponse(422, answer.error)),
            });
            if (stopOnFail) stopped = true;
          } else {
            outcomes.push({ ...base(d, start + k), ok: false, error: notSent() });
            stopped = true;
          }
        }
      } catch (error) {
        const lost = error instanceof TimeoutError || error instanceof NetworkError;
        for (const [k, d] of chunk.entries())
          outcomes.push(
            lost
              ? await this.#lookup(caller, d, start + k)
              : { ...base(d, start + k), ok: false, error: errorOf(error) },
          );
        if (!lost && stopOnFail) stopped = true;
      }
    }
    return outcomes;
  }

  /** After a lost answer: the order as found by its client order id, or failed (not at the exchange). */
  async #lookup(caller: KeyCaller, d: Draft, index: number): Promise<BulkOrderOutcomeView> {
    const base = { index, price: d.price, amount: d.amount, clientOrderId: d.clientOrderId };
    try {
      const found = await this.#connection.trading.find(caller, d.market as string, d.clientOrderId);
      if (found?.order) return { ...base, ok: true, order: found.order, recovered: true };
      if (found) return { ...base, ok: true, recovered: true };
    } catch (error) {
      return { ...base, ok: false, error: errorOf(error) };
    }
    return {
      ...base,
      ok: false,
      error: {
        code: 'answer_lost',
        message:
          "The exchange's answer was lost and the order is not among the open or filled ones: it was not placed. Send it again.",
      },
    };
  }
}

function notSent(): IpcError {
  return {
    code: 'not_sent',
    message: 'Not sent: the exchange stopped at an earlier refused order ("stop at the first refusal").',
  };
}
