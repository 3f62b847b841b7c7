/**
 * The account leverage, which every open position takes (at most its market's maximum). What a level
 * would do is worked out before it is set (`previewLeverage`): each open position's liquidation price
 * at that level (`rules/liquidation.ts`) beside its mark and its take-profit / stop-loss legs, the lone
 * ones included. The Positions screen shows it while the person chooses; lowering the leverage goes at
 * once, raising it only after main's own question saying the same, warning when a leg would lie past
 * the new liquidation price.
 */
import * as collateral from '../../exchange/endpoints/collateral.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { LeveragePreviewView } from '../../views/positions.ts';
import type { Platform } from '../../platform.ts';
import { Dec } from '../../rules/decimal.ts';
import { grouped } from '../../rules/guards.ts';
import {
  checkLeverage,
  effectiveLeverage,
  heldLeverage,
  legsBeyond,
  liquidationAtLeverage,
} from '../../rules/index.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import type { ExchangeConnection } from '../../services/exchange-connection.ts';
import { RuleViolation } from '../../services/trading/order-errors.ts';
import { positionsWithLegs } from '../../services/trading/positions.ts';
import { referencePrice } from '../../services/trading/tpsl-context.ts';

type Row = LeveragePreviewView['positions'][number];

/** What setting the leverage to `leverage` would do to each open position; nothing is changed. */
export async function previewLeverage(
  connection: ExchangeConnection,
  caller: KeyCaller,
  leverage: number,
): Promise<LeveragePreviewView> {
  const [summary, positions] = await Promise.all([
    collateral.collateralSummary(caller).catch(() => undefined),
    positionsWithLegs(caller),
  ]);
  const open = positions.filter((p) => !new Dec(p.amount).isZero());
  const maxima = new Map<string, number | undefined>();
  const marks = new Map<string, string | undefined>();
  for (const p of open) maxima.set(p.market, (await connection.catalog.get(p.market))?.maxLeverage);
  await Promise.all(
    [...maxima.keys()].map(async (m) => {
      marks.set(m, (await referencePrice(connection.http, m).catch(() => undefined))?.price);
    }),
  );
  const now = summary?.leverage;
  const rows = open.map((p): Row => {
    const max = maxima.get(p.market);
    // the leverage the position is held at: its value over its margin, else the account's in force
    const held =
      heldLeverage(p.amount, p.basePrice ?? '', p.margin ?? '') ??
      (now === undefined ? undefined : String(effectiveLeverage(now, max)));
    const liquidationAt =
      held && p.liquidationPrice && p.basePrice
        ? liquidationAtLeverage(
            { amount: p.amount, entry: p.basePrice, liquidation: p.liquidationPrice, leverage: held },
            effectiveLeverage(leverage, max),
          )
        : undefined;
    const mark = marks.get(p.market);
    return {
      positionId: p.positionId,
      market: p.market,
      ...(p.positionSide === undefined ? {} : { positionSide: p.positionSide }),
      amount: p.amount,
      ...(mark ? { mark } : {}),
      liquidationPrice: p.liquidationPrice ?? null,
      liquidationAt: liquidationAt ?? null,
      legsBeyond: liquidationAt ? legsBeyond(p.amount, liquidationAt, p.tpsl ?? []) : [],
    };
  });
  return { leverageNow: now ?? null, leverage, positions: rows };
}

/** The leverage's open positions as lines of main's question. */
function positionLines(preview: LeveragePreviewView): Array<{ label: string; value: string }> {
  return preview.positions.flatMap((p) => {
    const [base = ''] = p.market.split('_');
    const direction = new Dec(p.amount).isNeg() ? 'short' : 'long';
    const name = `${p.market} ${direction} ${grouped(new Dec(p.amount).abs())} ${base}`;
    const liquidation = `liquidation ${p.liquidationPrice ? grouped(p.liquidationPrice) : 'unknown'} → ${p.liquidationAt ? grouped(p.liquidationAt) : 'unknown (the exchange did not say where it is now)'}`;
    const mark = p.mark ? `; mark price ${grouped(p.mark)}` : '';
    return [
      { label: name, value: `${liquidation}${mark}` },
      ...p.legsBeyond.map((leg) => {
        const which = leg.kind === 'takeProfit' ? 'Take-profit' : 'Stop-loss';
        return {
          label: `${which} of ${p.market}`,
          value: `${grouped(leg.activationPrice)} — beyond the new liquidation price: the position would be liquidated before it triggers`,
        };
      }),
    ];
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
  const effect = await previewLeverage(connection, caller, leverage);
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
    const beyond = effect.positions.reduce((n, p) => n + p.legsBeyond.length, 0);
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
          ? `${String(beyond)} take-profit or stop-loss leg${beyond === 1 ? '' : 's'} would lie beyond the new liquidation price and never trigger. Higher leverage brings every position's liquidation price closer to the market.`
          : "Higher leverage brings every position's liquidation price closer to the market.",
    });
  }
  return collateral.setLeverage(caller, leverage);
}
