import type { OrderFillView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { ReplyGuard } from './reply-guard.ts';

/**
 * The fills of the one order opened in a list of orders (`orders.deals`): opening another order closes
 * the first, opening the same one again closes it; an answer for an order no longer open is dropped.
 */
export class OrderFills {
  /** The order whose fills are shown (undefined: none). */
  orderId = $state<number | undefined>();
  fills = $state.raw<OrderFillView[]>([]);
  loading = $state(false);
  error = $state<IpcError | undefined>();
  readonly #api: TxcApi;
  readonly #reads = new ReplyGuard();
  #account = '';

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** Shows the fills of `orderId` of `account`, or closes them when they are the ones shown. */
  async toggle(account: string, orderId: number): Promise<void> {
    if (this.orderId === orderId && this.#account === account) {
      this.close();
      return;
    }
    this.#account = account;
    this.orderId = orderId;
    await this.load();
  }

  /** Reads the open order's fills again (its list changed, or the read failed). */
  async load(): Promise<void> {
    const [account, orderId] = [this.#account, this.orderId];
    if (!account || orderId === undefined) return;
    const asked = this.#reads.next();
    this.loading = true;
    this.error = undefined;
    const reply = await this.#api.orders.deals({ accountId: account, orderId });
    if (asked.stale) return;
    this.loading = false;
    this.fills = reply.ok ? reply.value : [];
    this.error = reply.ok ? undefined : reply.error;
  }

  /** Nothing open any more (the account or market changed, or the person closed it). */
  close(): void {
    this.#reads.dropAll();
    this.orderId = undefined;
    this.fills = [];
    this.loading = false;
    this.error = undefined;
  }
}
