/**
 * Each WebSocket push read once, in main, into the plain views the renderer and services use: one
 * reader per channel, in the shapes the exchange publishes (numbers become words in `codes.ts`, the
 * records inside a push are read in `records.ts`). A push not in its channel's shape reads as
 * undefined: the caller counts it as unreadable (`WsClient.unreadable`), it is never guessed at.
 */
import type {
  AdlRankView,
  CandleView,
  LevelView,
  LiveBorrowView,
  LiveEvent,
  LiveTradeView,
} from '../records.ts';
import type { OrderView } from '../records.ts';
import type { Channel } from './channels.ts';
import { unexpectedAnswer } from './errors.ts';
import { marginEventWord, orderEventWord, sideWord } from '../codes.ts';
import {
  fields,
  list,
  num,
  readDealPush,
  readMarginBalances,
  readOrder,
  readPosition,
  text,
  type Fields,
} from './records.ts';

export { readDealPush, readOrder, readPosition } from './records.ts';

/**
 * The order an order method answered (`*_place`, `order_modify`, `order_cancel`), as the REST order
 * view; an answer not in the order shape is refused, never shown half-read.
 */
export function orderView(answer: unknown, method = 'an order method'): OrderView {
  const view = readOrder(answer);
  if (!view) throw unexpectedAnswer(method);
  return view;
}

function levels(v: unknown): LevelView[] | undefined {
  const rows = list(v ?? []);
  if (!rows) return undefined;
  const out: LevelView[] = [];
  for (const row of rows) {
    const pair = list(row);
    const price = text(pair?.[0]);
    const amount = text(pair?.[1]);
    if (price === undefined || amount === undefined) return undefined;
    out.push([price, amount]);
  }
  return out;
}

function trade(v: unknown): LiveTradeView | undefined {
  const t = fields(v);
  const id = num(t?.['id']);
  const time = num(t?.['time']);
  const price = text(t?.['price']);
  const amount = text(t?.['amount']);
  const s = sideWord(t?.['type']);
  return id !== undefined && time !== undefined && price && amount && s
    ? { id, time, price, amount, side: s }
    : undefined;
}

/** A `trades_request` answer: the market's trades, newest first; undefined when one is not in its shape. */
export function tradeRows(v: unknown): LiveTradeView[] | undefined {
  return all(list(v), trade)?.sort((a, b) => b.time - a.time || b.id - a.id);
}

/** One candles row `[time, open, close, high, low, volume_stock, volume_money, market]` with its market. */
function candle(v: unknown): { market: string; candle: CandleView } | undefined {
  const r = list(v);
  const time = num(r?.[0]);
  const [open, close, high, low, volume, quoteVolume, market] = [1, 2, 3, 4, 5, 6, 7].map((i) =>
    text(r?.[i]),
  );
  if (time === undefined || !open || !close || !high || !low || !volume || !quoteVolume || !market)
    return undefined;
  return { market, candle: { time, open, high, low, close, volume, quoteVolume } };
}

/**
 * Rows of a `candles_request` answer or a `candles_update` push as candle views, oldest first;
 * undefined when a row is malformed or the rows name more than one market.
 */
export function candleRows(v: unknown): { market: string; candles: CandleView[] } | undefined {
  const rows = list(v)?.map(candle);
  if (!rows || !rows.every((r) => r !== undefined)) return undefined;
  const market = rows[0]?.market ?? '';
  if (rows.some((r) => r.market !== market)) return undefined;
  return { market, candles: rows.map((r) => r.candle).sort((a, b) => a.time - b.time) };
}

const quantile = (v: unknown): number | null | undefined =>
  v === null
    ? null
    : Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 4
      ? (v as number)
      : undefined;

/**
 * ADL ranks of an `ADLQuantile_update` push (or `_request` answer): `[[market, quantile_long,
 * quantile_short], ...]`, a side without exposure null; one rank per side with exposure. Undefined
 * when a row is not in that shape.
 */
