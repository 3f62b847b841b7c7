import type { SubAccountTransfersView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { ReplyGuard, type Asked } from './reply-guard.ts';
import { settled } from './errors.ts';

type Row = SubAccountTransfersView['rows'][number];
export type DirectionFilter = 'both' | 'main_to_sub' | 'sub_to_main';

/** Transfers read a page at a time: a desk's busiest sub-account has thousands. */
export const TRANSFER_PAGE = 50;

/**
 * The chosen sub-account's transfers with the main account, newest first: the direction filtered at
 * the exchange, the currency among what was read; older pages read on demand.
 */
export class SubAccountTransfers {
  subAccountId = $state('');
  direction = $state<DirectionFilter>('both');
  ticker = $state('');
  rows = $state<Row[]>([]);
  more = $state(false);
  loading = $state(false);
  loaded = $state(false);
  error = $state<IpcError | undefined>();
  readonly #api: TxcApi;
  /** Every fresh read makes the pages of an older one stale. */
  readonly #reads = new ReplyGuard();

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** The currencies among the transfers read, for the currency filter. */
  get tickers(): string[] {
    return this.rows
      .map((r) => r.ticker)
      .filter((t, i, all) => all.indexOf(t) === i)
      .sort();
  }

  get shown(): Row[] {
    return this.ticker ? this.rows.filter((r) => r.ticker === this.ticker) : this.rows;
  }

  /** Reads the first page for `subAccountId` (or the same one again after a filter change). */
  async show(subAccountId: string): Promise<void> {
    if (subAccountId !== this.subAccountId) this.ticker = '';
    this.subAccountId = subAccountId;
    this.rows = [];
    this.more = false;
    this.loaded = false;
    this.error = undefined;
    if (subAccountId) await this.#read(0, this.#reads.next());
  }

  setDirection(direction: DirectionFilter): Promise<void> {
    this.direction = direction;
    return this.show(this.subAccountId);
  }

  /** The next older page, after what is shown. */
  older(): Promise<void> {
    return this.#read(this.rows.length, this.#reads.newest());
  }

  async #read(offset: number, asked: Asked): Promise<void> {
    if (!this.subAccountId || (this.loading && offset > 0)) return;
    this.loading = true;
    const reply = await this.#api.subaccounts.transfers({
      subAccountId: this.subAccountId,
      ...(this.direction === 'both' ? {} : { direction: this.direction }),
      offset,
      limit: TRANSFER_PAGE,
    });
    if (asked.stale) return;
    this.loading = false;
    this.loaded = true;
    if (!settled(reply, (error) => (this.error = error))) return;
    // a transfer made meanwhile shifts the pages: one already shown is not shown twice
    const seen: Record<string, true> = Object.fromEntries(this.rows.map((r) => [r.id, true]));
    this.rows = [...this.rows, ...reply.value.rows.filter((r) => !seen[r.id])];
    this.more = reply.value.more;
  }
}
