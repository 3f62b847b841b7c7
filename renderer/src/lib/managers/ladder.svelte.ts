import type {
  BulkOrderOutcomeView,
  BulkPlaceView,
  LadderPreviewView,
  RuleIssueView,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { browserTimers, type TicketTimers } from './order-ticket.svelte.ts';
import { ReplyGuard } from './reply-guard.ts';
import type { PositionSide } from './ticket-fields.ts';

export type LadderSkew = 'even' | 'more_low' | 'more_high';

export const skewTitles: Record<LadderSkew, string> = {
  even: 'evenly',
  more_low: 'more at the low prices',
  more_high: 'more at the high prices',
};

export interface LadderFields {
  side: 'buy' | 'sell';
  lowPrice: string;
  highPrice: string;
  orderCount: string;
  totalAmount: string;
  skew: LadderSkew;
  postOnly: boolean;
  /** A refused order stops the rest (spot: the exchange stops the bulk request; collateral: the app). */
  stopOnFail: boolean;
  /** On a margin (spot) market: collateral limit orders; a futures market's always are. */
  collateral: boolean;
  /** Collateral orders: '' not sent (one-way mode), LONG/SHORT required in hedge mode. */
  positionSide: PositionSide;
  reduceOnly: boolean;
}

export const LADDER_FIELDS = ['lowPrice', 'highPrice', 'orderCount', 'totalAmount'] as const;

const emptyFields = (): LadderFields => ({
  side: 'buy',
  lowPrice: '',
  highPrice: '',
  orderCount: '5',
  totalAmount: '',
  skew: 'even',
  postOnly: false,
  stopOnFail: false,
  collateral: false,
  positionSide: '',
  reduceOnly: false,
});

/** The collateral fields a preview or a send carries, only those set. */
function collateralOf(f: LadderFields): {
  collateral?: true;
  positionSide?: 'BOTH' | 'LONG' | 'SHORT';
  reduceOnly?: true;
} {
  return {
    ...(f.collateral ? { collateral: true as const } : {}),
    ...(f.positionSide ? { positionSide: f.positionSide } : {}),
    ...(f.reduceOnly ? { reduceOnly: true as const } : {}),
  };
}

/** Typing pauses this long before the ladder is laid out again. */
export const LADDER_DELAY_MS = 250;

/**
 * A ladder of limit orders in the Trade ticket (spot, or collateral limit orders on a margin or futures
 * market): the fields, main's preview of every order (laid out and checked there, debounced, stale
 * answers dropped), the send through `orders.placeBulk` and each order's outcome, with the failed ones
 * sent again on request.
 */
export class LadderTicket {
  fields = $state<LadderFields>(emptyFields());
  preview = $state<LadderPreviewView | undefined>();
  checking = $state(false);
  checkError = $state<IpcError | undefined>();
  placing = $state(false);
  placeError = $state<IpcError | undefined>();
  result = $state<BulkPlaceView | undefined>();
  market = $state('');
  /** Why the prices and amount typed were just cleared (another market or account); '' when not. */
  note = $state('');
  readonly #api: TxcApi;
  readonly #timers: TicketTimers;
  #timer: unknown;
  /** Every check (and a cleared ladder) makes the answers of earlier checks stale. */
  readonly #checks = new ReplyGuard();
  #account: string | undefined;

  constructor(api: TxcApi, timers: TicketTimers = browserTimers) {
    this.#api = api;
    this.#timers = timers;
  }

  /** A ladder belongs to the market it was typed for: its prices and amount go with it, saying so. */
  setMarket(market: string): void {
    if (market === this.market) return;
    if (this.market) this.#clearTyped(`for ${this.market}`, `the ticket is now on ${market}`);
    this.market = market;
    this.result = undefined;
    this.schedule();
  }

  /** A ladder belongs to the account it was typed for: its prices and amount go with it, saying so. */
  setAccount(id: string | undefined, name: (id: string) => string = () => 'another account'): void {
    if (id === this.#account) return;
    const before = this.#account;
    if (before) this.#clearTyped(`for ${name(before)}`, id ? `the working account is now ${name(id)}` : '');
    this.#account = id;
    this.result = undefined;
    this.schedule();
  }

  #clearTyped(owner: string, now: string): void {
    const { lowPrice, highPrice, totalAmount } = this.fields;
    const typed = [lowPrice, highPrice, totalAmount].some((v) => v.trim());
    this.note = typed ? `The prices and amount typed ${owner} were cleared${now ? `: ${now}` : ''}.` : '';
    if (typed) this.fields = { ...this.fields, lowPrice: '', highPrice: '', totalAmount: '' };
  }

  set(patch: Partial<LadderFields>): void {
    if (LADDER_FIELDS.some((f) => patch[f] !== undefined)) this.note = '';
    this.fields = { ...this.fields, ...patch };
    this.placeError = undefined;
    this.schedule();
  }

  /** What main says of one of the ladder's own fields. */
  issuesFor(field: string): RuleIssueView[] {
    return this.preview?.issues.filter((i) => i.field === field) ?? [];
  }

  /** Issues of the preview no field shows (none expected, but never hidden). */
  get otherIssues(): RuleIssueView[] {
    return this.preview?.issues.filter((i) => !(LADDER_FIELDS as readonly string[]).includes(i.field)) ?? [];
  }

  /** Orders the rules refuse, with their issues. */
  get refusedOrders(): number {
    return this.preview?.orders.filter((o) => o.issues.length > 0).length ?? 0;
  }

  get ready(): boolean {
    const p = this.preview;
    return (
      !!p &&
      !this.checking &&
      !this.placing &&
      p.orders.length > 0 &&
      p.issues.length === 0 &&
      this.refusedOrders === 0
    );
  }

  get failed(): BulkOrderOutcomeView[] {
    return this.result?.outcomes.filter((o) => !o.ok) ?? [];
  }

  schedule(): void {
    this.#timers.clear(this.#timer);
    const f = this.fields;
    if (!this.market || (!f.lowPrice.trim() && !f.highPrice.trim() && !f.totalAmount.trim())) {
      this.#checks.dropAll();
      this.preview = undefined;
      this.checking = false;
      return;
    }
    this.checking = true;
    this.#timer = this.#timers.set(() => void this.check(), LADDER_DELAY_MS);
  }

  async check(): Promise<void> {
    const asked = this.#checks.next();
    this.checking = true;
    const { side, lowPrice, highPrice, orderCount, totalAmount, skew, postOnly } = this.fields;
    const reply = await this.#api.orders.previewLadder({
      ...(this.#account ? { accountId: this.#account } : {}),
      market: this.market,
      side,
      lowPrice: lowPrice.trim(),
      highPrice: highPrice.trim(),
      orderCount: orderCount.trim(),
      totalAmount: totalAmount.trim(),
      skew,
      ...(postOnly ? { postOnly } : {}),
      ...collateralOf(this.fields),
    });
    if (asked.stale) return;
    this.checking = false;
    this.preview = reply.ok ? reply.value : undefined;
    this.checkError = reply.ok ? undefined : reply.error;
  }

  /**
   * Sends the previewed orders (or, with `orders`, just those: the failed ones sent again); main asks
   * its own one question first, naming each order beyond a guard.
   */
  async place(
    accountId: string,
    orders = this.preview?.orders.map((o) => ({ price: o.price, amount: o.amount })) ?? [],
  ): Promise<BulkPlaceView | undefined> {
    if (orders.length === 0) return undefined;
    this.#timers.clear(this.#timer);
    this.placing = true;
    this.placeError = undefined;
    const { side, postOnly, stopOnFail } = this.fields;
    const reply = await this.#api.orders.placeBulk({
      accountId,
      market: this.preview?.market ?? this.market,
      side: this.preview?.side ?? side,
      orders,
      ...(postOnly ? { postOnly } : {}),
      ...(stopOnFail ? { stopOnFail } : {}),
      ...collateralOf(this.fields),
    });
    this.placing = false;
    if (!reply.ok) {
      this.placeError = reply.error;
      return undefined;
    }
    this.result = reply.value;
    return reply.value;
  }

  /**
   * Sends the failed orders again: one whose answer was lost keeps its client order id (the exchange
   * refuses it while the first is open), a refused one gets a new id.
   */
  resendFailed(accountId: string): Promise<BulkPlaceView | undefined> {
    const orders = this.failed.map((o) => ({
      price: o.price,
      amount: o.amount,
      ...(o.error?.code === 'answer_lost' ? { clientOrderId: o.clientOrderId } : {}),
    }));
    return this.place(accountId, orders);
  }
}
