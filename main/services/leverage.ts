/**
 * The account leverage, which every open position takes (at most its market's maximum). Lowering it
 * goes at once; raising it only after main's own question showing, for each open position, its
 * liquidation price now and after (`rules/liquidation.ts`) beside the mark price and its stop-loss
 * leg, warning when a leg falls beyond the new liquidation price. The same effect feeds the screen
 * (`positions.leverageEffect`).
 */
import * as collateral from '../exchange/endpoints/collateral.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import type { LeverageEffectView, PositionLeverageView } from '../ipc/contract.ts';
import type { Platform } from '../platform.ts';
import { Dec, parsePlain } from '../rules/decimal.ts';
import { grouped } from '../rules/guards.ts';
import { checkLeverage } from '../rules/index.ts';
import { beyondLiquidation, effectiveLeverage, liquidationAfter } from '../rules/liquidation.ts';
import { requireConfirmation } from './confirm.ts';
import type { ExchangeConnection } from './exchange-connection.ts';
import { RuleViolation } from './order-errors.ts';
import { openPositions } from './positions.ts';
import { referencePrice } from './tpsl-context.ts';

/** What raising (or lowering) the leverage to `leverage` does to each open position. */
export async function leverageEffect(
  connection: ExchangeConnection,
  caller: KeyCaller,
  leverage: number,
): Promise<LeverageEffectView> {
  const [summary, positions] = await Promise.all([
    collateral.collateralSummary(caller).catch(() => undefined),
    openPositions(caller),
  ]);
  const open = positions.filter((p) => !new Dec(p.amount).isZero());
  const maxima = new Map<string, number | undefined>();
  for (const p of open) maxima.set(p.market, (await connection.catalog.get(p.market))?.maxLeverage);
  const marks = new Map<string, string | undefined>();
  await Promise.all(
    [...maxima.keys()].map(async (m) => {
      const mark = await referencePrice(connection.http, m).catch(() => undefined);
      marks.set(m, mark?.price);
    }),
  );
  const now = summary?.leverage;
  const views = open.map((p): PositionLeverageView => {
    const max = maxima.get(p.market);
    const after =
      now === undefined
        ? undefined
        : liquidationAfter(
            { amount: p.amount, entryPrice: p.basePrice, liquidationPrice: p.liquidationPrice },
            effectiveLeverage(now, max),
            effectiveLeverage(leverage, max),
          );
    const stop = p.tpsl?.find((l) => l.kind === 'stopLoss');
    const stopPrice = stop ? parsePlain(stop.activationPrice) : undefined;
    return {
      market: p.market,
      ...(p.positionSide === undefined ? {} : { positionSide: p.positionSide }),
      amount: p.amount,
      ...(marks.get(p.market) ? { mark: marks.get(p.market) as string } : {}),
      liquidationNow: p.liquidationPrice ?? null,
      liquidationAfter: after?.toFixed() ?? null,
      ...(stop ? { stopLoss: stop.activationPrice } : {}),
      stopLossBeyond: !!(stopPrice && after && beyondLiquidation(p.amount, stopPrice, after)),
    };
  });
  return { leverageNow: now ?? null, leverage, positions: views };
}

/** The leverage's open positions as lines of main's question. */
function positionLines(effect: LeverageEffectView): Array<{ label: string; value: string }> {
  return effect.positions.flatMap((p) => {
    const [base = ''] = p.market.split('_');
    const direction = new Dec(p.amount).isNeg() ? 'short' : 'long';
    const name = `${p.market} ${direction} ${grouped(new Dec(p.amount).abs())} ${base}`;
    const liquidation = `liquidation ${p.liquidationNow ? grouped(p.liquidationNow) : 'unknown'} → ${p.liquidationAfter ? grouped(p.liquidationAfter) : 'unknown (the exchange did not say where it is now)'}`;
    const mark = p.mark ? `; mark price ${grouped(p.mark)}` : '';
    const lines = [{ label: name, value: `${liquidation}${mark}` }];
    if (p.stopLoss)
      lines.push({
        label: `Stop-loss of ${p.market}`,
        value: p.stopLossBeyond
          ? `${grouped(p.stopLoss)} — beyond the new liquidation price: the position would be liquidated before it triggers`
          : grouped(p.stopLoss),
      });
    return lines;
  });
}

/**
 * Sets the account leverage; it may not pass the lowest maximum among the markets of its open
 * positions. Raising it asks main's question first (its default: don't change).
 */
export async function setLeverage(
  connection: ExchangeConnection,
  caller: KeyCaller,
  leverage: collateral.Leverage,
  ask: { platform: Platform; label: string },
): Promise<number> {
  const effect = await leverageEffect(connection, caller, leverage);
  const maxima: number[] = [];
  for (const p of effect.positions) {
    const max = (await connection.catalog.get(p.market))?.maxLeverage;
    if (max !== undefined) maxima.push(max);
  }
  if (maxima.length > 0) {
    const issues = checkLeverage(leverage, Math.min(...maxima));
    if (issues.length > 0) throw new RuleViolation(issues);
  }
  if (effect.leverageNow === null || leverage > effect.leverageNow) {
    const beyond = effect.positions.filter((p) => p.stopLossBeyond).length;
    await requireConfirmation(ask.platform, {
      title: `Raise the leverage of "${ask.label}" ${effect.leverageNow === null ? '' : `from ${String(effect.leverageNow)}× `}to ${String(leverage)}×?`,
      facts: [
        { label: 'Account', value: ask.label },
        {
          label: 'Leverage',
          value: `${effect.leverageNow === null ? 'unknown now' : `${String(effect.leverageNow)}×`} → ${String(leverage)}×`,
        },
        ...(effect.positions.length > 0
          ? positionLines(effect)
          : [{ label: 'Open positions', value: `none now: new positions open at ${String(leverage)}×` }]),
      ],
      action: `Raise to ${String(leverage)}×`,
      cancel: "Don't change",
      warning:
        beyond > 0
          ? `${String(beyond)} stop-loss leg${beyond === 1 ? '' : 's'} would lie beyond the new liquidation price and never trigger. Higher leverage brings every position's liquidation price closer to the market.`
          : "Higher leverage brings every position's liquidation price closer to the market.",
    });
  }
  return collateral.setLeverage(caller, leverage);
}
