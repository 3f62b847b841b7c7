import type {
  GuardQuestionView,
  OrderEstimateView,
  OrderView,
  PlaceResultView,
  RuleIssueView,
} from '../../../../main/ipc/contract.ts';
import { isOco, takesActivation, type OrderKind } from '../../../../main/rules/types.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { ReplyGuard } from './reply-guard.ts';
import type { PreferenceStore } from './storage.ts';
import {
  amountAsset,
  describeOrder,
  draftOf,
  emptyFields,
  needsPrice,
  orderKinds,
  ruleFields,
  type PositionSide,
  type TicketFields,
} from './ticket-fields.ts';
import { clearedNote, pick, typedFields, unitNote, withoutTyped } from './ticket-notes.ts';

export * from './ticket-fields.ts';

/** Where the ticket remembers "Send orders over the WebSocket" (this profile's storage). */
export const OVER_WS_KEY = 'txc.trade.overWs';

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
 * dropped) with main's estimate of the order's base amount and value, one-click fixes from the rules'
 * suggestions, and placing through `orders.place`. A typed amount never changes its unit silently: a
 * switch of side, type, market or unit that would read it in another asset clears it, saying so.
 */
export class OrderTicket {
  fields = $state<TicketFields>(emptyFields());
  /** The order types the ticket's market takes (main lists them with the market). */
  kinds = $state<readonly OrderKind[]>(orderKinds);
  issues = $state<RuleIssueView[]>([]);
  /** What main will ask in its own dialog before this draft goes (far from the market, above a ceiling...). */
  questions = $state<GuardQuestionView[]>([]);
  /** Main's base amount and value of the draft it last checked (see `estimate`). */
  #estimate = $state<{ key: string; value: OrderEstimateView } | undefined>();
  /** Why the amount field was just emptied (its unit changed); cleared once an amount is typed. */
  amountNote = $state('');
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
  /** Every check (and a clear or a send) makes the answers of earlier checks stale. */
  readonly #checks = new ReplyGuard();
  /** The account the ticket checks against (its hedge mode decides the position side): set by the view. */
  #account = $state<string | undefined>();
  /** An account's name as the person knows it (the top bar's label). */
  #label: (id: string) => string = () => 'this account';

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

  /** The account the ticket works for (the window's working account). */
  get account(): string | undefined {
    return this.#account;
  }

  /** How the ticket names accounts (the send button, the note of a ticket cleared by a switch). */
  nameAccounts(label: (id: string) => string): void {
    this.#label = label;
  }

  /** An account's name as the ticket says it. */
  nameOf(id: string): string {
    return this.#label(id);
  }

  /** The name of the account the ticket sends for; '' while there is none. */
  get accountName(): string {
    return this.#account ? this.#label(this.#account) : '';
  }

  /** The send button's words: the order, and the account it goes for. */
  get sendText(): string {
    const name = this.accountName;
    return name ? `${this.summary} · for ${name}` : this.summary;
  }

