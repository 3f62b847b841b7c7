/**
 * Main's one question before a ladder goes: the count, side, market, each rung's size and price, the
 * total amount and value, the margin (collateral), how it is sent, and each order beyond a guard with
 * the guards it trips (the value ceilings and the budget per minute read the ladder's total).
 */
import type { LadderMarginView } from '../../views/orders.ts';
import type { Confirmation } from '../../platform.ts';
import { Dec } from '../../rules/decimal.ts';
import { grouped } from '../../rules/guards.ts';
import { BULK_LIMIT, ladderSpend } from '../../rules/ladder.ts';
import { GUARD_CANCEL } from '../../services/trading/guard-ask.ts';
import type { CatalogMarket } from '../../services/market-catalog.ts';

const plural = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;

/** "1) 0.01 at 60,000; 2) …": every rung when few, else the first ones, how many between, the last two. */
export function rungsText(drafts: ReadonlyArray<{ price: string; amount: string }>, base: string): string {
  const line = (d: { price: string; amount: string }, i: number) =>
    `${String(i + 1)}) ${grouped(d.amount)} ${base} at ${grouped(d.price)}`;
  const all = drafts.map(line);
  if (all.length <= 12) return all.join('; ');
  return [...all.slice(0, 8), `… ${String(all.length - 10)} more …`, ...all.slice(-2)].join('; ');
}

export function ladderQuestion(
  input: {
    label: string;
    side: string;
    collateral: boolean;
    positionSide?: string | undefined;
    reduceOnly?: boolean | undefined;
    postOnly?: boolean | undefined;
  },
  market: CatalogMarket,
  drafts: ReadonlyArray<{ price: string; amount: string }>,
  sent: {
    requests: number;
    beyond: ReadonlyArray<{ label: string; value: string }>;
    margin?: LadderMarginView;
  },
): Confirmation {
  const { collateral } = input;
  const { requests, beyond, margin } = sent;
  const prices = drafts.map((d) => new Dec(d.price));
  const [low, high] = [Dec.min(...prices), Dec.max(...prices)];
  const totalAmount = ladderSpend('sell', drafts);
  const count = plural(drafts.length, `${input.side} ${collateral ? 'collateral ' : ''}limit order`);
  const [base, quote] = [
    market.stock ?? market.name.split('_')[0] ?? '',
    market.money ?? market.name.split('_')[1] ?? '',
  ];
  return {
    title: `Place ${count} on ${market.name}?`,
    facts: [
      { label: 'Account', value: input.label },
      { label: 'Market', value: market.name },
      {
        label: 'Side',
        value: `${input.side === 'buy' ? 'Buy' : 'Sell'}${collateral && !input.reduceOnly ? (input.side === 'buy' ? ' (opens or adds to a long)' : ' (opens or adds to a short)') : ''}`,
      },
      { label: 'Orders', value: String(drafts.length) },
      {
        label: 'Prices',
        value: low.eq(high) ? `${grouped(low)} ${quote}` : `${grouped(low)} to ${grouped(high)} ${quote}`,
      },
      { label: 'Rungs', value: rungsText(drafts, base) },
      { label: 'Total amount', value: `${grouped(totalAmount)} ${base}` },
      { label: 'Total value', value: `${grouped(ladderSpend('buy', drafts))} ${quote}` },
      ...(margin
        ? [
            {
              label: 'Margin',
              value: `${grouped(margin.needed)} ${margin.asset} at ${String(margin.leverage)}× leverage (${grouped(margin.available)} ${margin.asset} available)`,
            },
          ]
        : []),
      ...(collateral && input.positionSide ? [{ label: 'Position side', value: input.positionSide }] : []),
      ...(collateral && input.reduceOnly ? [{ label: 'Reduce-only', value: 'yes: only closes' }] : []),
      ...(input.postOnly ? [{ label: 'Post-only', value: 'yes' }] : []),
      {
        label: 'Sent in',
        value: collateral
          ? `${plural(requests, 'request')}, one order each, one after another`
          : plural(requests, 'bulk request') + ` of up to ${String(BULK_LIMIT)}`,
      },
      ...beyond,
    ],
    action: `Place ${plural(drafts.length, 'order')}`,
    ...(beyond.length > 0
      ? {
          cancel: GUARD_CANCEL,
          warning: 'Some of these orders are beyond your guards: read each line before you place them.',
        }
      : {}),
  };
}
