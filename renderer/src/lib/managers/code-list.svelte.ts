/**
 * The service codes of the account on screen: those it made, or every code it made and applied,
 * newest first, a page at a time. The codes themselves stay in main; each row carries a masked hint.
 */
import type { ServiceCodesView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';

export type CodeRow = ServiceCodesView['records'][number];

export class CodeList {
  list = $state<'mine' | 'history'>('mine');
  rows = $state<CodeRow[]>([]);
  total = $state(0);
  loading = $state(false);
  error = $state<IpcError | undefined>();
  readonly #api: TxcApi;
  /** Bumped by every new read: an answer for another account or list is dropped. */
  #asked = 0;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** Older codes exist beyond those shown. */
  get more(): boolean {
    return this.rows.length < this.total;
  }

  /** The first page of `list` for the account (the current list when not given). */
  async load(accountId: string, list = this.list): Promise<void> {
    const asked = ++this.#asked;
    if (list !== this.list) this.rows = [];
    this.list = list;
    if (!accountId) {
      this.rows = [];
      this.total = 0;
      return;
    }
    this.loading = true;
    const reply = await this.#api.wallet.codes({ accountId, list });
    if (asked !== this.#asked) return;
    this.loading = false;
    if (!reply.ok) {
      this.error = reply.error;
      return;
    }
    this.error = undefined;
    this.rows = reply.value.records;
    this.total = reply.value.total;
  }

  /** The next page, after the codes shown. */
  async older(accountId: string): Promise<void> {
    const asked = ++this.#asked;
    const reply = await this.#api.wallet.codes({ accountId, list: this.list, offset: this.rows.length });
    if (asked !== this.#asked) return;
    if (!reply.ok) {
      this.error = reply.error;
      return;
    }
    this.rows = [...this.rows, ...reply.value.records];
    this.total = reply.value.total;
  }
}
