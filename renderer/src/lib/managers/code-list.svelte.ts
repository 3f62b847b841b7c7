/**
 * The service codes of the account on screen: those it made, or every code it made and applied,
 * newest first, a page at a time. The codes themselves stay in main; each row carries a masked hint.
 */
import type { ServiceCodesView } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import { Reading } from './reading.svelte.ts';

export type CodeRow = ServiceCodesView['records'][number];

export class CodeList extends Reading {
  list = $state<'mine' | 'history'>('mine');
  rows = $state<CodeRow[]>([]);
  total = $state(0);
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    super();
    this.#api = api;
  }

  /** Older codes exist beyond those shown. */
  get more(): boolean {
    return this.rows.length < this.total;
  }

  /** The first page of `list` for the account (the current list when not given). */
  async load(accountId: string, list = this.list): Promise<void> {
    if (list !== this.list) this.rows = [];
    this.list = list;
    if (!accountId) {
      this.dropRead();
      this.rows = [];
      this.total = 0;
      return;
    }
    const reply = await this.read(() => this.#api.wallet.codes({ accountId, list }));
    if (!reply?.ok) return;
    this.rows = reply.value.records;
    this.total = reply.value.total;
  }

  /** The next page, after the codes shown. */
  async older(accountId: string): Promise<void> {
    const reply = await this.read(() =>
      this.#api.wallet.codes({ accountId, list: this.list, offset: this.rows.length }),
    );
    if (!reply?.ok) return;
    this.rows = [...this.rows, ...reply.value.records];
    this.total = reply.value.total;
  }
}
