import { fieldLabel } from './labels.ts';
import { Dec, parsePlain, parseStep } from './decimal.ts';
import { checkFlags, checkKindForMarket } from './flags.ts';
import { checkGrid, checkMaximum, checkMinimum, checkTotal, type Grid, readPositive } from './numbers.ts';
import { checkOrderTpSl } from './tpsl.ts';
import { takesActivation, takesLimitPrice, takesOtoLegs } from './types.ts';
import type { AccountContext, MarketRules, OrderDraft, RuleIssue } from './types.ts';

interface Prepared {
  minAmount: Dec;
  minTotal: Dec;
  maxTotal: Dec;
  priceGrid: Grid;
  amountGrid: Grid;
  quoteGrid: Grid;
}

function limitValue(text: string): Dec {
  return parsePlain(text.trim()) ?? new Dec(0);
}

function prepare(market: MarketRules): Prepared {
  return {
    minAmount: limitValue(market.minAmount),
    minTotal: limitValue(market.minTotal),
    maxTotal: limitValue(market.maxTotal),
    priceGrid: { places: market.moneyPrec, step: parseStep(market.tickSize) },
    amountGrid: { places: market.stockPrec, step: parseStep(market.stepSize) },
    // A buy market order's amount is a quote total: price decimals, no amount step.
    quoteGrid: { places: market.moneyPrec, step: undefined },
  };
}

/** Reads and checks a price-like field (price, activation_price, stopLoss, takeProfit). */
function checkPriceField(field: string, text: string, grid: Grid, issues: RuleIssue[]): Dec | undefined {
  const value = readPositive(field, text, issues);
  if (!value) return undefined;
  checkGrid(field, value, grid, issues);
  return value;
}

function required(field: string, why: string, issues: RuleIssue[]): void {
  issues.push({ field, message: `${fieldLabel(field)} is required ${why}` });
}

/**
 * Every pre-trade rule for one order against its market, decimal-exact. Returns all failures (an
 * empty list means the order may be sent). Rules the exchange checks against account state it alone
 * knows (balance, open positions, account flags) are not here.
 */
export function checkOrder(
  order: OrderDraft,
  market: MarketRules,
  account: AccountContext = {},
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const p = prepare(market);

  if (market.name !== undefined && order.market !== undefined && order.market !== market.name)
    issues.push({
      field: 'market',
      message: `Market must be ${market.name} for these rules`,
      suggestions: [market.name],
    });

  checkKindForMarket(order, market, issues);
  checkFlags(order, account.hedgeMode, issues);

  const quoteAmount = (order.kind === 'market' || order.kind === 'stop_market') && order.side === 'buy';
  const amount = readPositive('amount', order.amount, issues);
  if (amount && quoteAmount) {
    checkGrid('amount', amount, p.quoteGrid, issues);
    checkMinimum('amount', amount, p.minTotal, p.quoteGrid, issues, 'Amount (quote total of a market buy)');
    checkMaximum('amount', amount, p.maxTotal, p.quoteGrid, issues, 'Amount (quote total of a market buy)');
  } else if (amount) {
    checkGrid('amount', amount, p.amountGrid, issues);
    checkMinimum('amount', amount, p.minAmount, p.amountGrid, issues);
  }

  let price: Dec | undefined;
  if (takesLimitPrice(order.kind)) {
    if (order.price !== undefined && order.price !== '')
      price = checkPriceField('price', order.price, p.priceGrid, issues);
    else if (order.bboRole === undefined || order.kind === 'collateral_oco')
      required(
        'price',
        order.kind === 'collateral_oco' ? 'for the limit leg' : 'unless a best-price role is set',
        issues,
      );
  } else if (order.price !== undefined && order.price !== '') {
    issues.push({ field: 'price', message: 'Price is not taken by market orders; remove it' });
  }

  if (takesActivation(order.kind)) {
    if (order.activation_price !== undefined && order.activation_price !== '')
      checkPriceField('activation_price', order.activation_price, p.priceGrid, issues);
    else required('activation_price', 'for a stop order', issues);
  } else if (order.activation_price !== undefined) {
    issues.push({ field: 'activation_price', message: 'Activation price is taken only by stop orders' });
  }

  let stopLimit: Dec | undefined;
  if (order.kind === 'collateral_oco') {
    if (order.stop_limit_price !== undefined && order.stop_limit_price !== '')
      stopLimit = checkPriceField('stop_limit_price', order.stop_limit_price, p.priceGrid, issues);
    else required('stop_limit_price', "for the OCO's stop leg", issues);
  } else if (order.stop_limit_price !== undefined) {
    issues.push({ field: 'stop_limit_price', message: 'Stop-limit price is taken only by an OCO' });
  }

  if (takesOtoLegs(order.kind)) {
    if (order.stopLoss !== undefined) checkPriceField('stopLoss', order.stopLoss, p.priceGrid, issues);
    if (order.takeProfit !== undefined) checkPriceField('takeProfit', order.takeProfit, p.priceGrid, issues);
  }

  for (const at of [price, stopLimit])
    if (amount && at && !quoteAmount)
      checkTotal(
        amount,
        at,
        { minTotal: p.minTotal, maxTotal: p.maxTotal, minAmount: p.minAmount },
        p.amountGrid,
        issues,
      );
  issues.push(...checkOrderTpSl(order, account));
  return issues;
}
