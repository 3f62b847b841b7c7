import type {
  MarketView,
  OrderDraftInput,
  OrderView,
  PlaceResultView,
  RuleIssueView,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';

export const orderKinds = ['limit', 'market', 'stop_limit', 'stop_market', 'collateral_market'] as const;
export type OrderKind = (typeof orderKinds)[number];
export type Side = 'buy' | 'sell';
export const stpModes = ['no', 'cb', 'cn', 'co'] as const;
export type StpMode = (typeof stpModes)[number];

export const kindTitles: Record<OrderKind, string> = {
  limit: 'limit',
  market: 'market',
  stop_limit: 'stop-limit',
  stop_market: 'stop-market',
  collateral_market: 'collateral market',
};

/** The fields of the ticket that take a price. */
export function takesPrice(kind: OrderKind): boolean {
  return kind === 'limit' || kind === 'stop_limit';
}
export function takesActivation(kind: OrderKind): boolean {
  return kind === 'stop_limit' || kind === 'stop_market';
}
/** A market (or stop-market) buy is sized by what it spends, in the quote asset. */
export function quoteSized(kind: OrderKind, side: Side): boolean {
  return (kind === 'market' || kind === 'stop_market') && side === 'buy';
}

/** What the ticket holds, as typed. */
export interface TicketFields {
  kind: OrderKind;
  side: Side;
  market: string;
  amount: string;
  price: string;
  activationPrice: string;
  postOnly: boolean;
  ioc: boolean;
  stp: StpMode;
  clientOrderId: string;
}

export function emptyFields(market = ''): TicketFields {
  return {
    kind: 'limit',
    side: 'buy',
    market,
    amount: '',
    price: '',
    activationPrice: '',
    postOnly: false,
    ioc: false,
    stp: 'no',
    clientOrderId: '',
  };
}

/** The draft the contract takes: only the fields this kind of order uses. */
export function draftOf(f: TicketFields): OrderDraftInput {
  const draft: OrderDraftInput = { kind: f.kind, market: f.market, side: f.side, amount: f.amount.trim() };
  if (takesPrice(f.kind)) draft.price = f.price.trim();
  if (takesActivation(f.kind)) draft.activation_price = f.activationPrice.trim();
  if (takesPrice(f.kind) && f.postOnly) draft.postOnly = true;
  if (takesPrice(f.kind) && f.ioc) draft.ioc = true;
  if (f.stp !== 'no') draft.stp = f.stp;
  if (f.clientOrderId.trim()) draft.clientOrderId = f.clientOrderId.trim();
  return draft;
}

/** Base and quote assets of a market name such as `BTC_USDT` (or `BTC_PERP`). */
export function assetsOf(market: string): { base: string; quote: string } {
  const [base = market, quote = ''] = market.split('_');
  return { base, quote };
}

/** Exactly what the submit button will do, e.g. "Buy 0.001 BTC at 30000 — limit, post-only". */
export function describeOrder(f: TicketFields): string {
  const { base, quote } = assetsOf(f.market);
  const verb = f.side === 'buy' ? 'Buy' : 'Sell';
  const amount = f.amount.trim() || '…';
  let text = quoteSized(f.kind, f.side)
    ? `${verb} ${base} for ${amount} ${quote}`
    : `${verb} ${amount} ${base}`;
  if (takesPrice(f.kind)) text += ` at ${f.price.trim() || '…'}`;
  if (takesActivation(f.kind)) text += ` when the price reaches ${f.activationPrice.trim() || '…'}`;
  const flags = [kindTitles[f.kind]];
  if (takesPrice(f.kind) && f.postOnly) flags.push('post-only');
  if (takesPrice(f.kind) && f.ioc) flags.push('IOC');
  if (f.stp !== 'no') flags.push(`STP ${f.stp}`);
  return `${text} — ${flags.join(', ')}`;
}

/** The ticket's field names as the rules name them. */
export const ruleFields = ['amount', 'price', 'activation_price', 'market', 'clientOrderId', 'stp'] as const;

export interface TicketTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: TicketTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Typing pauses this long before the draft is checked. */
export const CHECK_DELAY_MS = 250;

/**
 * The order ticket: fields, live pre-trade validation through `orders.check` (debounced, stale answers
 * dropped), one-click fixes from the rules' suggestions, and placing through `orders.place`.
 */
export class OrderTicket {
  fields = $state<TicketFields>(emptyFields());
  issues = $state<RuleIssueView[]>([]);
  checking = $state(false);
  checkError = $state<IpcError | undefined>();
  placing = $state(false);
  placeError = $state<IpcError | undefined>();
  placed = $state<PlaceResultView | undefined>();
  readonly #api: TxcApi;
  readonly #timers: TicketTimers;
  #timer: unknown;
  #sequence = 0;

  constructor(api: TxcApi, timers: TicketTimers = browserTimers) {
    this.#api = api;
    this.#timers = timers;
  }

  get summary(): string {
    return describeOrder(this.fields);
  }

  /** Issues the rules found for one field (`price`, `amount`, `activation_price`, ...). */
  issuesFor(field: string): RuleIssueView[] {
    return this.issues.filter((i) => i.field === field);
  }

  /** Issues no field of the ticket shows. */
  get otherIssues(): RuleIssueView[] {
    return this.issues.filter((i) => !(ruleFields as readonly string[]).includes(i.field));
  }

  /** The place error a field shows: main names it `draft.price` (or `price` for a rule). */
  placeErrorFor(field: string): IpcError | undefined {
    const f = this.placeError?.field;
    if (!f) return undefined;
    return f === field || f === `draft.${field}` ? this.placeError : undefined;
  }

  get placeErrorUnclaimed(): IpcError | undefined {
    const e = this.placeError;
    if (!e) return undefined;
    return e.field && ruleFields.some((f) => this.placeErrorFor(f)) ? undefined : e;
  }

  /** True when the order can be sent: something typed, the rules say nothing, no check pending. */
  get ready(): boolean {
    const f = this.fields;
    if (!f.market || !f.amount.trim()) return false;
    if (takesPrice(f.kind) && !f.price.trim()) return false;
    if (takesActivation(f.kind) && !f.activationPrice.trim()) return false;
    return this.issues.length === 0 && !this.placing;
  }

  /** Changes fields and schedules a check. */
  set(patch: Partial<TicketFields>): void {
    this.fields = { ...this.fields, ...patch };
    this.placeError = undefined;
    this.placed = undefined;
    this.schedule();
  }

  /** One-click fix: the suggestion goes into the field the rule named. */
  apply(field: string, value: string): void {
    if (field === 'price') this.set({ price: value });
    else if (field === 'amount') this.set({ amount: value });
    else if (field === 'activation_price') this.set({ activationPrice: value });
  }

  clear(): void {
    this.#timers.clear(this.#timer);
    this.#sequence++;
    this.fields = { ...emptyFields(this.fields.market), kind: this.fields.kind, side: this.fields.side };
    this.issues = [];
    this.checking = false;
    this.placeError = undefined;
    this.checkError = undefined;
  }

  schedule(): void {
    this.#timers.clear(this.#timer);
    const f = this.fields;
    if (!f.market || (!f.amount.trim() && !f.price.trim() && !f.activationPrice.trim())) {
      this.#sequence++;
      this.issues = [];
      this.checking = false;
      return;
    }
    this.checking = true;
    this.#timer = this.#timers.set(() => void this.check(), CHECK_DELAY_MS);
  }

  /** Checks the current draft now; an answer for an older draft is dropped. */
  async check(): Promise<void> {
    const sequence = ++this.#sequence;
    this.checking = true;
    const reply = await this.#api.orders.check({ draft: draftOf(this.fields) });
    if (sequence !== this.#sequence) return;
    this.checking = false;
    if (reply.ok) {
      this.issues = reply.value;
      this.checkError = undefined;
    } else {
      this.issues = [];
      this.checkError = reply.error;
    }
  }

  /** Sends the order; on success the amount and prices are kept for a repeat, the id is cleared. */
  async place(accountId: string): Promise<OrderView | undefined> {
    this.#timers.clear(this.#timer);
    this.placing = true;
    this.placeError = undefined;
    const reply = await this.#api.orders.place({ accountId, draft: draftOf(this.fields) });
    this.placing = false;
    if (!reply.ok) {
      this.placeError = reply.error;
      return undefined;
    }
    this.placed = reply.value;
    this.fields = { ...this.fields, clientOrderId: '' };
    return reply.value.order;
  }
}

/** Market facts for the ticket's hints: tick, step and minimums. */
export function marketHint(market: MarketView | undefined): string {
  if (!market) return '';
  return `tick ${market.tickSize} · step ${market.stepSize} · min amount ${market.minAmount} · min total ${market.minTotal}`;
}

export const modifyFields = ['price', 'amount', 'activationPrice'] as const;
export type ModifyField = (typeof modifyFields)[number];
/** The inline editor of one open order, as typed. */
export type OrderEdit = { orderId: number } & Record<ModifyField, string>;

/** The open orders of one account on one market, refreshed on its `ordersPending` pushes; modify and cancel. */
export class ActiveOrders {
  orders = $state<OrderView[]>([]);
  loading = $state(false);
  error = $state<IpcError | undefined>();
  cancelError = $state<{ orderId: number; error: IpcError } | undefined>();
  cancelling = $state<number[]>([]);
  cancellingAll = $state(false);
  cancelAllError = $state<IpcError | undefined>();
  lastCancelAll = $state<{ cancelled: number; failed: number } | undefined>();
  modifying = $state<OrderEdit | undefined>();
  modifyError = $state<IpcError | undefined>();
  saving = $state(false);
  account = '';
  market = '';
  readonly #api: TxcApi;
  #subscription: string | undefined;
  #stopBatch: (() => void) | undefined;
  #loads = 0;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    if (!this.account) return;
    const account = this.account;
    const market = this.market;
    // A push can start a load while another is out: only the latest answer counts.
    const sequence = ++this.#loads;
    this.loading = true;
    const reply = await this.#api.orders.active({ accountId: account, ...(market ? { market } : {}) });
    if (sequence !== this.#loads) return;
    this.loading = false;
    if (reply.ok) {
      this.orders = reply.value;
      this.error = undefined;
    } else {
      this.error = reply.error;
    }
  }

  /** Follows an account and market: loads its orders and listens to its ordersPending pushes. */
  async follow(account: string, market: string): Promise<void> {
    const accountChanged = account !== this.account;
    this.account = account;
    this.market = market;
    this.orders = [];
    this.modifying = undefined;
    this.cancelAllError = undefined;
    this.lastCancelAll = undefined;
    if (accountChanged) await this.#subscribe();
    await this.load();
  }

  async #subscribe(): Promise<void> {
    await this.stop();
    const account = this.account;
    if (!account) return;
    this.#stopBatch = this.#api.on('ws.batch', (batch) => {
      if (batch.accountId !== this.account) return;
      if (batch.events.some((e) => e.channel === 'ordersPending')) void this.load();
    });
    const reply = await this.#api.live.subscribe({
      accountId: account,
      channel: 'ordersPending',
      topic: '*',
    });
    if (reply.ok) this.#subscription = reply.value;
  }

  async stop(): Promise<void> {
    this.#stopBatch?.();
    this.#stopBatch = undefined;
    const id = this.#subscription;
    this.#subscription = undefined;
    if (id) await this.#api.live.unsubscribe({ id });
  }

  /** Cancels every open order of the account on this market (all pages, not only those listed). */
  async cancelAll(): Promise<void> {
    if (!this.account || !this.market) return;
    this.cancellingAll = true;
    const reply = await this.#api.orders.cancelAll({ accountId: this.account, market: this.market });
    this.cancellingAll = false;
    if (!reply.ok) {
      this.cancelAllError = reply.error;
      return;
    }
    this.cancelAllError = undefined;
    const first = reply.value.failed[0];
    this.cancelError = first;
    this.lastCancelAll = { cancelled: reply.value.cancelled.length, failed: reply.value.failed.length };
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

  /** Sends what changed; the exchange answers the order under a new id. */
  async saveModify(order: OrderView): Promise<boolean> {
    const edit = this.modifying;
    if (!edit || edit.orderId !== order.orderId) return false;
    const change: { price?: string; amount?: string; activationPrice?: string } = {};
    if (order.price !== undefined && edit.price.trim() !== order.price) change.price = edit.price.trim();
    if (edit.amount.trim() !== order.amount) change.amount = edit.amount.trim();
    if (order.activation_price !== undefined && edit.activationPrice.trim() !== order.activation_price)
      change.activationPrice = edit.activationPrice.trim();
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

  async cancel(order: OrderView): Promise<void> {
    this.cancelling = [...this.cancelling, order.orderId];
    const reply = await this.#api.orders.cancel({
      accountId: this.account,
      market: order.market,
      orderId: order.orderId,
    });
    this.cancelling = this.cancelling.filter((id) => id !== order.orderId);
    if (!reply.ok) {
      this.cancelError = { orderId: order.orderId, error: reply.error };
      return;
    }
    this.cancelError = undefined;
    this.orders = this.orders.filter((o) => o.orderId !== order.orderId);
  }
}
