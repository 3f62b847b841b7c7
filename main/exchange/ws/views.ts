/**
 * Each WebSocket push read once, in main, into the plain view the renderer and services use: one
 * reader per channel. A push not in its channel's shape reads as undefined (the caller drops it).
 */
import type {
  AdlRankView,
  CandleView,
  LevelView,
  LiveBorrowView,
  LiveDealView,
  LiveEvent,
  LiveTradeView,
} from '../../domains/live/views.ts';
import type { OrderView } from '../../domains/orders/views.ts';
import type { PositionView } from '../../domains/positions/views.ts';
import type { Channel, WsOrder } from './channels.ts';

type Fields = Record<string, unknown>;

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const fields = (v: unknown): Fields | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Fields) : undefined;
const side = (v: unknown): 'buy' | 'sell' | undefined => (v === 'buy' || v === 'sell' ? v : undefined);
const list = (v: unknown): unknown[] | undefined => (Array.isArray(v) ? v : undefined);

/** A WebSocket order in the REST order shape the renderer shows. */
export function orderView(o: WsOrder): OrderView {
  return {
    orderId: o.id,
    clientOrderId: o.client_order_id,
    market: o.market,
    side: o.side,
    type: o.type,
    timestamp: o.ctime,
    amount: o.amount,
    left: o.left,
    dealStock: o.deal_stock,
    dealMoney: o.deal_money,
    dealFee: o.deal_fee,
    status: o.status,
    ...(o.price === undefined ? {} : { price: o.price }),
    ...(o.activation_price === undefined ? {} : { activation_price: o.activation_price }),
    ...(o.position_side === undefined ? {} : { positionSide: o.position_side }),
    ...(typeof o.reduce_only === 'boolean' ? { reduceOnly: o.reduce_only } : {}),
  };
}

/** An order object of a push, when it has the fields an order view needs. */
function pushedOrder(v: unknown): OrderView | undefined {
  const o = fields(v);
  if (!o || num(o['id']) === undefined || !text(o['market']) || !side(o['side'])) return undefined;
  for (const key of ['type', 'amount', 'left', 'deal_stock', 'deal_money', 'deal_fee'])
    if (text(o[key]) === undefined) return undefined;
  // Checked above or defaulted here; optional fields that are not text are left out.
  return orderView({
    ...o,
    client_order_id: text(o['client_order_id']) ?? '',
    ctime: num(o['ctime']) ?? 0,
    status: text(o['status']) ?? '',
    ...(text(o['price']) === undefined ? { price: undefined } : {}),
    ...(text(o['activation_price']) === undefined ? { activation_price: undefined } : {}),
    ...(text(o['position_side']) === undefined ? { position_side: undefined } : {}),
  } as WsOrder);
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
  const s = side(t?.['type']);
  return id !== undefined && time !== undefined && price && amount && s
    ? { id, time, price, amount, side: s }
    : undefined;
}

/** A `deals` push (positional) as the deal view; undefined when a field is missing or malformed. */
export function pushedDeal(p: unknown[]): LiveDealView | undefined {
  const [id, time, market, orderId, price, amount, fee, clientOrderId, s, role, feeAsset] = p;
  const d = {
    id: num(id),
    time: num(time),
    market: text(market),
    orderId: num(orderId),
    price: text(price),
    amount: text(amount),
    fee: text(fee),
    clientOrderId: text(clientOrderId) ?? '',
    side: side(s),
    role: role === 1 || role === 2 ? role : undefined,
    feeAsset: text(feeAsset) ?? '',
  };
  return Object.values(d).every((x) => x !== undefined) ? (d as LiveDealView) : undefined;
}