export function adlRanks(v: unknown): AdlRankView[] | undefined {
  const rows = list(v);
  if (!rows) return undefined;
  const out: AdlRankView[] = [];
  for (const row of rows) {
    const r = list(row);
    const market = text(r?.[0]);
    const long = quantile(r?.[1]);
    const short = quantile(r?.[2]);
    if (!market || long === undefined || short === undefined) return undefined;
    if (long !== null) out.push({ market, positionSide: 'LONG', quantile: long });
    if (short !== null) out.push({ market, positionSide: 'SHORT', quantile: short });
  }
  return out;
}

type PremiumEvent = Extract<LiveEvent, { channel: 'premiumIndex' }>;

/** `[market, mark_price, index_price, funding_rate, next_funding_time, server_time?]`. */
function premium(v: unknown): PremiumEvent | undefined {
  const r = list(v);
  const market = text(r?.[0]);
  const markPrice = text(r?.[1]);
  if (!r || !market || !markPrice) return undefined;
  const optional = {
    indexPrice: text(r[2]),
    fundingRate: text(r[3]),
    nextFundingTime: num(r[4]),
    time: num(r[5]),
  };
  return {
    channel: 'premiumIndex',
    market,
    markPrice,
    ...Object.fromEntries(Object.entries(optional).filter(([, x]) => x !== undefined)),
  };
}

type BookTickerEvent = Extract<LiveEvent, { channel: 'bookTicker' }>;

/** `[transaction_time, message_time, market, update_id, bid, bid_amount, ask, ask_amount]`. */
function bookTicker(v: unknown): BookTickerEvent | undefined {
  const r = list(v);
  const market = text(r?.[2]);
  const [bid, bidSize, ask, askSize] = [4, 5, 6, 7].map((i) => text(r?.[i]));
  const time = num(r?.[0]);
  if (!market || !bid || !bidSize || !ask || !askSize) return undefined;
  return {
    channel: 'bookTicker',
    market,
    bid,
    bidSize,
    ask,
    askSize,
    ...(time === undefined ? {} : { time }),
  };
}

/** Every item read by `read`, or undefined when one is not in its shape. */
function all<T>(items: unknown[] | undefined, read: (v: unknown) => T | undefined): T[] | undefined {
  const out = items?.map(read);
  return out && out.every((x) => x !== undefined) ? (out as T[]) : undefined;
}

function spotBalances(v: unknown): Record<string, { available: string; freeze: string }> | undefined {
  const entries = fields(v);
  if (!entries) return undefined;
  const out: Record<string, { available: string; freeze: string }> = {};
  for (const [ticker, entry] of Object.entries(entries)) {
    const f: Fields | undefined = fields(entry);
    const available = text(f?.['available']);
    const freeze = text(f?.['freeze']);
    if (available === undefined || freeze === undefined) return undefined;
    out[ticker] = { available, freeze };
  }
  return out;
}

/** `{total, records}` of positionsMargin and borrowsMargin. */
function snapshot<T>(
  params: unknown,
  read: (v: unknown) => T | undefined,
): { total: number; records: T[] } | undefined {
  const body = fields(params);
  const records = all(list(body?.['records']), read);
  return records ? { total: num(body?.['total']) ?? records.length, records } : undefined;
}

/**
 * A push of `channel` as its views (several where one push carries several markets, as the
 * all-markets `premiumIndex` does), or undefined when it is not in the channel's shape.
 */
