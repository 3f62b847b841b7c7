import { fieldLabel } from './labels.ts';
import {
  COLLATERAL_KINDS,
  ORDER_KINDS,
  takesBboRole,
  takesLimitFlags,
  type MarketRules,
  type OrderDraft,
  type OrderKind,
  type RuleIssue,
} from './types.ts';

/** Flags of a limit order, and whether a kind takes each (retail is spot's alone). */
const LIMIT_ONLY = ['postOnly', 'ioc', 'rpi', 'retail'] as const;
const takesFlag = (flag: (typeof LIMIT_ONLY)[number], kind: OrderKind): boolean =>
  flag === 'retail' ? kind === 'limit' : takesLimitFlags(kind);

export const STP_VALUES = ['no', 'cb', 'cn', 'co'] as const;
export type Stp = (typeof STP_VALUES)[number];
const LEGACY_STP: Readonly<Record<string, Stp>> = { cancel_both: 'cb', cancel_new: 'cn', cancel_old: 'co' };

/** The abbreviated STP mode for a current or legacy name (legacy names are deprecated). */
export function normalizeStp(value: string): Stp | undefined {
  return (STP_VALUES as readonly string[]).includes(value) ? (value as Stp) : LEGACY_STP[value];
}

const KIND_NAMES: Readonly<Record<OrderKind, string>> = {
  limit: 'limit',
  stop_limit: 'stop-limit',
  market: 'market',
  stock_market: 'stock market',
  stop_market: 'stop-market',
  collateral_market: 'collateral market',
  collateral_limit: 'collateral limit',
  collateral_stop_limit: 'collateral stop-limit',
  collateral_trigger_market: 'collateral trigger-market',
  collateral_oco: 'OCO',
};

const CLIENT_ORDER_ID = /^[A-Za-z0-9._-]+$/;

/**
 * The order kinds a market takes: a futures market only collateral orders, a spot market not open
 * to margin no collateral order.
 */
export function kindsForMarket(market: Pick<MarketRules, 'type' | 'collateral'>): readonly OrderKind[] {
  if (market.type === 'futures') return COLLATERAL_KINDS;
  const spot = ORDER_KINDS.filter((k) => !COLLATERAL_KINDS.includes(k));
  return market.type === 'spot' && market.collateral === false ? spot : ORDER_KINDS;
}

/** Refuses an order kind its market does not take (the exchange answers it with an error otherwise). */
export function checkKindForMarket(order: OrderDraft, market: MarketRules, issues: RuleIssue[]): void {
  if (kindsForMarket(market).includes(order.kind)) return;
  const name = market.name ?? order.market ?? 'This market';
  issues.push({
    field: 'kind',
    message:
      market.type === 'futures'
        ? `${name} is a futures market: it takes collateral orders only (market, limit, stop-limit, trigger-market, OCO)`
        : `${name} is not open to margin trading: choose a spot order type`,
  });
}

/** Flag combinations, enumerations and which options each order kind takes. */
export function checkFlags(order: OrderDraft, hedgeMode: boolean | undefined, issues: RuleIssue[]): void {
  const kind = KIND_NAMES[order.kind];

  if (order.side !== 'buy' && order.side !== 'sell')
    issues.push({ field: 'side', message: 'Side must be buy or sell', suggestions: ['buy', 'sell'] });

  for (const flag of LIMIT_ONLY) {
    if (order[flag] === true && !takesFlag(flag, order.kind))
      issues.push({
        field: flag,
        message: `${fieldLabel(flag)} is available only for ${flag === 'retail' ? 'spot ' : ''}limit orders, not ${kind} orders`,
      });
  }
  if (order.bboRole !== undefined && !takesBboRole(order.kind))
    issues.push({
      field: 'bboRole',
      message: 'Best-price role is available only for limit and stop-limit orders',
    });
  if (order.bboRole !== undefined && order.bboRole !== 1 && order.bboRole !== 2)
    issues.push({
      field: 'bboRole',
      message: 'Best-price role must be 1 (queue) or 2 (counterparty)',
      suggestions: ['1', '2'],
    });

  if (order.rpi === true && order.ioc === true)
    issues.push({
      field: 'ioc',
      message: 'Immediate-or-cancel must be off for an RPI order: RPI orders rest on the book',
    });
  if (order.rpi === true && order.postOnly === true)
    issues.push({
      field: 'postOnly',
      message: 'Post-only must be off for an RPI order: RPI orders are post-only already',
    });
  if (order.postOnly === true && order.bboRole !== undefined)
    issues.push({ field: 'postOnly', message: 'Post-only is allowed only when no best-price role is set' });
  if (order.ioc === true && order.postOnly === true)
    issues.push({
      field: 'ioc',
      message:
        'Immediate-or-cancel and post-only cannot both be on: an order cannot both fill at once and only rest',
    });

  if (order.stp !== undefined && normalizeStp(order.stp) === undefined)
    issues.push({
      field: 'stp',
      message: 'Self-trade prevention must be no, cb (cancel both), cn (cancel new) or co (cancel old)',
      suggestions: [...STP_VALUES],
    });

  if (
    order.clientOrderId !== undefined &&
    order.clientOrderId !== '' &&
    !CLIENT_ORDER_ID.test(order.clientOrderId)
  )
    issues.push({
      field: 'clientOrderId',
      message: 'Client order id may contain only letters, digits, dashes, dots and underscores',
    });

  checkCollateral(order, hedgeMode, kind, issues);
}

function checkCollateral(
  order: OrderDraft,
  hedgeMode: boolean | undefined,
  kind: string,
  issues: RuleIssue[],
): void {
  const collateral = COLLATERAL_KINDS.includes(order.kind);
  for (const field of ['positionSide', 'reduceOnly', 'stopLoss', 'takeProfit'] as const) {
    if (!collateral && order[field] !== undefined && order[field] !== false)
      issues.push({
        field,
        message: `${fieldLabel(field)} is available only for collateral orders, not ${kind} orders`,
      });
  }
  if (!collateral) return;
  if (order.kind === 'collateral_oco')
    for (const field of ['stopLoss', 'takeProfit'] as const)
      if (order[field] !== undefined)
        issues.push({
          field,
          message: `${fieldLabel(field)} is not taken by an OCO: its two legs are the take-profit and the stop`,
        });

  if (order.reduceOnly === true && (order.stopLoss !== undefined || order.takeProfit !== undefined))
    issues.push({
      field: 'reduceOnly',
      message:
        'Reduce-only cannot be combined with a stop-loss or take-profit; turn reduce-only off or remove them',
    });

  const side = order.positionSide;
  if (side !== undefined && side !== 'LONG' && side !== 'SHORT' && side !== 'BOTH')
    issues.push({
      field: 'positionSide',
      message: 'Position side must be LONG, SHORT or BOTH',
      suggestions: hedgeMode ? ['LONG', 'SHORT'] : ['LONG', 'SHORT', 'BOTH'],
    });
  else if (hedgeMode === true && side !== 'LONG' && side !== 'SHORT')
    issues.push({
      field: 'positionSide',
      message: 'Position side must be LONG or SHORT in hedge mode',
      suggestions: ['LONG', 'SHORT'],
    });
}
