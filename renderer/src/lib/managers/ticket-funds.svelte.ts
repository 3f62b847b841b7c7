import type { FeeRatesView, TicketFundsView } from '../../../../main/ipc/contract.ts';
import { feeRoleOf, orderFee, type OrderFee } from './ticket-fee.ts';
import { addDecimal } from '../format/exact.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { beyondBook, draftOf, quoteSized, type OrderTicket } from './order-ticket.svelte.ts';
import { LiveFollow } from './live-follow.svelte.ts';
import { ReplyGuard } from './reply-guard.ts';

/** The share buttons of the ticket (percent of what the order may spend). */
export const SHARES = [25, 50, 75, 100] as const;
export type Share = (typeof SHARES)[number];

/** A burst of balance changes (a cancel of many orders, the pushes of many fills) settles this long before one read. */
export const FUNDS_SETTLE_MS = 150;

/**
 * The ticket's balance line: what the order may spend (read from main, the figure the balance rule
 * checks), the order's value as main estimates it, and the share buttons, whose amount main works out
 * on the step. A share's amount goes into the ticket only while the ticket still is the order it was
 * worked out for (same account, market, side and type): a switch meanwhile drops it.
 *
 * What may be spent is never kept past a change of its source: it is read again whenever the
 * account's balance moves (its `balanceSpot` / `balanceMargin` pushes, an order placed or cancelled
 * here), when the account's socket is live again, and every minute while it is not.
 */
export class TicketFunds {
  funds = $state<TicketFundsView | undefined>();
  error = $state<IpcError | undefined>();
  busy = $state(false);
  /** The share whose amount is in the ticket (cleared when the amount is typed). */
  share = $state<Share | undefined>();
  /** The account's own fee rates on the ticket's market (`orders.feeRates`); undefined until read. */
  rates = $state<FeeRatesView | undefined>();
  ratesError = $state<IpcError | undefined>();
  readonly #api: TxcApi;
  readonly #ticket: OrderTicket;
  readonly #replies = new ReplyGuard();
  readonly #rateReads = new ReplyGuard();
  #ratesKey = '';
  readonly #live: LiveFollow;
  #key = '';
  /** The account whose balance the line shows and follows. */
  #account: string | undefined;
  #settle: ReturnType<typeof setTimeout> | undefined;

