/**
 * Each market's tick and step, known to every screen once the window has read the market list, so
 * a price or amount is written to its market's precision wherever it is shown (grids included).
 */
import type { MarketView } from '../../../../main/ipc/contract.ts';
import { marketName } from './number.ts';

let known = $state.raw<Readonly<Record<string, { tick: string; step: string }>>>({});

/** Remembers the markets' ticks and steps (the market list does this on every read). */
export function rememberMarkets(
  markets: readonly Pick<MarketView, 'name' | 'tickSize' | 'stepSize'>[],
): void {
  const next: Record<string, { tick: string; step: string }> = {};
  for (const m of markets) next[marketName(m.name)] = { tick: m.tickSize, step: m.stepSize };
  known = next;
}

/** The market's price tick ("0.1"), undefined while the market is not known. */
export function tickOf(market: string): string | undefined {
  return known[marketName(market)]?.tick;
}

/** The market's amount step ("0.0001"), undefined while the market is not known. */
export function stepOf(market: string): string | undefined {
  return known[marketName(market)]?.step;
}
