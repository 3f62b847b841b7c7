/**
 * Activity for the extra sub-accounts of a desk-sized sandbox: every pair of them opens a small
 * BTC_PERP position against each other (one long, one short, at the market's price), and each one
 * keeps a resting spot limit buy far below the market, so a desk of any size has positions and open
 * orders to show, cancel and close.
 */
import { Decimal } from 'decimal.js';
import type { Engine } from './engine/engine.ts';
import { toUnits } from './engine/units.ts';
import type { SandboxState } from './state.ts';

const PERP = 'BTC_PERP';
const SPOT = 'BTC_USDT';
const POSITION_SIZE = '0.001';
const ORDER_SIZE = '0.0002';

export function seedDeskActivity(state: SandboxState, engine: Engine, accountIds: readonly string[]): void {
  const perp = state.markets.get(PERP);
  const spot = state.markets.get(SPOT);
  if (!perp || !spot) return;
  const perpPrice = toUnits(new Decimal(perp.basePrice), perp.moneyPrec);
  const spotPrice = toUnits(
    new Decimal(spot.basePrice).div(2).toDecimalPlaces(spot.moneyPrec),
    spot.moneyPrec,
  );
  for (let i = 0; i + 1 < accountIds.length; i += 2) {
    for (const [owner, side] of [
      [accountIds[i], 'sell'],
      [accountIds[i + 1], 'buy'],
    ] as const) {
      engine.place({
        owner: owner as string,
        market: PERP,
        side,
        type: 'limit',
        amount: toUnits(POSITION_SIZE, perp.stockPrec),
        price: perpPrice,
        collateral: true,
        positionSide: 'BOTH',
      });
    }
  }
  for (const owner of accountIds)
    engine.place({
      owner,
      market: SPOT,
      side: 'buy',
      type: 'limit',
      amount: toUnits(ORDER_SIZE, spot.stockPrec),
      price: spotPrice,
    });
}
