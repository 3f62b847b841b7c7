import type { ProcedureResult, SweepLegView, UnreadAccountView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { addDecimal } from '../format/exact.ts';
import { failuresFirst } from './batch-log.svelte.ts';
import { settled } from './errors.ts';

export type SweepResult = ProcedureResult<'subaccounts.runSweep'>[number];

export interface SweepForm {
  direction: 'main_to_sub' | 'sub_to_main';
  ticker: string;
  /** A decimal, or "all" (sub to main only). */
  amount: string;
}

/** What a sweep preview showed: the transfers, their total, and the sub-accounts it could not read. */
export interface SweepPreview {
  legs: SweepLegView[];
  total: string;
  unread: UnreadAccountView[];
}

/**
 * Sweeps between the main account and the selected sub-accounts, however many (the whole desk):
 * a preview main keeps under its id, each transfer checked there against its balance, then the run
 * main asks about in its own dialog. A preview that left sub-accounts unread says so and is not sent.
 */
export class SubAccountSweep {
  preview = $state<SweepPreview | undefined>();
  results = $state<SweepResult[] | undefined>();
  error = $state<IpcError | undefined>();
  previewing = $state(false);
  sweeping = $state(false);
  #previewId: string | undefined;
  readonly #api: TxcApi;
  readonly #selected: () => string[];
  readonly #after: () => Promise<void>;

  /** `selected`: the sub-accounts chosen now; `after`: run once transfers were made (balances read again). */
  constructor(api: TxcApi, selected: () => string[], after: () => Promise<void>) {
    this.#api = api;
    this.#selected = selected;
    this.#after = after;
  }

  /** Whether the preview shown can be sent: it has transfers and every sub-account was read. */
  get sendable(): boolean {
    return !!this.preview && this.preview.legs.length > 0 && this.preview.unread.length === 0;
  }

  clear(): void {
    this.preview = undefined;
    this.#previewId = undefined;
  }

  #plan(form: SweepForm) {
    const amount = form.amount.trim();
    return {
      direction: form.direction,
      ticker: form.ticker.trim().toUpperCase(),
      amount: amount.toLowerCase() === 'all' ? ('all' as const) : amount,
    };
  }

  async previewSweep(form: SweepForm): Promise<boolean> {
    this.results = undefined;
    this.previewing = true;
    const reply = await this.#api.subaccounts.previewSweep({
      accountIds: this.#selected(),
      plan: this.#plan(form),
    });
    this.previewing = false;
    if (!reply.ok) {
      this.error = reply.error;
      this.clear();
      return false;
    }
    this.error = undefined;
    const { legs, unread } = reply.value;
    this.preview = { legs, unread, total: legs.reduce((sum, l) => addDecimal(sum, l.amount), '0') };
    this.#previewId = reply.value.previewId;
    return true;
  }

  /**
   * Makes exactly the previewed transfers: main keeps the preview under its id, asks the person in its
   * own dialog, and refuses a stale preview. Any refusal uses the preview up: it must be made again.
   */
  async runSweep(): Promise<boolean> {
    const previewId = this.#previewId;
    if (!previewId || !this.sendable) return false;
    this.sweeping = true;
    const reply = await this.#api.subaccounts.runSweep({ previewId });
    this.sweeping = false;
    this.clear();
    if (!settled(reply, (error) => (this.error = error))) return false;
    this.results = failuresFirst(reply.value);
    await this.#after();
    return true;
  }
}