/** A `positionsMargin` record (snake_case) as the open-position view; undefined without its basics. */
export function pushedPosition(v: unknown): PositionView | undefined {
  const r = fields(v);
  const id = num(r?.['position_id']);
  const market = text(r?.['market']);
  const amount = text(r?.['amount']);
  if (!r || id === undefined || !market || amount === undefined) return undefined;
  const view: PositionView = {
    positionId: id,
    market,
    amount,
    basePrice: text(r['base_price']) ?? null,
    liquidationPrice: text(r['liquidation_price']) ?? null,
  };
  const positionSide = text(r['position_side']);
  if (positionSide) view.positionSide = positionSide;
  const extras = {
    pnl: 'pnl',
    pnlPercent: 'pnl_percent',
    margin: 'margin',
    realizedFunding: 'realized_funding',
  };
  for (const [key, raw] of Object.entries(extras) as Array<[keyof typeof extras, string]>) {
    const value = text(r[raw]);
    if (value !== undefined) view[key] = value;
  }
  const openDate = num(r['open_date']);
  const modifyDate = num(r['modify_date']);
  if (openDate !== undefined) view.openDate = openDate;
  if (modifyDate !== undefined) view.modifyDate = modifyDate;
  const state = r['liquidation_state'];
  if (state === null || typeof state === 'string') view.liquidationState = state;
  return view;
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

/** ADL ranks of a push or of an `ADLQuantile_request` answer; undefined when `records` is no list. */
export function adlRanks(v: unknown): AdlRankView[] | undefined {
  const records = list(fields(v)?.['records']);
  return records?.flatMap((item) => {
    const r = fields(item);
    const market = text(r?.['market']);
    const quantile = num(r?.['quantile']);
    return market && quantile !== undefined
      ? [{ market, positionSide: text(r?.['position_side']) ?? 'BOTH', quantile }]
      : [];
  });
}

function balances<T>(v: unknown, read: (entry: Fields) => T | undefined): Record<string, T> | undefined {
  const all = fields(v);
  if (!all) return undefined;
  const out: Record<string, T> = {};
  for (const [ticker, entry] of Object.entries(all)) {
    const f = fields(entry);
    const value = f && read(f);
    if (value === undefined) return undefined;
    out[ticker] = value;
  }
  return out;
}

const ORDER_EVENTS = { 1: 'new', 2: 'update', 3: 'finish' } as const;

/** A push of `channel` as its view, or undefined when it is not in the channel's shape. */
export function livePush(channel: Channel, params: unknown): LiveEvent | undefined {
  const p = list(params) ?? [];
  switch (channel) {
    case 'lastprice': {
      const [market, price] = [text(p[0]), text(p[1])];
      return market && price ? { channel, market, price } : undefined;
    }
    case 'trades': {
      const market = text(p[0]);
      const rows = list(p[1])?.map(trade);
      return market && rows && rows.every((t) => t !== undefined)
        ? { channel, market, trades: rows }
        : undefined;
    }
    case 'depth': {
      const book = fields(p[1]);
      const market = text(p[2]);
      const asks = levels(book?.['asks']);
      const bids = levels(book?.['bids']);
      if (!book || !market || !asks || !bids || typeof p[0] !== 'boolean') return undefined;
      const updateId = num(book['update_id']);
      const pastUpdateId = num(book['past_update_id']);
      return {
        channel,
        market,
        full: p[0],
        asks,
        bids,
        ...(updateId === undefined ? {} : { updateId }),
        ...(pastUpdateId === undefined ? {} : { pastUpdateId }),
      };
    }
    case 'premiumIndex': {
      const market = text(p[0]);
      const body = fields(p[1]);
      const markPrice = text(body?.['mark_price']);
      if (!market || !body || !markPrice) return undefined;
      const optional = {
        indexPrice: text(body['index_price']),
        fundingRate: text(body['funding_rate']),
        nextFundingTime: num(body['next_funding_time']),
        time: num(body['time']),
      };
      return {
        channel,
        market,
        markPrice,
        ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
      };
    }
    case 'bookTicker': {
      const market = text(p[0]);
      const b = fields(p[1]);
      const [bid, bidSize, ask, askSize] = ['bid', 'bid_size', 'ask', 'ask_size'].map((k) => text(b?.[k]));
      const time = num(b?.['time']);
      return market && bid && bidSize && ask && askSize
        ? { channel, market, bid, bidSize, ask, askSize, ...(time === undefined ? {} : { time }) }
        : undefined;
    }
    case 'balanceSpot': {
      const all = balances(p[0], (f) => {
        const available = text(f['available']);
        const freeze = text(f['freeze']);
        return available !== undefined && freeze !== undefined ? { available, freeze } : undefined;
      });
      return all ? { channel, balances: all } : undefined;
    }
    case 'balanceMargin': {
      const all = balances(p[0], (f) =>
        Object.values(f).every((v) => typeof v === 'string') ? (f as Record<string, string>) : undefined,
      );
      return all ? { channel, balances: all } : undefined;
    }
    case 'ordersPending': {
      const event = p[0] === 1 || p[0] === 2 || p[0] === 3 ? ORDER_EVENTS[p[0]] : undefined;
      const order = pushedOrder(p[1]);
      return event && order ? { channel, event, order } : undefined;
    }
    case 'ordersExecuted': {
      const order = pushedOrder(p[0]);
      return order ? { channel, order } : undefined;
    }
    case 'deals': {
      const d = pushedDeal(p);
      return d ? { channel, deal: d } : undefined;
    }
    case 'positionsMargin': {
      const body = fields(params);
      const rows = list(body?.['records'])?.map(pushedPosition);
      if (!rows || !rows.every((r) => r !== undefined)) return undefined;
      return { channel, total: num(body?.['total']) ?? rows.length, records: rows };
    }
    case 'ADLQuantile': {
      const records = adlRanks(params);
      return records ? { channel, records } : undefined;
    }
    case 'market': {
      const market = text(p[0]);
      const s = fields(p[1]);
      const figures = ['last', 'open', 'close', 'high', 'low', 'volume', 'deal'].map((k) => text(s?.[k]));
      const [last, open, close, high, low, volume, deal] = figures;
      if (!market || !last || !open || !close || !high || !low || !volume || !deal) return undefined;
      return {
        channel,
        market,
        period: num(s?.['period']) ?? 86_400,
        last,
        open,
        close,
        high,
        low,
        volume,
        deal,
      };
    }
    case 'borrowsMargin': {
      const body = fields(params);
      const rows = list(body?.['records'])?.map(pushedBorrow);
      if (!rows || !rows.every((r) => r !== undefined)) return undefined;
      return { channel, total: num(body?.['total']) ?? rows.length, records: rows };
    }
    case 'candles': {
      const rows = candleRows(params);
      return rows && rows.market ? { channel, ...rows } : undefined;
    }
  }
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
