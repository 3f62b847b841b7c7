/**
 * What a leverage change would do to the account's open positions, before it is made: each
 * position's liquidation price at the new level (from the one the exchange gives at the level in
 * force, `rules/leverage.ts`) and its take-profit / stop-loss legs that would then lie past it. The
 * screen shows it beside the mark and the legs while the person chooses; main's own question, when
 * the change is sent, is the gate.
 */
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import type { LeveragePreviewView } from '../ipc/contract.ts';
import { heldLeverage, legsBeyond, liquidationAtLeverage } from '../rules/index.ts';
import type { ExchangeConnection } from './exchange-connection.ts';
import { positionsWithLegs } from './positions.ts';

export async function previewLeverage(
  connection: ExchangeConnection,
  caller: KeyCaller,
  leverage: number,
): Promise<LeveragePreviewView> {
  const positions = await positionsWithLegs(caller);
  const rows = await Promise.all(
    positions.map(async (p) => {
      // the exchange holds a position at most at its market's maximum
      const max = (await connection.catalog.get(p.market))?.maxLeverage;
      const next = max === undefined ? leverage : Math.min(leverage, max);
      const now = heldLeverage(p.amount, p.basePrice ?? '', p.margin ?? '');
      const liquidationAt =
        now && p.liquidationPrice
          ? liquidationAtLeverage(
              { amount: p.amount, entry: p.basePrice ?? '', liquidation: p.liquidationPrice, leverage: now },
              next,
            )
          : undefined;
      return {
        positionId: p.positionId,
        market: p.market,
        amount: p.amount,
        liquidationPrice: p.liquidationPrice ?? null,
        liquidationAt: liquidationAt ?? null,
        legsBeyond: liquidationAt ? legsBeyond(p.amount, liquidationAt, p.tpsl ?? []) : [],
      };
    }),
  );
  return { leverage, positions: rows };
}
