/**
 * What the TP/SL and reduce-only rules need to know from the exchange: the market's price now (mark
 * price, else last price, else the middle of the book) and the open position an order would reduce.
 */
import { Decimal } from 'decimal.js';
import * as collateral from '../../exchange/endpoints/collateral.ts';
import * as publicApi from '../../exchange/endpoints/public.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { ExchangeHttp } from '../../exchange/http.ts';
import { isCollateralKind } from '../../rules/index.ts';
import type { AccountContext, OrderDraft, PositionContext, ReferencePrice } from '../../rules/index.ts';

const positive = (text: string | undefined): boolean => {
  if (!text) return false;
  try {
    return new Decimal(text).gt(0);
  } catch {
    return false;
  }
};

/** The market's mark price, else its last price, else the middle of its book; undefined when none. */
export async function referencePrice(
  http: ExchangeHttp,
  market: string,
): Promise<ReferencePrice | undefined> {
  const futures = (await publicApi.futures(http)).find((f) => f.ticker_id === market);
  if (futures) {
    if (positive(futures.mark_price)) return { price: futures.mark_price, name: 'the mark price' };
    const last = (futures as Record<string, unknown>)['last_price'];
    if (typeof last === 'string' && positive(last)) return { price: last, name: 'the last price' };
  }
  const book = await publicApi.orderBook(http, market, 1);
  const bid = book.bids[0]?.[0];
  const ask = book.asks[0]?.[0];
  if (bid && ask)
    return { price: new Decimal(bid).plus(ask).div(2).toFixed(), name: 'the middle of the order book' };
  const only = bid ?? ask;
  return only ? { price: only, name: 'the best price in the order book' } : undefined;
}

/**
 * The open position on the market: in hedge mode the one on `positionSide`, in one-way mode its only
 * one. Null when there is none.
 */
export async function openPosition(
  caller: KeyCaller,
  market: string,
  positionSide?: string,
): Promise<(PositionContext & { positionSide?: string }) | null> {
  const open = await collateral.openPositions(caller, market);
  const p = open.find(
    (x) =>
      x.market === market &&
      !new Decimal(x.amount).isZero() &&
      (!positionSide ||
        positionSide === 'BOTH' ||
        x.positionSide === undefined ||
        x.positionSide === 'BOTH' ||
        x.positionSide === positionSide),
  );
  if (!p) return null;
  return {
    amount: p.amount,
    ...(p.basePrice ? { entryPrice: p.basePrice } : {}),
    ...(p.positionSide === undefined ? {} : { positionSide: p.positionSide }),
  };
}

/**
 * The TP/SL part of the account context of a collateral order: the price now when it has legs (or
 * is an OCO), the position when it is reduce-only. A price or position that cannot be read is left out
 * (the rules then leave that check to the exchange).
 */
export async function tpslContext(caller: KeyCaller, draft: OrderDraft): Promise<Partial<AccountContext>> {
  if (!isCollateralKind(draft.kind) || !draft.market) return {};
  const out: { referencePrice?: ReferencePrice; position?: PositionContext | null } = {};
  // an OCO's legs are measured against the market too
  if (draft.takeProfit !== undefined || draft.stopLoss !== undefined || draft.kind === 'collateral_oco') {
    const price = await referencePrice(caller.http, draft.market).catch(() => undefined);
    if (price) out.referencePrice = price;
  }
  if (draft.reduceOnly) {
    const reducing = draft.side === 'buy' ? 'SHORT' : 'LONG';
    const position = await openPosition(caller, draft.market, reducing).catch(() => undefined);
    if (position !== undefined) out.position = position;
  }
  return out;
}
