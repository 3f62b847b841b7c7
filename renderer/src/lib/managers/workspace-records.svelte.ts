import type { DealView, LiveEvent, OrderView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { OrderFills } from './order-fills.svelte.ts';
import { ReplyGuard, type Asked } from './reply-guard.ts';

/** How long the dock waits after a fill or a finished order before it reads the records again. */
export const RELOAD_DELAY_MS = 400;

/**
 * The workspace dock's records of one account and market: finished orders (filled and cancelled,
 * `orders.history`) and fills (`orders.fills`), read again shortly after a push says one changed;
 * and the fills of the one order opened among them (`orderFills`).
 */
export class WorkspaceRecords {
  finished = $state.raw<OrderView[]>([]);
  fills = $state.raw<DealView[]>([]);
  loading = $state(false);
  error = $state<IpcError | undefined>();
  account = '';
  market = '';
  /** The fills of the order opened in the history (or the open orders), read again with the records. */
  readonly orderFills: OrderFills;
  readonly #api: TxcApi;
  readonly #reads = new ReplyGuard();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stop: (() => void) | undefined;
  #subscription: string | undefined;

  constructor(api: TxcApi) {
    this.#api = api;
    this.orderFills = new OrderFills(api);
  }

  async follow(account: string, market: string): Promise<void> {
    this.stop();
    const asked = this.#reads.next();
    this.account = account;
    this.market = market;
    this.finished = [];
    this.fills = [];
    this.error = undefined;
    if (!account || !market) return;
    this.#stop = this.#api.on('ws.batch', (batch) => {
      if (batch.accountId === this.account && batch.events.some((e) => this.#concerns(e))) this.#soon();
    });
    const [sub] = await Promise.all([
      this.#api.live.subscribe({ accountId: account, channel: 'deals', topic: market }),
      this.load(asked),
    ]);
    if (!sub.ok) return;
    if (!asked.stale) this.#subscription = sub.value;
    else void this.#api.live.unsubscribe({ id: sub.value });
  }

  #concerns(e: LiveEvent): boolean {
    if (e.channel === 'deals') return e.deal.market === this.market;
    if (e.channel === 'ordersPending') return e.event === 'finish' && e.order.market === this.market;
    if (e.channel === 'ordersExecuted') return e.order.market === this.market;
    return false;
  }

  #soon(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.load();
    }, RELOAD_DELAY_MS);
  }

  async load(asked: Asked = this.#reads.newest()): Promise<void> {
    const { account, market } = this;
    if (!account || !market) return;
    this.loading = true;
    const [finished, fills] = await Promise.all([
      this.#api.orders.history({ accountId: account, market }),
      this.#api.orders.fills({ accountId: account, market }),
    ]);
    if (asked.stale) return;
    this.loading = false;
    this.error = !finished.ok ? finished.error : !fills.ok ? fills.error : undefined;
    if (finished.ok) this.finished = finished.value;
    if (fills.ok) this.fills = fills.value;
    // a fill of the opened order may be among the new ones
    if (this.orderFills.orderId !== undefined) await this.orderFills.load();
  }

  /** The exchange answers again: records that could not be read, or followed, are again. */
  async recover(): Promise<void> {
    if (!this.account || !this.market) return;
    if (!this.#subscription) await this.follow(this.account, this.market);
    else await this.load();
  }

  stop(): void {
    this.#reads.dropAll();
    this.orderFills.close();
    this.#stop?.();
    this.#stop = undefined;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    const id = this.#subscription;
    this.#subscription = undefined;
    if (id) void this.#api.live.unsubscribe({ id });
  }
}
