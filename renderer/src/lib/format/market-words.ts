/** What the ticket says of its market: its steps and minimums, and an announced delisting. */
import type { MarketView } from '../../../../main/ipc/contract.ts';
import { leastStep } from './market-steps.svelte.ts';
import { formatNumber } from './number.ts';
import { formatLocalTime } from './time.ts';

/**
 * An announced delisting of the market, in words ('' when none is announced): the date in the user's
 * zone, that the exchange may move it, and what happens to the market's open orders then.
 */
export function delistingNotice(market: MarketView | undefined): string {
  if (market?.delistedAtMs === undefined) return '';
  return `${market.name} is to be delisted on ${formatLocalTime(market.delistedAtMs)}, as the exchange announced (the date may move). Until then it trades; then its open orders are cancelled and it leaves the market list.`;
}

/** The market's tick, step and minimums, as the ticket's hint says them. */
export function marketHint(market: MarketView | undefined): string {
  if (!market) return '';
  const n = (v: string) => formatNumber(v);
  const tick = leastStep(market.tickSize, market.moneyPrec);
  const step = leastStep(market.stepSize, market.stockPrec);
  return `tick ${n(tick)} · step ${n(step)} · min amount ${n(market.minAmount)} · min total ${n(market.minTotal)}`;
}