  /**
   * Follows the window's working account. A ticket belongs to the account it was typed for: what was
   * typed for another is cleared, saying so, and never sent for this one.
   */
  setAccount(id: string | undefined): void {
    if (id === this.#account) return;
    const before = this.#account;
    this.#account = id;
    // What was placed belongs to the account it was placed for.
    this.placed = undefined;
    this.placeError = undefined;
    if (before) {
      const now = id ? `the working account is now ${this.#label(id)}` : 'no account is chosen now';
      const note = clearedNote(this.fields, `for ${this.#label(before)}`, now);
      if (note) this.fields = withoutTyped(this.fields);
      // a note of the ticket typed for the account before is no longer this ticket's
      this.amountNote = note;
    }
    this.schedule();
  }

  /** An order left the book (cancelled here or elsewhere): its "Placed" line is no longer true. */
  orderGone(orderId: number): void {
    if (this.placed?.order?.orderId === orderId) this.placed = undefined;
  }

  /** Main's estimate of the draft as it stands now; undefined until main answered for this very draft. */
  get estimate(): OrderEstimateView | undefined {
    const e = this.#estimate;
    return e && e.key === JSON.stringify(draftOf(this.fields)) ? e.value : undefined;
  }

  /** The order in words, with its base amount and value: what the button says and what is sent. */
  get summary(): string {
    return describeOrder(this.fields, this.estimate);
  }

  /** The asset the amount field is in. */
  get amountAsset(): string {
    return amountAsset(this.fields);
  }

  /** A market buy may be sized in either asset: the quote (what it spends) or the base (what it buys). */
  get canSwitchUnit(): boolean {
    const f = this.fields;
    const other = f.kind === 'market' ? 'stock_market' : f.kind === 'stock_market' ? 'market' : undefined;
    return f.side === 'buy' && other !== undefined && this.kinds.includes(other);
  }

  /** Sizes a market buy in the other asset (market ↔ market in base); the amount typed is cleared, saying so. */
  switchUnit(): void {
    if (!this.canSwitchUnit) return;
    this.set({ kind: this.fields.kind === 'market' ? 'stock_market' : 'market' });
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
    if (isOco(f.kind) && !f.stopLimitPrice.trim()) return false;
    return this.issues.length === 0 && !this.placing;
  }

  /**
   * Changes fields and schedules a check. A change that puts the amount in another asset (a market
   * buy sized in USDT turned into a sell, sized in BTC) empties the amount and says so: a number typed
   * as 25 USDT is never sent as 25 BTC. Another market empties what was typed for the one before (its
   * amount and prices), saying so: a price of ETH is never carried into BTC's price field.
   */
  set(patch: Partial<TicketFields>): void {
    const before = this.fields;
    let next = { ...before, ...patch };
    const typed = before.amount.trim();
    if (before.market && next.market !== before.market) {
      const note = clearedNote(before, `for ${before.market}`, `the ticket is now on ${next.market}`);
      next = { ...withoutTyped(next), ...pick(patch, typedFields) };
      this.amountNote = note;
    } else if (patch.amount !== undefined) this.amountNote = '';
    else if (typed && amountAsset(before) !== amountAsset(next)) {
      next.amount = '';
      this.amountNote = unitNote(typed, before, next);
    }
    this.fields = next;
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
    else if (field === 'stop_limit_price') this.set({ stopLimitPrice: value });
    else if (field === 'takeProfit') this.set({ takeProfit: value });
    else if (field === 'stopLoss') this.set({ stopLoss: value });
    else if (field === 'positionSide' && ['BOTH', 'LONG', 'SHORT'].includes(value))
      this.set({ positionSide: value as PositionSide });
  }

  clear(): void {
    this.#timers.clear(this.#timer);
    this.#checks.dropAll();
    this.fields = { ...emptyFields(this.fields.market), kind: this.fields.kind, side: this.fields.side };
    this.amountNote = '';
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
      this.#checks.dropAll();
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
    const asked = this.#checks.next();
    this.checking = true;
    const account = this.#account;
    const draft = draftOf(this.fields);
    const reply = await this.#api.orders.check({
      draft,
      ...(account ? { accountId: account } : {}),
    });
    if (asked.stale) return;
    this.checking = false;
    if (reply.ok) {
      this.issues = reply.value.issues;
      this.questions = reply.value.questions;
      const estimate = reply.value.estimate;
      this.#estimate = estimate ? { key: JSON.stringify(draft), value: estimate } : undefined;
      this.checkError = undefined;
    } else {
      this.issues = [];
      this.questions = [];
      this.#estimate = undefined;
      this.checkError = reply.error;
    }
  }

  /**
   * Sends the order as the ticket shows it; main asks in its own dialog when it is beyond a guard. On
   * success the amount and prices are kept for a repeat, the id is cleared.
   */
  async place(accountId: string): Promise<OrderView | undefined> {
    // A check still waiting (a key pressed just before Enter) ends here: main checks what is sent.
    this.#timers.clear(this.#timer);
    this.#checks.dropAll();
    this.checking = false;
    this.placed = undefined;
    this.placing = true;
    this.placeError = undefined;
    const input = { accountId, draft: draftOf(this.fields) };
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
export { ActiveOrders, modifyFields, type ModifyField, type OrderEdit } from './active-orders.svelte.ts';
