/**
 * Main's own question when an order trips a guard: the guard's words and the order's facts, every
 * field of it, its base amount and its value, in a native dialog whose default (Enter, Escape) is
 * "Don't send". The page may have shown the same words, but only this answer lets the order go.
 */
import { Dec, parsePlain } from '../../rules/decimal.ts';
import { describeDraft, money, type GuardId, type GuardQuestion } from '../../rules/guards.ts';
import { sizedInQuote, takesBookNow, type OrderEstimate } from '../../rules/market-estimate.ts';
import type { OrderDraft } from '../../rules/index.ts';
import { grouped, marketAssets } from '../../rules/words.ts';
import type { Confirmation } from '../../platform.ts';

/** What each guard is called on a line of the question. */
export const GUARD_TITLES: Record<GuardId, string> = {
  price_band: 'Price band',
  notional: 'Order value',
  depth: 'Book depth',
  reverse: 'Position',
  velocity: 'Orders this minute',
};

/** The buttons of a guard question: "Don't send" is the default, what Enter and Escape do. */
export const GUARD_ACTION = 'Send anyway';
export const GUARD_CANCEL = "Don't send";

const KIND_WORDS: Record<OrderDraft['kind'], string> = {
  limit: 'limit',
  market: 'market',
  stock_market: 'market (amount in base)',
  stop_limit: 'stop-limit',
  stop_market: 'stop-market',
  collateral_market: 'collateral market',
  collateral_limit: 'collateral limit',
  collateral_stop_limit: 'collateral stop-limit',
  collateral_trigger_market: 'collateral trigger-market',
  collateral_oco: 'OCO (limit + stop-limit)',
};

/** The order's base amount and value as a line each: "0.01 BTC", "about 642.51 USDT (from the book)". */
export function amountAndValue(
  draft: OrderDraft,
  estimate: OrderEstimate | undefined,
): Array<{ label: string; value: string }> {
  const { base, quote } = marketAssets(draft.market);
  const amount = parsePlain(draft.amount);
  if (sizedInQuote(draft))
    return [
      {
        label: 'Amount',
        value: estimate ? `about ${grouped(estimate.base)} ${base} (from the book now)` : `unknown ${base}`,
      },
      { label: 'Value', value: `${grouped(draft.amount)} ${quote} (what it spends)` },
    ];
  const value = !estimate
    ? `unknown ${quote}`
    : estimate.source === 'price'
      ? `${money(new Dec(estimate.value))} ${quote}`
      : estimate.source === 'reference'
        ? `about ${money(new Dec(estimate.value))} ${quote} (at the market price now)`
        : `about ${money(new Dec(estimate.value))} ${quote} (from the book now${estimate.complete ? '' : ', for the part the book read holds'})`;
  return [
    { label: 'Amount', value: `${amount ? grouped(amount) : draft.amount} ${base}` },
    { label: 'Value', value },
  ];
}

/**
 * Every field of the order as lines of a question: what it is, its amount and value, its prices, how
 * the book fills it, and its flags (position side, reduce-only, TP/SL, post-only, ...).
 */
export function orderFacts(
  draft: OrderDraft,
  estimate?: OrderEstimate,
  options: { amounts?: boolean } = {},
): Array<{ label: string; value: string }> {
  const { quote } = marketAssets(draft.market);
  const facts: Array<{ label: string; value: string }> = [
    { label: 'Market', value: draft.market ?? '' },
    { label: 'Order', value: `${draft.side === 'sell' ? 'Sell' : 'Buy'}, ${KIND_WORDS[draft.kind]}` },
  ];
  if (options.amounts !== false) facts.push(...amountAndValue(draft, estimate));
  if (draft.price) facts.push({ label: 'Price', value: `${grouped(draft.price)} ${quote}` });
  else if (draft.bboRole !== undefined)
    facts.push({
      label: 'Price',
      value: draft.bboRole === 1 ? 'the best price on its own side' : 'the best opposite price',
    });
  if (draft.activation_price)
    facts.push({ label: 'Activation price', value: `${grouped(draft.activation_price)} ${quote}` });
  if (estimate?.source === 'book' && estimate.average && estimate.worst) {
    facts.push({
      label: takesBookNow(draft.kind) ? 'Fills at' : 'Book now',
      value: `about ${grouped(estimate.average)} ${quote} on average, ${grouped(estimate.worst)} at worst`,
    });
    facts.push({
      label: 'Book read',
      value: `${String(estimate.levelsRead ?? 0)} levels; the order takes ${estimate.sharePct ?? '?'}% of them`,
    });
  }
  if (draft.positionSide) facts.push({ label: 'Position side', value: draft.positionSide });
  if (draft.reduceOnly) facts.push({ label: 'Reduce-only', value: 'yes: it only closes' });
  if (draft.takeProfit) facts.push({ label: 'Take-profit', value: `${grouped(draft.takeProfit)} ${quote}` });
  if (draft.stopLoss) facts.push({ label: 'Stop-loss', value: `${grouped(draft.stopLoss)} ${quote}` });
  const flags = [
    draft.postOnly && 'post-only',
    draft.ioc && 'immediate-or-cancel',
    draft.rpi && 'RPI',
    draft.retail && 'retail',
  ].filter(Boolean);
  if (flags.length) facts.push({ label: 'Flags', value: flags.join(', ') });
  if (draft.stp && draft.stp !== 'no') facts.push({ label: 'Self-trade prevention', value: draft.stp });
  if (draft.clientOrderId) facts.push({ label: 'Client order id', value: draft.clientOrderId });
  return facts;
}

/** The question for one order beyond its guards. */
export function guardConfirmation(
  account: string,
  draft: OrderDraft,
  estimate: OrderEstimate | undefined,
  questions: readonly GuardQuestion[],
  what = 'Send this order',
): Confirmation {
  return {
    title: `${what}? ${describeDraft(draft, 'price', estimate)} on ${draft.market ?? ''}`,
    facts: [
      { label: 'Account', value: account },
      ...orderFacts(draft, estimate),
      ...questions.map((q) => ({ label: GUARD_TITLES[q.guard], value: q.message })),
    ],
    action: GUARD_ACTION,
    cancel: GUARD_CANCEL,
    warning: `Beyond your guards: ${[...new Set(questions.map((q) => GUARD_TITLES[q.guard].toLowerCase()))].join(', ')}. Read each line before you send it.`,
  };
}

/** At most this many orders are named one by one in a batch's question; the rest are counted. */
export const LISTED_ORDERS = 15;

/**
 * The lines a batch's question adds for the orders beyond their guards: each named with the guards
 * it trips, the rest counted per guard.
 */
export function batchGuardLines(
  orders: ReadonlyArray<{ name: string; questions: readonly GuardQuestion[] }>,
): Array<{ label: string; value: string }> {
  const asking = orders.filter((o) => o.questions.length > 0);
  const lines = asking.slice(0, LISTED_ORDERS).map((o) => ({
    label: o.name,
    value: o.questions.map((q) => `${GUARD_TITLES[q.guard]}: ${q.message}`).join(' '),
  }));
  const rest = asking.slice(LISTED_ORDERS);
  if (rest.length > 0) {
    const counts = new Map<GuardId, number>();
    for (const o of rest)
      for (const g of new Set(o.questions.map((q) => q.guard))) counts.set(g, (counts.get(g) ?? 0) + 1);
    lines.push({
      label: `${String(rest.length)} more`,
      value: [...counts]
        .map(([g, n]) => `${String(n)} beyond the ${GUARD_TITLES[g].toLowerCase()}`)
        .join(', '),
    });
  }
  return lines;
}
