import type {
  GuardQuestionView,
  MarketView,
  OrderDraftInput,
  OrderView,
  PlaceResultView,
  RuleIssueView,
} from '../../../../main/ipc/contract.ts';
import type { OrderKind } from '../../../../main/rules/types.ts';
import type { IpcError, TxcApi } from '../api.ts';
import type { PreferenceStore } from './storage.ts';

/** Where the ticket remembers "Send orders over the WebSocket" (this profile's storage). */
export const OVER_WS_KEY = 'txc.trade.overWs';

export type { OrderKind };
export type Side = 'buy' | 'sell';
export const stpModes = ['no', 'cb', 'cn', 'co'] as const;
export type StpMode = (typeof stpModes)[number];
/** '' = at the typed price; 1 = best price on our side (queue); 2 = best price on the other side. */
export type BboRole = '' | '1' | '2';
/** '' = not sent (one-way mode answers BOTH); LONG/SHORT are required in hedge mode. */
export type PositionSide = '' | 'BOTH' | 'LONG' | 'SHORT';

export const kindTitles: Record<OrderKind, string> = {
  limit: 'limit',
  market: 'market',
  stock_market: 'market (amount in base)',
  stop_limit: 'stop-limit',
  stop_market: 'stop-market',
  collateral_market: 'collateral market',
};

/** Every order type, as the ticket offers them while its market's own list is not known. */
export const orderKinds = Object.keys(kindTitles) as readonly OrderKind[];

/** The fields of the ticket that take a price. */
export function takesPrice(kind: OrderKind): boolean {
  return kind === 'limit' || kind === 'stop_limit';
}
export function takesActivation(kind: OrderKind): boolean {
  return kind === 'stop_limit' || kind === 'stop_market';
}
/** Flags only a plain limit order takes (post-only, IOC, RPI, retail). */
export function limitOnly(kind: OrderKind): boolean {
  return kind === 'limit';
}
export function takesBbo(kind: OrderKind): boolean {
  return kind === 'limit' || kind === 'stop_limit';
}
/** Position side, reduce-only and the take-profit / stop-loss legs. */
export function isCollateral(kind: OrderKind): boolean {
  return kind === 'collateral_market';
}
/** A price field must be typed unless the best price (bboRole) is asked for. */
export function needsPrice(f: Pick<TicketFields, 'kind' | 'bboRole'>): boolean {
  return takesPrice(f.kind) && !(takesBbo(f.kind) && f.bboRole !== '');
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
  bboRole: BboRole;
  rpi: boolean;
  retail: boolean;
  positionSide: PositionSide;
  reduceOnly: boolean;
  takeProfit: string;
  stopLoss: string;
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
    bboRole: '',
    rpi: false,
    retail: false,
    positionSide: '',
    reduceOnly: false,
    takeProfit: '',
    stopLoss: '',
  };
}

/** The draft the contract takes: only the fields this kind of order uses. */
export function draftOf(f: TicketFields): OrderDraftInput {
  const draft: OrderDraftInput = { kind: f.kind, market: f.market, side: f.side, amount: f.amount.trim() };
  if (takesPrice(f.kind) && (f.price.trim() || needsPrice(f))) draft.price = f.price.trim();
  if (takesActivation(f.kind)) draft.activation_price = f.activationPrice.trim();
  if (limitOnly(f.kind)) {
    if (f.postOnly) draft.postOnly = true;
    if (f.ioc) draft.ioc = true;
    if (f.rpi) draft.rpi = true;
    if (f.retail) draft.retail = true;
  }
  if (takesBbo(f.kind) && f.bboRole !== '') draft.bboRole = f.bboRole === '1' ? 1 : 2;
  if (isCollateral(f.kind)) {
    if (f.positionSide) draft.positionSide = f.positionSide;
    if (f.reduceOnly) draft.reduceOnly = true;
    if (f.takeProfit.trim()) draft.takeProfit = f.takeProfit.trim();
    if (f.stopLoss.trim()) draft.stopLoss = f.stopLoss.trim();
  }
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
  if (takesPrice(f.kind))
    text += needsPrice(f)
      ? ` at ${f.price.trim() || '…'}`
      : ` at the best ${f.bboRole === '1' ? 'price on its side' : 'opposite price'}`;
  if (takesActivation(f.kind)) text += ` when the price reaches ${f.activationPrice.trim() || '…'}`;
  const flags = [kindTitles[f.kind]];
  if (limitOnly(f.kind)) {
    if (f.postOnly) flags.push('post-only');
    if (f.ioc) flags.push('IOC');
    if (f.rpi) flags.push('RPI');
    if (f.retail) flags.push('retail');
  }
  if (isCollateral(f.kind)) {
    if (f.positionSide) flags.push(f.positionSide);
    if (f.reduceOnly) flags.push('reduce-only');
    if (f.takeProfit.trim()) flags.push(`TP ${f.takeProfit.trim()}`);
    if (f.stopLoss.trim()) flags.push(`SL ${f.stopLoss.trim()}`);
  }
  if (f.stp !== 'no') flags.push(`STP ${f.stp}`);
  return `${text} — ${flags.join(', ')}`;
}

