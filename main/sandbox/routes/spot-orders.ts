/**
 * Spot orders placed: a limit order (or one at the best price, `bboRole`), market orders (in the base
 * or the quote currency), stop-limit and stop-market orders, each body checked whole first; and a
 * placed order as its answer carries it.
 */
import type { Decimal } from 'decimal.js';
import type { Engine, PlaceRequest } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import { orderAnswer } from './order-answers.ts';
import { toUnits, unitsToDecimal } from '../engine/units.ts';
import { fieldError, regionBlocked } from '../http/errors.ts';
import { optInt, required } from '../http/fields.ts';
import type { Body } from '../http/fields.ts';
import type { Account, MarketDef, SandboxState } from '../state.ts';
import {
  checkAmount,
  checkPrice,
  checkQuoteAmount,
  checkTotal,
  clientOrderId,
  duplicateClientOrderId,
  limitFlags,
  marketUnavailable,
  side,
  spotMarket,
  stp,
} from './order-rules.ts';

function tradable(m: MarketDef): MarketDef {
  if (m.type !== 'spot') throw marketUnavailable('Market is not available for spot trading.');
  return m;
}

function uniqueClientId(engine: Engine, account: Account, m: MarketDef, id: string): void {
  if (id && engine.clientOrderIdTaken(account.id, m.name, id)) throw duplicateClientOrderId();
}

/** Validates a limit order body fully, then places it. */
export function placeLimit(state: SandboxState, engine: Engine, account: Account, body: Body): Order {
  const m = tradable(spotMarket(state, body));
  const s = side(body);
  const amountRaw = body['amount'];
  if (amountRaw === undefined || amountRaw === null || amountRaw === '')
    throw fieldError('amount', required('amount'));
  const flags = limitFlags(state, account, body);
  const stpMode = stp(body);
  const cid = clientOrderId(body);
  const amount = checkAmount(m, amountRaw);
  const priceUnits = limitPrice(engine, m, s, amount, flags.bboRole, body['price']);
  uniqueClientId(engine, account, m, cid);
  return engine.place({
    owner: account.id,
    market: m.name,
    side: s,
    type: 'limit',
    amount: toUnits(amount, m.stockPrec),
    price: priceUnits,
    clientOrderId: cid,
    postOnly: flags.postOnly,
    ioc: flags.ioc,
    rpi: flags.rpi,
    retail: flags.retail,
    stp: stpMode,
  });
}

export function placeMarket(
  state: SandboxState,
  engine: Engine,
  account: Account,
  body: Body,
  kind: 'market' | 'stock market' | 'stop market',
): Order {
  const m = tradable(spotMarket(state, body));
  const s = side(body);
  const region = state.regions.get(account.region);
  if (kind === 'stop market' && region?.blocked.has('stop_market')) throw regionBlocked('type');
  const stpMode = stp(body);
  const cid = clientOrderId(body);
  const quote = s === 'buy' && kind !== 'stock market';
  const req: PlaceRequest = {
    owner: account.id,
    market: m.name,
    side: s,
    type: kind,
    amount: 0n,
    quoteAmount: quote,
    clientOrderId: cid,
    stp: stpMode,
  };
  if (kind === 'stop market') {
    req.activationPrice = toUnits(checkPrice(m, 'activation_price', body['activation_price']), m.moneyPrec);
  }
  req.amount = quote
    ? toUnits(checkQuoteAmount(m, body['amount']), m.moneyPrec + m.stockPrec)
    : toUnits(checkAmount(m, body['amount']), m.stockPrec);
  uniqueClientId(engine, account, m, cid);
  return engine.place(req);
}

/**
 * A stop-limit order: `price` is required unless `bboRole` is set. A BBO stop-limit takes its limit price
 * from the book when it is placed (role 1 the best of its own side, role 2 the best of the other side),
 * the same price `order_stop_bbo_place` takes; a buy freezes amount x that price, so a priceless buy
 * never holds less than it would pay at the price it was given.
 */
export function placeStopLimit(state: SandboxState, engine: Engine, account: Account, body: Body): Order {
  const m = tradable(spotMarket(state, body));
  const s = side(body);
  const stpMode = stp(body);
  const cid = clientOrderId(body);
  const role = optInt(body, 'bboRole');
  if (role !== undefined && role !== 1 && role !== 2)
    throw fieldError('bboRole', 'The selected bboRole is invalid.');
  if (role !== undefined && state.regions.get(account.region)?.blocked.has('bboRole'))
    throw regionBlocked('bboRole');
  const amount = checkAmount(m, body['amount']);
  const activation = checkPrice(m, 'activation_price', body['activation_price']);
  const bbo =
    body['price'] === undefined || body['price'] === null || body['price'] === '' ? role : undefined;
  const priceUnits = limitPrice(engine, m, s, amount, bbo, body['price']);
  uniqueClientId(engine, account, m, cid);
  return engine.place({
    owner: account.id,
    market: m.name,
    side: s,
    type: 'stop limit',
    amount: toUnits(amount, m.stockPrec),
    price: priceUnits,
    activationPrice: toUnits(activation, m.moneyPrec),
    clientOrderId: cid,
    stp: stpMode,
  });
}

/**
 * The limit price of an order, checked with its total: the book's best price for a BBO role (1 the
 * best of the order's own side, 2 the best of the other side), else the `price` given.
 */
function limitPrice(
  engine: Engine,
  m: MarketDef,
  s: 'buy' | 'sell',
  amount: Decimal,
  bboRole: number | undefined,
  given: unknown,
): bigint {
  if (bboRole !== undefined) {
    const best = engine.book(m.name).best(bboRole === 1 ? s : s === 'buy' ? 'sell' : 'buy');
    if (best === null) throw fieldError('bboRole', 'No best price is available for this bboRole.');
    checkTotal(m, amount, unitsToDecimal(best, m.moneyPrec));
    return best;
  }
  const price = checkPrice(m, 'price', given);
  checkTotal(m, amount, price);
  return toUnits(price, m.moneyPrec);
}

/** A placed order as its answer carries it, once the stops its trade reached have triggered. */
export function withSettle<T extends Order>(
  state: SandboxState,
  engine: Engine,
  o: T,
  withPosition = false,
): Record<string, unknown> {
  const m = state.markets.get(o.market) as MarketDef;
  engine.checkStops(o.market);
  return orderAnswer(o, m, withPosition);
}
