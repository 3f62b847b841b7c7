export { checkOrder } from './order.ts';
export { COLLATERAL_KINDS, isCollateralKind } from './types.ts';
export {
  checkLeverage,
  heldLeverage,
  legsBeyond,
  LEVERAGE_LEVELS,
  liquidationAtLeverage,
  type LeveragedPosition,
} from './leverage.ts';
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
