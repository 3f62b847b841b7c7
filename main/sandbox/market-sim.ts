/** Background liquidity of the simulated market: a seeded ladder of orders around each market's price. */
import { Decimal } from 'decimal.js';
import type { Engine } from './engine/engine.ts';
import { toUnits } from './engine/units.ts';
import type { MarketDef, SandboxState } from './state.ts';

/** Owner id of the background liquidity; not an account, so it has no balances to check. */
export const LIQUIDITY_OWNER = 'liquidity';
export const LADDER_LEVELS = 10;
/** Distance between ladder levels as a share of the price. */
export const LADDER_STEP = new Decimal('0.001');

function roundTo(value: Decimal, step: string, decimals: number): Decimal {
  const d = value.toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  if (!step) return d;
  return d.div(step).floor().times(step);
}

export function seedLiquidity(state: SandboxState, engine: Engine): void {
  for (const m of state.markets.values()) placeLadder(state, engine, m);
}

function placeLadder(state: SandboxState, engine: Engine, m: MarketDef): void {
  const mid = new Decimal(m.basePrice);
  const minQty = Decimal.max(new Decimal(m.minAmount), new Decimal(m.minTotal).div(mid)).times(4);
  for (let i = 1; i <= LADDER_LEVELS; i++) {
    for (const side of ['buy', 'sell'] as const) {
      const offset = LADDER_STEP.times(i);
      const price = roundTo(
        side === 'buy' ? mid.times(Decimal.sub(1, offset)) : mid.times(offset.plus(1)),
        m.tickSize,
        m.moneyPrec,
      );
      const qty = roundTo(minQty.times(1 + state.rng.int(20)), m.stepSize, m.stockPrec);
      engine.place({
        owner: LIQUIDITY_OWNER,
        market: m.name,
        side,
        type: 'limit',
        amount: toUnits(qty, m.stockPrec),
        price: toUnits(price, m.moneyPrec),
      });
    }
  }
}
