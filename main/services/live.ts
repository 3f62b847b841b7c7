/**
 * Live data for the renderer: one WebSocket client per account (connected on first use, re-authorized
 * with a fresh token on every connect), one server subscription per channel and topic however many
 * views listen, and pushes coalesced per account before they cross the bridge as `ws.batch` events.
 */
import { randomUUID } from 'node:crypto';
import * as profile from '../exchange/endpoints/profile.ts';
import {
  placeOrderWs,
  PushCoalescer,
  WsClients,
  type Channel,
  type WsClient,
  type WsOrder,
} from '../exchange/ws/index.ts';
import { placeTpSlWs, type TpSlPosition, type TpSlRequest } from '../exchange/ws/tpsl.ts';
import type { OrderView } from '../ipc/contract.ts';
import { UserFacingError } from '../ipc/errors.ts';
import type { OrderDraft } from '../rules/index.ts';
import { newClientOrderId } from './trading.ts';
import type { MarketCatalog } from './market-catalog.ts';
import type { EventHub } from '../ipc/event-hub.ts';
import type { Logger } from '../log.ts';
import type { AccountService } from './accounts.ts';

export class LiveService {
  readonly #clients: WsClients;
  readonly #coalescers = new Map<string, PushCoalescer>();
  readonly #subscriptions = new Map<string, { account: string; stop: () => void }>();
  readonly #events: EventHub;

  constructor(wsUrl: string, accounts: AccountService, events: EventHub, log: Logger) {
    this.#events = events;
    this.#clients = new WsClients((account) => ({
      url: wsUrl,
      token: async () => profile.websocketToken(await accounts.caller(account)),
      onState: (state) => events.emit('ws.state', { accountId: account, state }),
      onError: (error) => log.log('warn', `WebSocket of ${account}`, error),
    }));
  }

  #client(account: string): WsClient {
    const client = this.#clients.get(account);
    client.start();
    return client;
  }

  #coalescer(account: string): PushCoalescer {
    let coalescer = this.#coalescers.get(account);
    if (!coalescer) {
      coalescer = new PushCoalescer({
        sink: (batch) => this.#events.emit('ws.batch', { accountId: account, ...batch }),
      });
      this.#coalescers.set(account, coalescer);
    }
    return coalescer;
  }

  /** Starts listening; pushes arrive as `ws.batch` events. Returns the id that stops it. */
  subscribe(account: string, channel: Channel, topic: string): string {
    const coalescer = this.#coalescer(account);
    const stop = this.#client(account).subscribe(channel, topic, (params) => coalescer.add(channel, params));
    const id = randomUUID();
    this.#subscriptions.set(id, { account, stop });
    return id;
  }

  /**
   * Places an order over the account's WebSocket instead of REST, after the same pre-trade checks,
   * with a generated client order id when none is given. Answers the order in the REST shape.
   */
  async placeOrder(account: string, draft: OrderDraft, catalog: MarketCatalog): Promise<OrderView> {
    const market = draft.market ? await catalog.get(draft.market) : undefined;
    if (!market)
      throw new UserFacingError(
        'rule_violation',
        `market ${draft.market ?? '(none)'} is not listed by the exchange`,
        'market',
      );
    const client = this.#client(account);
    await client.live();
    const order = await placeOrderWs(
      client,
      { ...draft, clientOrderId: draft.clientOrderId || newClientOrderId() },
      market,
    );
    return restShape(order);
  }

  /**
   * Adds take-profit / stop-loss legs to an open position over the account's WebSocket, after the
   * price rules; answers each leg placed in the REST order shape.
   */
  async addTpSl(
    account: string,
    request: TpSlRequest,
    catalog: MarketCatalog,
    position: TpSlPosition,
  ): Promise<{ takeProfit?: OrderView; stopLoss?: OrderView }> {
    const market = await catalog.get(request.market);
    if (!market)
      throw new UserFacingError(
        'rule_violation',
        `market ${request.market} is not listed by the exchange`,
        'market',
      );
    const client = this.#client(account);
    await client.live();
    const legs = await placeTpSlWs(client, request, market, position);
    return {
      ...(legs.takeProfit ? { takeProfit: restShape(legs.takeProfit) } : {}),
      ...(legs.stopLoss ? { stopLoss: restShape(legs.stopLoss) } : {}),
    };
  }

  /**
   * The ADL rank of each open futures position now (`ADLQuantile_request`), for a view that starts
   * listening while the channel is already subscribed and its next push is up to 30 s away.
   */
  async adlRanks(
    account: string,
  ): Promise<Array<{ market: string; positionSide: string; quantile: number }>> {
    const client = this.#client(account);
    await client.live();
    const answer = await client.request<{ records?: unknown }>('ADLQuantile_request', []);
    const records = Array.isArray(answer.records) ? (answer.records as Array<Record<string, unknown>>) : [];
    return records.flatMap((r) =>
      typeof r['market'] === 'string' && typeof r['quantile'] === 'number'
        ? [
            {
              market: r['market'],
              positionSide: typeof r['position_side'] === 'string' ? r['position_side'] : 'BOTH',
              quantile: r['quantile'],
            },
          ]
        : [],
    );
  }

  unsubscribe(id: string): boolean {
    const sub = this.#subscriptions.get(id);
    if (!sub) return false;
    sub.stop();
    this.#subscriptions.delete(id);
    return true;
  }

  stop(): void {
    for (const sub of this.#subscriptions.values()) sub.stop();
    this.#subscriptions.clear();
    for (const c of this.#coalescers.values()) c.flush();
    this.#clients.stopAll();
  }
}

/** A WebSocket order in the REST order shape the renderer shows. */
function restShape(o: WsOrder): OrderView {
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
  };
}
