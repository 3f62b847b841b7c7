/**
 * Changing a spot limit or stop-limit order after the same rules and guards as a new one: the new
 * values alone first (nothing is signed for a value that cannot be sent), then the order as it would
 * stand, against the balance it may use (what is free plus what the order itself holds); a change
 * beyond a guard goes only when the person confirms main's own question.
 */
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import * as trading from '../exchange/endpoints/trading.ts';
import type { Order } from '../exchange/endpoints/trading.ts';
import { Dec } from '../rules/decimal.ts';
import { balanceIssue } from '../rules/guards.ts';
import { checkOrder } from '../rules/index.ts';
import { estimateOrder } from '../rules/market-estimate.ts';
import { changedDraft, checkChange, type OrderChange } from '../rules/modify.ts';
import { guardConfirmation } from './guard-ask.ts';
import type { MarketCatalog } from './market-catalog.ts';
import { RuleViolation } from './order-errors.ts';
import { openOrder } from './order-requests.ts';
import type { TradingService } from './trading.ts';

export async function modifyOpenOrder(
  services: { trading: TradingService; catalog: MarketCatalog },
  caller: KeyCaller,
  input: OrderChange & { market: string; orderId: number },
  label = 'this account',
): Promise<Order> {
  const { trading: service, catalog } = services;
  const { market: name, orderId, ...change } = input;
  const market = await catalog.require(name);
  const early = checkChange(change, market);
  if (early.length > 0) throw new RuleViolation(early);
  const order = await openOrder(caller, name, orderId);
  const draft = changedDraft(order, change);
  if (draft) {
    const issues = checkOrder(draft, market);
    if (issues.length > 0) throw new RuleViolation(issues);
    const { funds, reference } = await service.spendable(caller, draft);
    const holds = order.side === 'buy' ? new Dec(order.left).mul(order.price ?? '0') : new Dec(order.left);
    const held = { ...funds, available: holds.add(funds.available).toFixed() };
    const short = balanceIssue(draft, market, held, reference);
    if (short) throw new RuleViolation([short]);
    const estimate = estimateOrder(draft, undefined, reference);
    const questions = await service.questionsFor(
      draft,
      caller,
      { reference: await service.reference(market), estimate },
      {
        price: change.price !== undefined,
        activation: change.activationPrice !== undefined,
        notional: change.price !== undefined || change.amount !== undefined,
      },
    );
    await service.askGuards(questions, {}, () =>
      guardConfirmation(label, draft, estimate, questions, `Change order ${String(orderId)}`),
    );
  }
  service.forgetFunds(caller);
  return trading.modifyOrder(caller, { market: name, orderId, ...change });
}
