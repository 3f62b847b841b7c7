/** One account's single orders and spot balances by REST (lists and work on many: order-controls.ts). */
import { classifyResponse } from '../../exchange/classify-response.ts';
import * as trading from '../../exchange/endpoints/trading.ts';
import { CANCEL_BULK_MAX } from '../../exchange/schemas/trading.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { IpcError } from '../../errors.ts';
import type { DealView, FeeRatesView, OrderFillView, OrderView } from '../../views/orders.ts';
import { itemFailure } from '../../readable-errors.ts';

/** Finished orders (filled and cancelled) of an account on one market, newest first; at most `limit`. */
export async function orderHistory(caller: KeyCaller, market: string, limit = 100): Promise<OrderView[]> {
  const orders = await trading.orderHistory(caller, { market, limit });
  return orders.map((o) => ({
    orderId: o.id,
    clientOrderId: o.clientOrderId ?? '',
    market: o.market,
    side: o.side,
    type: o.type,
    timestamp: o.ctime,
    finishedAt: o.ftime ?? o.ctime,
    amount: o.amount,
    left: '0',
    dealStock: o.dealStock,
    dealMoney: o.dealMoney,
    dealFee: o.dealFee,
    status: o.status,
    ...(o.price === undefined ? {} : { price: o.price }),
    ...(o.positionSide === undefined ? {} : { positionSide: o.positionSide }),
    ...(o.reduceOnly === undefined ? {} : { reduceOnly: o.reduceOnly }),
  }));
}

/** The account's fills on one market, newest first; at most `limit`. */
export async function fills(caller: KeyCaller, market: string, limit = 100): Promise<DealView[]> {
  const deals = await trading.executedDeals(caller, market, { limit });
  return deals.map(
    ({ id, clientOrderId, time, side, role, amount, price, deal, fee, orderId, feeAsset }) => ({
      id,
      clientOrderId,
      time,
      side,
      role,
      amount,
      price,
      deal,
      fee,
      feeAsset,
      orderId,
    }),
  );
}

/** The fills of one order of the account, newest first (none for an order not its own). */
export async function orderFills(caller: KeyCaller, orderId: number): Promise<OrderFillView[]> {
  const deals = await trading.orderDeals(caller, orderId);
  return deals.map(({ id, time, price, amount, deal, fee, feeAsset, role, rpi }) => ({
    id,
    time,
    price,
    amount,
    deal,
    fee,
    feeAsset,
    role,
    ...(rpi === undefined ? {} : { rpi }),
  }));
}

/**
 * The account's own maker and taker rates on `market` in an answer of `market/fee`: the market's own
 * where the exchange names them, else the account's default for its kind (futures, or spot and margin).
 */
export function ratesFor(fees: trading.MarketFees, market: string, futures: boolean): FeeRatesView {
  const own = fees.custom_fee[market];
  const premium = futures ? fees.futures_rpi_maker_fee_premium : fees.rpi_maker_fee_premium;
  const [maker, taker] = own
    ? [own.maker, own.taker]
    : futures
      ? [fees.futures_maker, fees.futures_taker]
      : [fees.maker, fees.taker];
  return { market, maker, taker, own: own !== undefined, ...(premium ? { rpiMakerPremium: premium } : {}) };
}

/** The account's own rates on `market`, read from the exchange now. */
export async function feeRates(caller: KeyCaller, market: string, futures: boolean): Promise<FeeRatesView> {
  return ratesFor(await trading.marketFees(caller), market, futures);
}

/** Spot trade balances of an account. */
export function spotBalances(
  caller: KeyCaller,
): Promise<Record<string, { available: string; freeze: string }>> {
  return trading.tradeBalance(caller);
}

/** The exchange's per-order code of a bulk cancel for an order that is not open (any more). */
const NOT_FOUND = 404;

/**
 * Cancels every open order of `market` over REST (all pages), up to 100 in one request, for work
 * already confirmed as a whole (the desk's bulk actions). Each order's refusal is kept with it and
 * the rest go on; an order the exchange no longer has open (filled or cancelled meanwhile) is
 * neither cancelled here nor left.
 */
export async function cancelEach(
  caller: KeyCaller,
  market: string,
): Promise<{ cancelled: number[]; failed: Array<{ orderId: number; error: IpcError }> }> {
  const cancelled: number[] = [];
  const failed: Array<{ orderId: number; error: IpcError }> = [];
  const tried = new Set<number>();
  // The exchange lists at most 100 open orders at a time: read again until none is left untried.
  for (;;) {
    const open = (await trading.activeOrders(caller, { market, limit: CANCEL_BULK_MAX })).filter(
      (o) => !tried.has(o.orderId),
    );
    if (open.length === 0) break;
    for (const o of open) tried.add(o.orderId);
    let answers: Awaited<ReturnType<typeof trading.cancelOrders>>;
    try {
      answers = await trading.cancelOrders(
        caller,
        open.map((o) => ({ market, orderId: o.orderId })),
      );
    } catch (error) {
      const refused = itemFailure(error, 'These orders could not be cancelled; the details are in the log.');
      failed.push(...open.map((o) => ({ orderId: o.orderId, error: refused })));
      continue;
    }
    for (const [i, o] of open.entries()) {
      const answer = answers[i];
      if (answer?.result) cancelled.push(o.orderId);
      else if (answer?.error?.code !== NOT_FOUND)
        failed.push({
          orderId: o.orderId,
          error: itemFailure(
            classifyResponse(422, answer?.error ?? {}),
            'This order could not be cancelled; the details are in the log.',
          ),
        });
    }
  }
  return { cancelled, failed };
}