/** The ticket's field names as the rules name them. */
export const ruleFields = [
  'kind',
  'amount',
  'price',
  'activation_price',
  'market',
  'clientOrderId',
  'stp',
  'postOnly',
  'ioc',
  'rpi',
  'retail',
  'bboRole',
  'positionSide',
  'reduceOnly',
  'takeProfit',
  'stopLoss',
] as const;

export interface TicketTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** The page's own timers. */
export const browserTimers: TicketTimers = {
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
  /** The order types the ticket's market takes (main lists them with the market). */
  kinds = $state<readonly OrderKind[]>(orderKinds);
  issues = $state<RuleIssueView[]>([]);
  /** Main's questions for this draft (far from the market, above the value ceiling): asked before sending. */
  questions = $state<GuardQuestionView[]>([]);
  checking = $state(false);
  checkError = $state<IpcError | undefined>();
  placing = $state(false);
  placeError = $state<IpcError | undefined>();
  placed = $state<PlaceResultView | undefined>();
  /** Orders go over the account's WebSocket (main falls back to REST, saying so, when it is not live). */
  overWs = $state(false);
  #store: PreferenceStore | undefined;
  readonly #api: TxcApi;
  readonly #timers: TicketTimers;
  #timer: unknown;
  #sequence = 0;
  /** The account the ticket checks against (its hedge mode decides the position side): set by the view. */
  #account: string | undefined;

  constructor(api: TxcApi, timers: TicketTimers = browserTimers) {
    this.#api = api;
    this.#timers = timers;
  }

  /** Reads and from now on remembers the WebSocket setting in `store`. */
  useStore(store: PreferenceStore): void {
    this.#store = store;
    this.overWs = store.getItem(OVER_WS_KEY) === 'true';
  }

  setOverWs(on: boolean): void {
    this.overWs = on;
    this.#store?.setItem(OVER_WS_KEY, String(on));
  }

  /** Follows the window's working account; a draft is checked again for the new one. */
  setAccount(id: string | undefined): void {
    if (id === this.#account) return;
    this.#account = id;
    // What was placed belongs to the account it was placed for.
    this.placed = undefined;
    this.placeError = undefined;
    this.schedule();
  }

  /** An order left the book (cancelled here or elsewhere): its "Placed" line is no longer true. */
  orderGone(orderId: number): void {
    if (this.placed?.order?.orderId === orderId) this.placed = undefined;
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
    if (needsPrice(f) && !f.price.trim()) return false;
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

  /**
   * Offers the order types the market takes (all while it is not known); an order type it does not
   * take gives way to the first it does (a futures market: collateral market).
   */
  offerKinds(kinds: readonly OrderKind[] | undefined): void {
    this.kinds = kinds?.length ? kinds : orderKinds;
    const first = this.kinds[0];
    if (first && !this.kinds.includes(this.fields.kind)) this.set({ kind: first });
  }

  /** One-click fix: the suggestion goes into the field the rule named. */
  apply(field: string, value: string): void {
    if (field === 'price') this.set({ price: value });
    else if (field === 'amount') this.set({ amount: value });
    else if (field === 'activation_price') this.set({ activationPrice: value });
    else if (field === 'takeProfit') this.set({ takeProfit: value });
    else if (field === 'stopLoss') this.set({ stopLoss: value });
    else if (field === 'positionSide' && ['BOTH', 'LONG', 'SHORT'].includes(value))
      this.set({ positionSide: value as PositionSide });
  }

  clear(): void {
    this.#timers.clear(this.#timer);
    this.#sequence++;
    this.fields = { ...emptyFields(this.fields.market), kind: this.fields.kind, side: this.fields.side };
    this.issues = [];
    this.questions = [];
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
      this.questions = [];
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
    const account = this.#account;
    const reply = await this.#api.orders.check({
      draft: draftOf(this.fields),
      ...(account ? { accountId: account } : {}),
    });
    if (sequence !== this.#sequence) return;
    this.checking = false;
    if (reply.ok) {
      this.issues = reply.value.issues;
      this.questions = reply.value.questions;
      this.checkError = undefined;
    } else {
      this.issues = [];
      this.questions = [];
      this.checkError = reply.error;
    }
  }

  /**
   * Sends the order with the guard questions the person acknowledged; on success the amount and prices
   * are kept for a repeat, the id is cleared.
   */
  async place(accountId: string, acknowledge: readonly string[] = []): Promise<OrderView | undefined> {
    // A check still waiting (a key pressed just before Enter) ends here: main checks what is sent.
    this.#timers.clear(this.#timer);
    this.#sequence++;
    this.checking = false;
    this.placed = undefined;
    this.placing = true;
    this.placeError = undefined;
    const guards = acknowledgeOf(acknowledge);
    const input = {
      accountId,
      draft: draftOf(this.fields),
      ...(guards.length ? { acknowledge: guards } : {}),
    };
    const reply = await (this.overWs ? this.#api.orders.placeWs(input) : this.#api.orders.place(input));
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

export {
  acknowledgeOf,
  ActiveOrders,
  modifyFields,
  type ModifyField,
  type OrderEdit,
} from './active-orders.svelte.ts';
import { acknowledgeOf } from './active-orders.svelte.ts';
