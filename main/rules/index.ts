export { checkOrder } from './order.ts';
export { COLLATERAL_KINDS, isCollateralKind } from './types.ts';
export { checkLeverage, LEVERAGE_LEVELS } from './leverage.ts';
export {
  beyondLiquidation,
  checkLegLiquidation,
  effectiveLeverage,
  heldLeverage,
  legsBeyond,
  liquidationAtLeverage,
  type LeveragedPosition,
} from './liquidation.ts';
export { kindsForMarket, normalizeStp, STP_VALUES, type Stp } from './flags.ts';
export { normalizeDecimal } from './decimal.ts';
export {
  checkReduceOnly,
  checkTpSlPrices,
  closingOrder,
  directionOf,
  checkTpSlLegs,
  type Direction,
  type TpSlPrices,
} from './tpsl.ts';
export type {
  AccountContext,
  MarketRules,
  OrderDraft,
  OrderKind,
  PositionContext,
  ReferencePrice,
  RuleIssue,
} from './types.ts';
