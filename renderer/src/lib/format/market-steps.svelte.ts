/**
 * Each market's tick, step and precisions, known to every screen once the window has read the market
 * list, so a price, amount or balance is written to its market's precision wherever it is shown
 * (grids included).
 */
import type { MarketView } from '../../../../main/ipc/contract.ts';
import { marketName } from './number.ts';

interface Steps {
  tick: string;
  step: string;
  base?: string;
  quote?: string;
  /** Decimal places of amounts in the base, and of amounts in the quote (totals, values). */
  stockPrec?: number;
  moneyPrec?: number;
}

type Listed = Pick<MarketView, 'name' | 'tickSize' | 'stepSize'> &
  Partial<Pick<MarketView, 'base' | 'quote' | 'stockPrec' | 'moneyPrec'>>;

let known = $state.raw<Readonly<Record<string, Steps>>>({});

/**
 * The smallest change of a price (or amount): the market's step, or where it lists none (an empty or
 * zero step, which the exchange does not enforce) the last decimal place its precision allows.
 */
export function leastStep(step: string, places: number | undefined): string {
  if (Number(step) > 0 || places === undefined) return step;
  return places > 0 ? `0.${'0'.repeat(places - 1)}1` : '1';
}

/** Remembers the markets' ticks, steps and precisions (the market list does this on every read). */
export function rememberMarkets(markets: readonly Listed[]): void {
  const next: Record<string, Steps> = {};
  for (const m of markets) {
    const steps: Steps = {
      tick: leastStep(m.tickSize, m.moneyPrec),
      step: leastStep(m.stepSize, m.stockPrec),
    };
    if (m.base !== undefined) steps.base = m.base;
    if (m.quote !== undefined) steps.quote = m.quote;
    if (m.stockPrec !== undefined) steps.stockPrec = m.stockPrec;
    if (m.moneyPrec !== undefined) steps.moneyPrec = m.moneyPrec;
    next[marketName(m.name)] = steps;
  }
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

/**
 * The decimal places an amount of `asset` is written to: on `market` when it is that market's base or
 * quote (its amount or money precision), else on the first market listed that trades it; undefined
 * while no market says.
 */
export function placesOf(asset: string, market?: string): number | undefined {
  const own = market === undefined ? undefined : known[marketName(market)];
  const of = (m: Steps | undefined) =>
    m?.quote === asset ? m.moneyPrec : m?.base === asset ? m.stockPrec : undefined;
  const here = of(own);
  if (here !== undefined) return here;
  const all = Object.values(known);
  return (
    all.find((m) => m.quote === asset && m.moneyPrec !== undefined)?.moneyPrec ??
    all.find((m) => m.base === asset && m.stockPrec !== undefined)?.stockPrec
  );
}

/** The decimal places of a market's money (values, totals, margin, profit in its quote); undefined while unknown. */
export function moneyPlaces(market: string): number | undefined {
  return known[marketName(market)]?.moneyPrec;
}