  constructor(api: TxcApi, ticket: OrderTicket) {
    this.#api = api;
    this.#ticket = ticket;
    this.#live = new LiveFollow(api, {
      onKnown: ({ accountId, values }) => {
        if (accountId === this.#account && (values['balances.spot'] || values['collateral.overview']))
          this.moved();
      },
      refresh: () => this.moved(),
    });
  }

  /** The account's balance moved (or may have): read again once a burst of changes settles. */
  moved(): void {
    clearTimeout(this.#settle);
    this.#settle = setTimeout(() => void this.refresh(this.#account, true), FUNDS_SETTLE_MS);
  }

  /** The exchange answers again: the balance is read, and followed again when its feed is not live. */
  async recover(): Promise<void> {
    const account = this.#account;
    if (!account) return;
    if (!this.#live.live) void this.#live.follow([account], ['balanceSpot', 'balanceMargin']);
    await this.refresh(account, true);
  }

  /** Stops following the account's balance (the screen closed). */
  async stop(): Promise<void> {
    clearTimeout(this.#settle);
    this.#account = undefined;
    await this.#live.stop();
  }

  /** Reads the available balance again when the account, market, side or kind changed (or `force`). */
  async refresh(account: string | undefined, force = false): Promise<void> {
    if (account !== this.#account) {
      this.#account = account;
      void (account ? this.#live.follow([account], ['balanceSpot', 'balanceMargin']) : this.#live.stop());
    }
    const f = this.#ticket.fields;
    void this.#readRates(account, f.market, force);
    const key = `${account ?? ''}|${f.market}|${f.side}|${f.kind}`;
    if (!force && key === this.#key) return;
    // a share of another order's balance is not this order's share
    if (key !== this.#key) this.share = undefined;
    this.#key = key;
    const asked = this.#replies.next();
    if (!account || !f.market) {
      this.funds = undefined;
      this.error = undefined;
      return;
    }
    const reply = await this.#api.orders.funds({ accountId: account, draft: { ...draftOf(f), amount: '' } });
    if (asked.stale) return;
    this.funds = reply.ok ? reply.value : undefined;
    this.error = reply.ok ? undefined : reply.error;
  }

  /** Reads the account's rates on the market when either changed (or `force`). */
  async #readRates(account: string | undefined, market: string, force: boolean): Promise<void> {
    const key = `${account ?? ''}|${market}`;
    if (!force && key === this.#ratesKey) return;
    this.#ratesKey = key;
    const asked = this.#rateReads.next();
    if (this.rates?.market !== market) this.rates = undefined;
    if (!account || !market) {
      this.rates = undefined;
      this.ratesError = undefined;
      return;
    }
    const reply = await this.#api.orders.feeRates({ accountId: account, market });
    if (asked.stale) return;
    this.rates = reply.ok ? reply.value : undefined;
    this.ratesError = reply.ok ? undefined : reply.error;
  }

  /**
   * The order's fee at the account's own rates on its value (`total()`): a market order's at the taker
   * rate, a post-only limit order's at the maker rate (with the RPI premium for an RPI order), any
   * other at the higher of the two (what it pays at most); undefined while either is not known.
   */
  fee(): OrderFee | undefined {
    const total = this.total();
    const rates = this.rates;
    const f = this.#ticket.fields;
    if (!total || total.beyondBook || !rates || rates.market !== f.market) return undefined;
    const maker =
      f.rpi && rates.rpiMakerPremium ? addDecimal(rates.maker, rates.rpiMakerPremium) : rates.maker;
    return orderFee(total.value, { maker, taker: rates.taker }, feeRoleOf(f));
  }

  /** Puts the amount that spends `share` of the balance into the ticket. */
  async pick(account: string | undefined, share: Share): Promise<void> {
    if (!account) return;
    const f = this.#ticket.fields;
    const asked = orderKey(account, f);
    this.busy = true;
    // main sizes a market order at its own reference price (the mark, else the book's middle)
    const reply = await this.#api.orders.funds({
      accountId: account,
      draft: { ...draftOf(f), amount: '' },
      percent: share,
    });
    this.busy = false;
    // the ticket became another order (side, type, market, account) while main worked this one out
    if (orderKey(this.#ticket.account, this.#ticket.fields) !== asked) {
      this.share = undefined;
      return;
    }
    if (!reply.ok) {
      this.error = reply.error;
      return;
    }
    this.funds = reply.value;
    this.error = undefined;
    if (reply.value.amount) {
      this.#ticket.set({ amount: reply.value.amount });
      this.share = share;
    } else {
      this.share = undefined;
      this.error = {
        code: 'too_small',
        message: `${String(share)}% of the available ${reply.value.asset} buys less than the smallest order of ${f.market}.`,
      };
    }
  }

  /**
   * The order's value in the quote asset: what a market buy spends, else main's estimate of the
   * draft as it stands (amount × price, or the whole book main read walked for a market order; an
   * order larger than that book is `beyondBook`, its value not known); undefined until then.
   */
  total(): OrderValue | undefined {
    const f = this.#ticket.fields;
    const amount = f.amount.trim();
    if (!amount) return undefined;
    if (quoteSized(f.kind, f.side))
      return { value: amount, estimated: false, beyondBook: false, typed: true };
    const e = this.#ticket.estimate;
    return e
      ? { value: e.value, estimated: e.source !== 'price', beyondBook: beyondBook(e), typed: false }
      : undefined;
  }
}

/** An order's value in the quote asset, as the ticket's balance line says it. */
export interface OrderValue {
  value: string;
  /** From the book or the market price now (else exact: amount × the order's own price, or typed). */
  estimated: boolean;
  /** Larger than the book main read: its value is not known. */
  beyondBook: boolean;
  /** The amount typed (a market buy sized in the quote): shown as typed. */
  typed: boolean;
}

/** Which order a share's amount was worked out for. */
function orderKey(account: string | undefined, f: OrderTicket['fields']): string {
  return `${account ?? ''}|${f.market}|${f.side}|${f.kind}`;
}
