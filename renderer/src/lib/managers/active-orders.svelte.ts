import type { KnownPushedView, OrderView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { legKinds, type LegKind } from '../format/tpsl.ts';
import { KillSwitchTimer } from './kill-switch.svelte.ts';
import { Known, recall } from './known.svelte.ts';
import { ReplyGuard } from './reply-guard.ts';

export const modifyFields = ['price', 'amount', 'activationPrice'] as const;
export type ModifyField = (typeof modifyFields)[number];
/**
 * The values of an open order that may change, as main lists them for its type (a take-profit /
 * stop-loss leg: only its trigger); for an order without that list, those it has.
 */
export function editableFields(order: OrderView): ModifyField[] {
  if (order.editable) return [...order.editable];
  const fields: ModifyField[] = [];
  if (order.price !== undefined) fields.push('price');
  fields.push('amount');
  if (order.activation_price !== undefined) fields.push('activationPrice');
  return fields;
}

/** The inline editor of one open order, as typed. */
export type OrderEdit = { orderId: number } & Record<ModifyField, string>;

/**
 * The open orders of one account on one market, kept by its pushes as main merged them (`known.pushed`
 * carries the whole list, and the positions whose legs they are): a push is never a reason to read
 * them again. Modify and cancel.
 */
export class ActiveOrders {
  /** The open orders with their age: the saved ones at once, then the exchange's. */
  readonly known = new Known<OrderView[]>();
  /** Which open orders are take-profit / stop-loss legs of a position (by order id). */
  legs = $state<Readonly<Record<number, LegKind>>>({});
  loading = $state(false);
  error = $state<IpcError | undefined>();
  cancelError = $state<{ orderId: number; error: IpcError } | undefined>();
  cancelling = $state<number[]>([]);
  /** The last order cancelled here that was an OCO leg: the exchange cancelled its other leg with it. */
  lastPairCancel = $state<{ orderId: number; otherOrderId: number } | undefined>();
  cancellingAll = $state(false);
  cancelAllError = $state<IpcError | undefined>();
  lastCancelAll = $state<{ cancelled: number; everywhere: boolean } | undefined>();
  modifying = $state<OrderEdit | undefined>();
  modifyError = $state<IpcError | undefined>();
  saving = $state(false);
  account = '';
  market = '';
  /** The market's kill switch (armed, counting down, disarmed), following the same account and market. */
  readonly killSwitch: KillSwitchTimer;
  /** Told of each order that left the book unfilled: cancelled here, or a finish pushed by the exchange. */
  onGone: ((orderId: number) => void) | undefined;
  readonly #api: TxcApi;
  #subscription: string | undefined;
  #stopBatch: (() => void) | undefined;
  #stopKnown: (() => void) | undefined;
  #stopState: (() => void) | undefined;
  /** The account's WebSocket went down since the last load: pushes were lost, nothing is replayed. */
  #missed = false;
  readonly #loads = new ReplyGuard();

  readonly #blockedBy: (account: string) => string | undefined;

  /** `blockedBy` says why an account's orders cannot be changed now (the exchange is unreachable). */
  constructor(api: TxcApi, blockedBy: (account: string) => string | undefined = () => undefined) {
    this.#api = api;
    this.killSwitch = new KillSwitchTimer(api);
    this.#blockedBy = blockedBy;
  }

  /** Why cancelling or modifying cannot be done now, in words; undefined when it can. */
  get blocked(): string | undefined {
    return this.#blockedBy(this.account);
  }

  /** The open orders shown: the exchange's, or the last known ones (empty while nothing is known). */
  get orders(): OrderView[] {
    return this.known.value ?? [];
  }

  async load(): Promise<void> {
    if (!this.account) return;
    const account = this.account;
    const market = this.market;
    // A push can start a load while another is out: only the latest answer counts.
    const asked = this.#loads.next();
    this.loading = true;
    const positions = this.#api.positions.open({ accountId: account, ...(market ? { market } : {}) });
    await this.known.load(
      `${account}\n${market}`,
      async () => (await recall(this.#api, 'orders.open', [account], market))[account],
      () => this.#api.orders.active({ accountId: account, ...(market ? { market } : {}) }),
    );
    const legs = await positions;
    if (asked.stale) return;
    this.loading = false;
    // Without the positions the legs still show, as the exchange's order type and reduce-only.
    this.legs = legs.ok ? legKinds(legs.value) : {};
    this.error = this.known.problem;
  }

  /** Follows an account and market: loads its orders and listens to its ordersPending pushes. */
  async follow(account: string, market: string): Promise<void> {
    const accountChanged = account !== this.account;
    this.account = account;
    this.market = market;
    this.modifying = undefined;
    this.cancelAllError = undefined;
    this.lastCancelAll = undefined;
    this.lastPairCancel = undefined;
    if (accountChanged) await this.#subscribe();
    await Promise.all([this.load(), this.killSwitch.follow(account, market)]);
  }

  async #subscribe(): Promise<void> {
    await this.stop();
    const account = this.account;
    if (!account) return;
    this.#stopBatch = this.#api.on('ws.batch', (batch) => {
      if (batch.accountId !== this.account) return;
      for (const e of batch.events)
        // A finish that is not a fill: cancelled elsewhere, or ended by the exchange.
        if (e.channel === 'ordersPending' && e.event === 'finish' && !/fill/i.test(e.order.status ?? ''))
          this.onGone?.(e.order.orderId);
    });
    this.#stopKnown = this.#api.on('known.pushed', (pushed) => this.#pushed(pushed));
    // After a reconnect (resubscribed, pushes flowing again) the list is read again by REST: orders
    // placed, filled or cancelled while the socket was down sent no push and none is replayed.
    this.#stopState = this.#api.on('ws.state', ({ accountId, state }) => {
      if (accountId !== this.account) return;
      if (state !== 'live') this.#missed = true;
      else if (this.#missed) {
        this.#missed = false;
        void this.load();
      }
    });
    const reply = await this.#api.live.subscribe({
      accountId: account,
      channel: 'ordersPending',
      topic: '*',
    });
    if (reply.ok) this.#subscription = reply.value;
  }

  /**
   * The account's open orders and positions as main merged its pushes: the market's list (kept under
   * the market, or the account's list narrowed to it) and the legs its positions name.
   */
  #pushed({ accountId, values, scoped }: KnownPushedView): void {
    if (accountId !== this.account) return;
    const market = this.market;
    const all = values['orders.open'];
    const orders = market
      ? (scoped?.['orders.open']?.[market] ?? all?.filter((o) => o.market === market))
      : all;
    if (orders) this.known.set(orders);
    const positions = values['positions.open'] ?? (market ? scoped?.['positions.open']?.[market] : undefined);
    if (positions) this.legs = legKinds(positions);
  }

  /** The exchange answers again: the list is read, and followed when its subscription was refused. */
  async recover(): Promise<void> {
    if (!this.account) return;
    if (!this.#subscription) await this.#subscribe();
    await this.load();
  }

  async stop(): Promise<void> {
    this.#stopBatch?.();
    this.#stopBatch = undefined;
    this.#stopKnown?.();
    this.#stopKnown = undefined;
    this.#stopState?.();
    this.#stopState = undefined;
    this.killSwitch.stop();
    this.#missed = false;
    const id = this.#subscription;
    this.#subscription = undefined;
    if (id) await this.#api.live.unsubscribe({ id });
  }

  /**
   * Cancels every open order of the account on this market, or with `everywhere` on every market (all
   * pages, not only those listed), in one call; main asks first in its own dialog, naming the market
   * and the count. Declined, nothing shows.
   */
  async cancelAll(everywhere = false): Promise<void> {
    if (!this.account || (!this.market && !everywhere)) return;
    this.cancellingAll = true;
    const reply = await this.#api.orders.cancelAll({
      accountId: this.account,
      ...(everywhere ? {} : { market: this.market }),
    });
    this.cancellingAll = false;
    if (!reply.ok) {
      this.cancelAllError = reply.error.code === 'not_confirmed' ? undefined : reply.error;
      return;
    }
    this.cancelAllError = undefined;
    this.cancelError = undefined;
    this.lastCancelAll = { cancelled: reply.value.cancelled.length, everywhere };
    for (const o of reply.value.cancelled) this.onGone?.(o.orderId);
    await this.load();
  }

  /** Opens the inline editor of one order with its current values. */
  startModify(order: OrderView): void {
    this.modifying = {
      orderId: order.orderId,
      price: order.price ?? '',
      amount: order.amount,
      activationPrice: order.activation_price ?? '',
    };
    this.modifyError = undefined;
  }

  stopModify(): void {
    this.modifying = undefined;
    this.modifyError = undefined;
  }

  /** One-click fix of a refused value (the largest amount the balance covers, the nearest valid price). */
  applyModifyFix(field: ModifyField, value: string): void {
    if (!this.modifying) return;
    this.modifying = { ...this.modifying, [field]: value };
    this.modifyError = undefined;
  }

  /** The modify error a field shows (`price`, `amount`, `activationPrice`), named either way by main. */
  modifyErrorFor(field: ModifyField): IpcError | undefined {
    const e = this.modifyError;
    const named = e?.field === 'activation_price' ? 'activationPrice' : e?.field;
    return named === field ? e : undefined;
  }

  get modifyErrorUnclaimed(): IpcError | undefined {
    const e = this.modifyError;
    return e && !modifyFields.some((f) => this.modifyErrorFor(f)) ? e : undefined;
  }

  /**
   * Sends what changed (main asks in its own dialog when the change is beyond a guard); the exchange
   * answers the order under a new id.
   */
  async saveModify(order: OrderView): Promise<boolean> {
    const edit = this.modifying;
    if (!edit || edit.orderId !== order.orderId) return false;
    const change: { price?: string; amount?: string; activationPrice?: string } = {};
    const fields = editableFields(order);
    const was: Record<ModifyField, string | undefined> = {
      price: order.price,
      amount: order.amount,
      activationPrice: order.activation_price,
    };
    for (const field of fields) if (edit[field].trim() !== was[field]) change[field] = edit[field].trim();
    if (Object.keys(change).length === 0) {
      this.modifyError = { code: 'invalid_input', message: 'Nothing changed: type a new value first.' };
      return false;
    }
    this.saving = true;
    const reply = await this.#api.orders.modify({
      accountId: this.account,
      market: order.market,
      orderId: order.orderId,
      ...change,
    });
    this.saving = false;
    if (!reply.ok) {
      this.modifyError = reply.error;
      return false;
    }
    this.stopModify();
    await this.load();
    return true;
  }

  /** Cancels one order; main asks first when it is a take-profit / stop-loss leg of an open position. */
  async cancel(order: OrderView): Promise<void> {
    this.cancelling = [...this.cancelling, order.orderId];
    const reply = await this.#api.orders.cancel({
      accountId: this.account,
      market: order.market,
      orderId: order.orderId,
    });
    this.cancelling = this.cancelling.filter((id) => id !== order.orderId);
    if (!reply.ok) {
      // a leg kept when main asked is what the person chose: nothing to report
      this.cancelError =
        reply.error.code === 'not_confirmed' ? undefined : { orderId: order.orderId, error: reply.error };
      return;
    }
    this.cancelError = undefined;
    // an OCO leg takes the other leg with it: the exchange cancels both
    const other = order.oco?.otherOrderId;
    this.lastPairCancel = other === undefined ? undefined : { orderId: order.orderId, otherOrderId: other };
    this.known.update((orders) => orders.filter((o) => o.orderId !== order.orderId && o.orderId !== other));
    this.onGone?.(order.orderId);
    if (other !== undefined) {
      this.onGone?.(other);
      void this.load();
    }
  }
}
