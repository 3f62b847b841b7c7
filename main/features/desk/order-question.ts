/**
 * Main's one question before a desk order goes to many accounts: every field of the order, how many
 * accounts, the total and the largest, and each account's order beyond a guard with the guards it
 * trips.
 */
import { Dec } from '../../rules/decimal.ts';
import type { GuardQuestion } from '../../rules/guards.ts';
import type { MarketRules, OrderDraft, RuleIssue } from '../../rules/index.ts';
import { grouped, marketAssets } from '../../rules/words.ts';
import type { Confirmation } from '../../platform.ts';
import type { OrderEstimate } from '../../rules/market-estimate.ts';
import { batchGuardLines, orderFacts } from '../../services/trading/guard-ask.ts';
import { someOf } from '../../services/desk/key-permissions.ts';
import type { SizingContext } from './sizing.ts';

/** One account's order as the question counts it. */
export interface AskedChild {
  label: string;
  amount?: string;
  issues: readonly RuleIssue[];
  /** The guards its order trips now. */
  questions: readonly GuardQuestion[];
  /** What its order is worth now (a market order: from the book). */
  estimate?: OrderEstimate | undefined;
}

/**
 * A market batch's other side from each order's estimate, in `asset`: what orders sized in the quote
 * buy ("about 0.0123 BTC"), or what the others are worth ("about 790.12 USDT"); nothing when an order's
 * estimate is unknown.
 */
function worth(sent: readonly AskedChild[], asset: string, inQuote: boolean): string {
  if (sent.length === 0 || sent.some((c) => !c.estimate)) return '';
  const sum = sent.reduce(
    (s, c) => s.plus((inQuote ? c.estimate?.base : c.estimate?.value) ?? '0'),
    new Dec(0),
  );
  return ` (about ${grouped(sum.toDecimalPlaces(inQuote ? 8 : 2, Dec.ROUND_HALF_UP))} ${asset} from the book now)`;
}

export function sizingContext(market: MarketRules, draft: OrderDraft): SizingContext {
  const quoteAmount = draft.side === 'buy' && (draft.kind === 'market' || draft.kind === 'stop_market');
  return {
    market,
    side: draft.side as 'buy' | 'sell',
    quoteAmount,
    ...(draft.price === undefined ? {} : { price: draft.price }),
  };
}

/** The native question before a batch goes out. */
export function orderQuestion(
  draft: OrderDraft,
  children: readonly AskedChild[],
  ctx: SizingContext,
): Confirmation {
  const { base, quote } = marketAssets(draft.market);
  const unit = ctx.quoteAmount ? quote : base;
  const sent = children.filter((c) => c.issues.length === 0 && c.amount !== undefined);
  const total = sent.reduce((sum, c) => sum.plus(c.amount ?? '0'), new Dec(0));
  const largest = sent.reduce<AskedChild | undefined>(
    (a, b) => (a === undefined || new Dec(b.amount ?? '0').gt(a.amount ?? '0') ? b : a),
    undefined,
  );
  const order = `${draft.kind.replace('_', ' ')} ${draft.side} on ${draft.market ?? ''}`;
  const held = children.length - sent.length;
  const value = ctx.price
    ? ` (${grouped(total.mul(ctx.price))} ${quote} at ${grouped(ctx.price)})`
    : worth(sent, ctx.quoteAmount ? base : quote, ctx.quoteAmount);
  const beyond = sent.filter((c) => c.questions.length > 0);
  return {
    title: `Send a ${order} for ${String(sent.length)} ${sent.length === 1 ? 'account' : 'accounts'}?`,
    facts: [
      ...orderFacts(draft, undefined, { amounts: false }),
      { label: 'Accounts', value: `${String(sent.length)}: ${someOf(sent.map((c) => c.label))}` },
      { label: 'Total', value: `${grouped(total)} ${unit}${value}` },
      {
        label: 'Largest',
        value: largest ? `${grouped(largest.amount ?? '')} ${unit} (${largest.label})` : 'none',
      },
      ...(held > 0
        ? [{ label: 'Not sent', value: `${String(held)} (the preview found a rule broken or no amount)` }]
        : []),
      ...batchGuardLines(sent.map((c) => ({ name: c.label, questions: c.questions }))),
    ],
    action: 'Send orders',
    ...(beyond.length > 0
      ? {
          cancel: "Don't send",
          warning: `${String(beyond.length)} of these orders ${beyond.length === 1 ? 'is' : 'are'} beyond your guards: read each line before you send them.`,
        }
      : {}),
  };
}
