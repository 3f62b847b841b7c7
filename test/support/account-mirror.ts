/**
 * A reference mirror for tests of the WebSocket client's reconnect contract (the app itself re-queries
 * its views by REST after a reconnect; see ActiveOrders): the account as the client knows it: open orders, spot balances, open positions and the deals it
 * holds. Pushes keep it current; after every (re)connect a REST reconciliation replaces orders,
 * balances and positions and adds the deals executed since the last one seen, deduplicated by id.
 */
import { activeOrders, executedDealsByMarket, tradeBalance } from '../../main/exchange/endpoints/trading.ts';
import type { Deal } from '../../main/exchange/endpoints/trading.ts';
import { openPositions } from '../../main/exchange/endpoints/collateral.ts';
import type { KeyCaller } from '../../main/exchange/endpoints/shapes.ts';
import type { WsClient } from '../../main/exchange/ws/client.ts';
import type { LiveDealView } from '../../main/views/live.ts';
import type { OrderView } from '../../main/views/orders.ts';
import { readDealPush, readOrder, readPosition } from '../../main/exchange/ws/views.ts';

export interface MirrorOrder {
  id: number;
  market: string;
  side: string;
  type: string;
  amount: string;
  left: string;
  price?: string;
  clientOrderId: string;
  status: string;
}

/** A deal as the mirror keeps it: the live deal view (REST deals are read into the same shape). */
export type MirrorDeal = LiveDealView;

export interface MirrorPosition {
  market: string;
  amount: string;
  side: string;
}

const PAGE = 100;
const DEAL_PAGE = 500;

export class AccountMirror {
  readonly orders = new Map<number, MirrorOrder>();
  readonly balances = new Map<string, { available: string; freeze: string }>();
  readonly deals = new Map<number, MirrorDeal>();
  readonly positions = new Map<string, MirrorPosition>();
  /** Newest deal time seen (Unix seconds); reconciliation asks for deals from here on. */
  lastDealTime = 0;
  /** Deals that arrived twice (by push and by REST) and were kept once. */
  duplicateDeals = 0;
  reconciliations = 0;
  readonly #caller: KeyCaller;

  constructor(caller: KeyCaller) {
    this.#caller = caller;
  }

  /** Wires the mirror to a client: private channels for every market and REST after each connect. */
  attach(client: WsClient): () => void {
    const off = [
      client.subscribe('ordersPending', '*', ([event, order]) => this.applyOrder(event, readOrder(order))),
      client.subscribe('balanceSpot', '*', ([diff]) => {
        for (const [t, b] of Object.entries(diff))
          this.balances.set(t, { available: b.available, freeze: b.freeze });
      }),
      client.subscribe('deals', '*', (params) => {
        const d = readDealPush(params);
        if (d) this.addDeal(d);
      }),
      client.subscribe('positionsMargin', '*', (p) => {
        this.positions.clear();
        for (const record of p.records) {
          const r = readPosition(record);
          if (!r) continue;
          const side = r.positionSide ?? 'BOTH';
          this.positions.set(`${r.market}|${side}`, { market: r.market, amount: r.amount, side });
        }
      }),
      client.addReconciler(() => this.reconcile()),
    ];
    return () => {
      for (const f of off) f();
    };
  }

  /** An `ordersPending` push as the client reads it (an unreadable order changes nothing). */
  applyOrder(event: 1 | 2 | 3, o: OrderView | undefined): void {
    if (!o) return;
    if (event === 3) {
      this.orders.delete(o.orderId);
      return;
    }
    const out: MirrorOrder = {
      id: o.orderId,
      market: o.market,
      side: o.side,
      type: o.type,
      amount: o.amount,
      left: o.left,
      clientOrderId: o.clientOrderId,
      status: o.status ?? 'NEW',
    };
    if (o.price !== undefined) out.price = o.price;
    this.orders.set(o.orderId, out);
  }

  addDeal(d: MirrorDeal): void {
    if (this.deals.has(d.id)) {
      this.duplicateDeals++;
      return;
    }
    this.deals.set(d.id, d);
    if (d.time > this.lastDealTime) this.lastDealTime = d.time;
  }

  /** REST: active orders (all pages), balances, positions, and executed deals since the last seen. */
  async reconcile(): Promise<void> {
    const c = this.#caller;
    const orders: MirrorOrder[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await activeOrders(c, { limit: PAGE, offset });
      for (const o of page) {
        const m: MirrorOrder = {
          id: o.orderId,
          market: o.market,
          side: o.side,
          type: o.type,
          amount: o.amount,
          left: o.left,
          clientOrderId: o.clientOrderId,
          status: o.status ?? 'NEW',
        };
        if (o.price !== undefined) m.price = o.price;
        orders.push(m);
      }
      if (page.length < PAGE) break;
    }
    this.orders.clear();
    for (const o of orders) this.orders.set(o.id, o);
    const balances = await tradeBalance(c);
    this.balances.clear();
    for (const [t, b] of Object.entries(balances))
      this.balances.set(t, { available: b.available, freeze: b.freeze });
    const positions = await openPositions(c);
    this.positions.clear();
    for (const p of positions) {
      const side = p.positionSide ?? 'BOTH';
      this.positions.set(`${p.market}|${side}`, { market: p.market, amount: p.amount, side });
    }
    // a second of overlap: deals of the same second may have come after the last one seen
    const since = Math.max(0, Math.floor(this.lastDealTime) - 1);
    for (let offset = 0; ; offset += DEAL_PAGE) {
      const byMarket = await executedDealsByMarket(c, { startDate: since, limit: DEAL_PAGE, offset });
      let n = 0;
      for (const [market, list] of Object.entries(byMarket))
        for (const d of list) {
          n++;
          if (!this.deals.has(d.id)) this.addDeal(dealFromRest(market, d));
        }
      if (n < DEAL_PAGE) break;
    }
    this.reconciliations++;
  }
}

function dealFromRest(market: string, d: Deal): MirrorDeal {
  return {
    id: d.id,
    time: d.time,
    market,
    orderId: d.orderId,
    price: d.price,
    amount: d.amount,
    fee: d.fee,
    clientOrderId: d.clientOrderId,
    side: d.side,
    role: d.role,
    feeAsset: d.feeAsset,
  };
}
