export { checkOrder } from './order.ts';
export { checkLeverage, LEVERAGE_LEVELS } from './leverage.ts';
export { normalizeStp, STP_VALUES, type Stp } from './flags.ts';
export { normalizeDecimal } from './decimal.ts';
export type { AccountContext, MarketRules, OrderDraft, OrderKind, RuleIssue } from './types.ts';
