/**
 * Take-profit / stop-loss on an open collateral position, over the WebSocket (REST has no route).
 * Both prices: one `collateral_order_tpsl_place` call (each call adds a pair; earlier pairs stay).
 * One price only: that leg alone as a reduce-only order for the whole position on the closing side
 * (a stop-market for the stop-loss, a limit for the take-profit), since the pair method takes both.
 * Prices are checked first with the same rules as the order ticket (tick size, decimals).
 */
import { parseStep } from '../../rules/decimal.ts';
import { checkGrid, readPositive } from '../../rules/numbers.ts';
import { closingOrder, type MarketRules, type RuleIssue } from '../../rules/index.ts';
import { ExchangeError, ValidationError } from '../errors.ts';
import type { OrderView } from '../records.ts';
import type { WsClient } from './client.ts';
import { WS } from '../registry/index.ts';

export type TpSlSide = 'LONG' | 'SHORT' | 'BOTH';

export interface TpSlRequest {
  market: string;
  takeProfit?: string;
  stopLoss?: string;
  /** LONG or SHORT in hedge mode; BOTH (or absent) in one-way mode. */
  positionSide?: TpSlSide;
}

/** The position the legs close: signed amount (negative = short) and its side. */
export interface TpSlPosition {
  amount: string;
  positionSide?: string;
}

/** Each leg placed, read into the REST order view. */
export interface TpSlLegs {
  takeProfit?: OrderView;
  stopLoss?: OrderView;
}

/** Every rule the prices break: at least one price, each positive and on the market's tick grid. */
export function checkTpSl(request: TpSlRequest, market: MarketRules): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const tp = request.takeProfit?.trim() ?? '';
  const sl = request.stopLoss?.trim() ?? '';
  if (!tp && !sl) {
    issues.push({ field: 'takeProfit', message: 'give a take-profit price, a stop-loss price or both' });
    return issues;
  }
  const grid = { places: market.moneyPrec, step: parseStep(market.tickSize) };
  for (const [field, text] of [
    ['takeProfit', tp],
    ['stopLoss', sl],
  ] as const) {
    if (!text) continue;
    const value = readPositive(field, text, issues);
    if (value) checkGrid(field, value, grid, issues);
  }
  return issues;
}

function fail(issues: readonly RuleIssue[]): never {
  const fields: Record<string, string[]> = {};
  for (const i of issues) (fields[i.field] ??= []).push(i.message);
  const first = issues[0] as RuleIssue;
  throw new ValidationError(first.message, { field: first.field, fields });
}

/** The exchange names its own fields; the app names them as the request does. */
function renamed(error: unknown): unknown {
  if (!(error instanceof ExchangeError) || error.field !== undefined) return error;
  const m = /take_profit|stop_loss|activation_price|price/.exec(error.message);
  if (!m) return error;
  const field = m[0] === 'take_profit' || m[0] === 'price' ? 'takeProfit' : 'stopLoss';
  return new ValidationError(error.message, {
    field,
    ...(error.exchangeCode === undefined ? {} : { exchangeCode: error.exchangeCode }),
  });
}

/** Checks the prices, then places the legs; answers each leg placed, in the REST order view. */
export async function placeTpSlWs(
  client: WsClient,
  request: TpSlRequest,
  market: MarketRules,
  position: TpSlPosition,
): Promise<TpSlLegs> {
  const issues = checkTpSl(request, market);
  if (issues.length > 0) fail(issues);
  const tp = request.takeProfit?.trim() || undefined;
  const sl = request.stopLoss?.trim() || undefined;
  const side = request.positionSide ?? (position.positionSide as TpSlSide | undefined);
  const sideParam = side && side !== 'BOTH' ? { position_side: side } : {};
  try {
    if (tp && sl) {
      const pair = await client.call(WS.collateralTpSlPlace, [
        {
          market: request.market,
          take_profit_activation_price: tp,
          stop_loss_activation_price: sl,
          ...sideParam,
        },
      ]);
      return { takeProfit: pair.take_profit, stopLoss: pair.stop_loss };
    }
    const leg = {
      market: request.market,
      ...closingOrder(position),
      reduce_only: true,
      ...sideParam,
    };
    if (sl)
      return {
        stopLoss: await client.call(WS.collateralStopMarketPlace, [{ ...leg, activation_price: sl }]),
      };
    return { takeProfit: await client.call(WS.collateralLimitPlace, [{ ...leg, price: tp }]) };
  } catch (error) {
    throw renamed(error);
  }
}
