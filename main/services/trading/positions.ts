/** One account's collateral positions: as the renderer shows them, take-profit and stop-loss (leverage: `leverage.ts`). */
import { Decimal } from 'decimal.js';
import * as collateral from '../../exchange/endpoints/collateral.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import { checkTpSl } from '../../exchange/ws/tpsl.ts';
import { UserFacingError } from '../../errors.ts';
import type { PositionView, TpSlCheckView, TpSlLegsView, TpSlLegView } from '../../views/positions.ts';
import { checkTpSlLegs, directionOf, type RuleIssue } from '../../rules/index.ts';
import type { ExchangeConnection } from '../exchange-connection.ts';
import type { LiveService } from '../live/service.ts';
import { withLoneLegs } from './position-legs.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import { referencePrice } from './tpsl-context.ts';
import { RuleViolation } from './trading.ts';

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** The open position as the renderer shows it: the basics plus the extras the exchange sent. */
function positionView(p: collateral.OpenPosition): PositionView {
  const extra: Record<string, unknown> = p;
  const out: PositionView = {
    positionId: p.positionId,
    market: p.market,
    amount: p.amount,
    basePrice: p.basePrice ?? null,
    liquidationPrice: p.liquidationPrice ?? null,
  };
  if (p.positionSide !== undefined) out.positionSide = p.positionSide;
  const openDate = num(extra['openDate']);
  const modifyDate = num(extra['modifyDate']);
  if (openDate !== undefined) out.openDate = openDate;
  if (modifyDate !== undefined) out.modifyDate = modifyDate;
  for (const key of ['pnl', 'pnlPercent', 'margin', 'unrealizedFunding'] as const) {
    const value = text(extra[key]);
    if (value !== undefined) out[key] = value;
  }
  // `funding`: what the position has paid or received so far
  const funding = text(extra['funding']);
  if (funding !== undefined) out.realizedFunding = funding;
  const state = extra['liquidationState'];
  if (state === null || typeof state === 'string') out.liquidationState = state;
  const legs = tpslLegs(extra['tpsl']);
  if (legs.length > 0) out.tpsl = legs;
  return out;
}

/**
 * The position's waiting TP/SL legs from its `tpsl`: null, or `{takeProfitId, takeProfit, stopLossId,
 * stopLoss}` (a side without a leg left out, or null in older answers); a side not in that shape is left out.
 */
function tpslLegs(raw: unknown): TpSlLegView[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
  const pair = raw as Record<string, unknown>;
  return (['takeProfit', 'stopLoss'] as const).flatMap((kind) => {
    const orderId = num(pair[`${kind}Id`]);
    const price = text(pair[kind]);
    return orderId !== undefined && price !== undefined ? [{ orderId, kind, activationPrice: price }] : [];
  });
}

/** Open collateral positions (on one market, or all) as the renderer shows them. */
export async function openPositions(caller: KeyCaller, market?: string): Promise<PositionView[]> {
  return (await collateral.openPositions(caller, market)).map(positionView);
}

/**
 * Open collateral positions with every take-profit and stop-loss that closes them, the lone ones the
 * exchange's record leaves out included (read from the account's open orders when it has positions).
 */
export async function positionsWithLegs(caller: KeyCaller, market?: string): Promise<PositionView[]> {
  const positions = await openPositions(caller, market);
  if (positions.length === 0) return positions;
  return withLoneLegs(positions, await trading.allActiveOrders(caller, market));
}

export interface TpSlInput {
  market: string;
  takeProfit?: string | undefined;
  stopLoss?: string | undefined;
  positionSide?: 'LONG' | 'SHORT' | 'BOTH' | undefined;
}

/** The TP/SL request as it is sent: prices trimmed, absent ones left out. */
function tpslRequest({ market, takeProfit, stopLoss, positionSide }: TpSlInput) {
  return {
    market,
    ...(takeProfit?.trim() ? { takeProfit: takeProfit.trim() } : {}),
    ...(stopLoss?.trim() ? { stopLoss: stopLoss.trim() } : {}),
    ...(positionSide ? { positionSide } : {}),
  };
}

/** The open position the legs would close: in hedge mode the one on `positionSide`. */
async function positionFor(caller: KeyCaller, { market, positionSide }: TpSlInput) {
  const open = await collateral.openPositions(caller, market);
  const position = open.find(
    (p) =>
      !new Decimal(p.amount).isZero() &&
      (!positionSide || positionSide === 'BOTH' || p.positionSide === positionSide),
  );
  if (position) return position;
  const side = positionSide && positionSide !== 'BOTH' ? ` ${positionSide.toLowerCase()}` : '';
  throw new UserFacingError(
    'no_position',
    `There is no open${side} position on ${market} to put a take-profit or stop-loss on.`,
    'market',
  );
}

/**
 * Every rule the legs break, both legs checked: the price rules (tick, decimals), then each leg on its
 * side of the market's price now (mark, else last, else mid), as the ticket checks a new order's legs.
 */
async function judge(connection: ExchangeConnection, caller: KeyCaller, input: TpSlInput) {
  const rules = await connection.catalog.require(input.market);
  const request = tpslRequest(input);
  const prices = checkTpSl(request, rules);
  const position = await positionFor(caller, input);
  const reference = await referencePrice(connection.http, input.market).catch(() => undefined);
  const sides = checkTpSlLegs({
    direction: directionOf(position.amount) ?? 'long',
    takeProfit: request.takeProfit,
    stopLoss: request.stopLoss,
    reference,
  });
  // a leg with a malformed price is named by the price rules only
  const named = new Set(prices.map((i) => i.field));
  const issues: RuleIssue[] = [...prices, ...sides.filter((i) => !named.has(i.field))];
  return { rules, request, position, reference, issues };
}

/** What the Positions form shows as it is typed: every issue of the legs, and the price they are measured against. */
export async function tpslIssues(
  connection: ExchangeConnection,
  caller: KeyCaller,
  input: TpSlInput,
): Promise<TpSlCheckView> {
  const { issues, reference } = await judge(connection, caller, input);
  return { issues: issues.map((i) => ({ ...i })), ...(reference ? { reference: { ...reference } } : {}) };
}

/** Adds a take-profit and/or stop-loss to an open position over the account's WebSocket, once checked. */
export async function addTpSl(
  connection: ExchangeConnection,
  live: LiveService,
  accountId: string,
  caller: () => Promise<KeyCaller>,
  input: TpSlInput,
): Promise<TpSlLegsView> {
  const { rules, request, position, issues } = await judge(connection, await caller(), input);
  // every leg on its side of the market's price now, or nothing is sent
  if (issues.length > 0) throw new RuleViolation(issues);
  return live.addTpSl(accountId, request, rules, {
    amount: position.amount,
    ...(position.positionSide === undefined ? {} : { positionSide: position.positionSide }),
  });
}
