/**
 * Main's questions about a position's take-profit / stop-loss leg, in one wording: cancelling a leg
 * (the position left without it), and moving a stop-loss farther from the price (the position left
 * to lose more before it closes). Each names the account, the market, the leg, the position, its
 * liquidation price when the exchange gives one, and what the position is then exposed to. A question
 * that cancels many orders at once (cancel all, the desk's bulk cancel) says which legs are among them.
 */
import type { PositionView } from '../../views/positions.ts';
import type { Confirmation } from '../../platform.ts';
import { Dec } from '../../rules/decimal.ts';
import { money } from '../../rules/guards.ts';
import { addedLoss } from '../../rules/stop-loss-move.ts';
import type { Direction } from '../../rules/tpsl.ts';
import { grouped, marketAssets } from '../../rules/words.ts';

/** The leg a question is about: on which account and market, of which open position. */
export interface LegAt {
  readonly account: string;
  readonly market: string;
  readonly position: Pick<PositionView, 'amount' | 'liquidationPrice'>;
}

type Fact = { label: string; value: string };

const directionOf = (position: LegAt['position']): Direction =>
  new Dec(position.amount).isNeg() ? 'short' : 'long';

/** Account and market first, then `leg`, then the position and its liquidation price when known. */
function legFacts(at: LegAt, leg: Fact): Fact[] {
  const { base, quote } = marketAssets(at.market);
  const liquidation = at.position.liquidationPrice;
  return [
    { label: 'Account', value: at.account },
    { label: 'Market', value: at.market },
    leg,
    {
      label: 'Position',
      value: `${directionOf(at.position)}, ${grouped(new Dec(at.position.amount).abs())} ${base}`,
    },
    ...(liquidation ? [{ label: 'Liquidation price', value: `${grouped(liquidation)} ${quote}` }] : []),
  ];
}

/** Cancelling a leg of an open position at `trigger`. */
export function legCancelQuestion(at: LegAt, kind: 'takeProfit' | 'stopLoss', trigger: string): Confirmation {
  const leg = kind === 'takeProfit' ? 'take-profit' : 'stop-loss';
  const { quote } = marketAssets(at.market);
  return {
    title: `Cancel the ${leg} of your ${at.market} ${directionOf(at.position)}?`,
    facts: legFacts(at, {
      label: 'Leg',
      value: `${kind === 'takeProfit' ? 'Take-profit' : 'Stop-loss'} at ${grouped(trigger)} ${quote}`,
    }),
    action: `Cancel the ${leg}`,
    cancel: `Keep the ${leg}`,
    warning:
      kind === 'stopLoss'
        ? 'The position stays open with no stop-loss: nothing closes it before its liquidation price.'
        : 'The position stays open with no take-profit.',
  };
}

/**
 * Moving a stop-loss from `from` to `to`, farther from the price: the loss it then allows beyond what
 * it allowed, and how near its new trigger lies to the liquidation price (or that the exchange gives
 * none). `mark`: the market's price now, when read.
 */
export function stopLossMoveQuestion(
  at: LegAt,
  from: string,
  to: string,
  mark?: { price: string; name: string },
): Confirmation {
  const direction = directionOf(at.position);
  const { quote } = marketAssets(at.market);
  const more = addedLoss(direction, at.position.amount, from, to);
  const way = direction === 'long' ? 'lower' : 'higher';
  const liquidation = at.position.liquidationPrice;
  const gap = liquidation ? new Dec(to).sub(liquidation).abs() : undefined;
  // the trigger it had is unknown only when the exchange listed the leg without one
  const exposed = more
    ? `The position can lose about ${money(more)} ${quote} more before the stop-loss closes it (${grouped(new Dec(to).sub(from).abs())} ${quote} ${way}).`
    : `The position can lose more before the stop-loss closes it.`;
  return {
    title: `Move the stop-loss of your ${at.market} ${direction} farther from the price?`,
    facts: [
      ...legFacts(at, {
        label: 'Stop-loss',
        value: `${more ? grouped(from) : 'unknown'} → ${grouped(to)} ${quote}`,
      }),
      ...(mark ? [{ label: 'Price now', value: `${grouped(mark.price)} ${quote} (${mark.name})` }] : []),
    ],
    action: 'Move the stop-loss',
    cancel: 'Keep the stop-loss',
    warning: gap
      ? `${exposed} It would then close only ${grouped(gap)} ${quote} before the liquidation price of ${grouped(liquidation ?? '')} ${quote}: a fast move can liquidate the position first.`
      : `${exposed} The exchange gives no liquidation price for this position: nothing tells how near the liquidation the stop-loss now lies.`,
  };
}

/** A take-profit / stop-loss leg of an open position among orders about to be cancelled. */
export interface LegAmong {
  readonly kind: 'takeProfit' | 'stopLoss';
  readonly market: string;
  readonly direction: Direction;
  /** The account's label, when the question covers many accounts. */
  readonly account?: string;
}

const LEG_WORDS = {
  stopLoss: ['stop-loss', 'stop-losses'],
  takeProfit: ['take-profit', 'take-profits'],
} as const;

/**
 * The legs among orders about to be cancelled as a fact line, how many of each kind and of which
 * positions ("2 stop-losses (BTC_PERP long, Alpha: ETH_PERP short) · 1 take-profit (BTC_PERP long)"),
 * and what cancelling them leaves the positions exposed to. Undefined when no leg is among them.
 */
export function legsAmongFacts(legs: readonly LegAmong[]): { fact: Fact; warning: string } | undefined {
  if (legs.length === 0) return undefined;
  const parts = (['stopLoss', 'takeProfit'] as const).flatMap((kind) => {
    const of = legs.filter((l) => l.kind === kind);
    if (of.length === 0) return [];
    const names = [
      ...new Set(of.map((l) => `${l.account ? `${l.account}: ` : ''}${l.market} ${l.direction}`)),
    ];
    const shown =
      names.length > 5
        ? `${names.slice(0, 5).join(', ')} and ${String(names.length - 5)} more`
        : names.join(', ');
    return [`${String(of.length)} ${LEG_WORDS[kind][of.length === 1 ? 0 : 1]} (${shown})`];
  });
  const stops = legs.some((l) => l.kind === 'stopLoss');
  return {
    fact: { label: 'Position legs', value: parts.join(' · ') },
    warning: stops
      ? 'Stop-losses of open positions are among them: those positions stay open with nothing to close them before their liquidation price.'
      : 'Take-profits of open positions are among them: those positions stay open without them.',
  };
}