export function liveEvents(channel: Channel, params: unknown): LiveEvent[] | undefined {
  const p = list(params) ?? [];
  const one = (event: LiveEvent | undefined): LiveEvent[] | undefined => (event ? [event] : undefined);
  switch (channel) {
    case 'lastprice': {
      const [market, price] = [text(p[0]), text(p[1])];
      return one(market && price ? { channel, market, price } : undefined);
    }
    case 'trades': {
      const market = text(p[0]);
      const rows = all(list(p[1]), trade);
      return one(market && rows ? { channel, market, trades: rows } : undefined);
    }
    case 'depth': {
      const book = fields(p[1]);
      const market = text(p[2]);
      const asks = levels(book?.['asks']);
      const bids = levels(book?.['bids']);
      if (!book || !market || !asks || !bids || typeof p[0] !== 'boolean') return undefined;
      const updateId = num(book['update_id']);
      // `past_update_id` as published; one older page of the documentation spells it `post_update_id`
      const pastUpdateId = num(book['past_update_id'] ?? book['post_update_id']);
      return one({
        channel,
        market,
        full: p[0],
        asks,
        bids,
        ...(updateId === undefined ? {} : { updateId }),
        ...(pastUpdateId === undefined ? {} : { pastUpdateId }),
      });
    }
    case 'premiumIndex':
      // one market per push `[market, ...]`, or every market in one push `[[market, ...], ...]`
      return typeof p[0] === 'string' ? one(premium(p)) : all(p, premium);
    case 'bookTicker':
      return all(list(params), bookTicker);
    case 'balanceSpot': {
      const balances = spotBalances(p[0]);
      return one(balances ? { channel, balances } : undefined);
    }
    case 'balanceMargin': {
      const balances = readMarginBalances(params);
      return one(balances ? { channel, balances } : undefined);
    }
    case 'ordersPending': {
      const event = orderEventWord(p[0]);
      const order = readOrder(p[1]);
      return one(event && order ? { channel, event, order } : undefined);
    }
    case 'ordersExecuted': {
      const order = readOrder(p[0]);
      return one(order ? { channel, order } : undefined);
    }
    case 'deals': {
      const deal = readDealPush(p);
      return one(deal ? { channel, deal } : undefined);
    }
    case 'positionsMargin': {
      const body = snapshot(params, readPosition);
      return one(body ? { channel, ...body } : undefined);
    }
    case 'positionsAccountMargin': {
      const event = marginEventWord(p[0]);
      const position = readPosition(p[1]);
      return one(event && position ? { channel, event, position } : undefined);
    }
    case 'ADLQuantile': {
      const records = adlRanks(params);
      return one(records ? { channel, records } : undefined);
    }
    case 'market': {
      const market = text(p[0]);
      const s = fields(p[1]);
      const figures = ['last', 'open', 'close', 'high', 'low', 'volume', 'deal'].map((k) => text(s?.[k]));
      const [last, open, close, high, low, volume, deal] = figures;
      if (!market || !last || !open || !close || !high || !low || !volume || !deal) return undefined;
      const period = num(s?.['period']) ?? 86_400;
      return one({ channel, market, period, last, open, close, high, low, volume, deal });
    }
    case 'borrowsMargin': {
      const body = snapshot(params, pushedBorrow);
      return one(body ? { channel, ...body } : undefined);
    }
    case 'candles': {
      const rows = candleRows(params);
      return one(rows && rows.market ? { channel, ...rows } : undefined);
    }
  }
}

/** A push that carries one view (every channel but the all-markets `premiumIndex`): that view. */
export function livePush(channel: Channel, params: unknown): LiveEvent | undefined {
  const events = liveEvents(channel, params);
  return events?.length === 1 ? events[0] : undefined;
}

/** A `borrowsMargin` record as the borrow view; undefined without its asset and amount. */
function pushedBorrow(v: unknown): LiveBorrowView | undefined {
  const r = fields(v);
  const asset = text(r?.['asset']);
  const amount = text(r?.['amount']);
  if (!r || !asset || amount === undefined) return undefined;
  return {
    asset,
    amount,
    createdAt: num(r['ctime']) ?? 0,
    updatedAt: num(r['mtime']) ?? 0,
    unrealizedFunding: text(r['unrealized_funding']) ?? '0',
    liquidationPrice: text(r['liq_price']) ?? '',
  };
}

/** The market a view is about ('' for account-wide ones): where a newer push replaces an older. */
export function eventTopic(event: LiveEvent): string {
  return 'market' in event ? event.market : '';
}
