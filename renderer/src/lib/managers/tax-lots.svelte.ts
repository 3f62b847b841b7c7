import type { TaxLotsView, TaxMethod } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import type { ReportPeriod, ReportScopeChoice } from '../format/report-period.ts';

/** What a tax-lot report was asked for. */
export interface TaxLotsAsk {
  of: ReportScopeChoice;
  period: ReportPeriod;
  /** Words naming whose history, for the progress line ("Whole desk", "Sandbox main"). */
  whose: string;
  method: TaxMethod;
  feesDeductible: boolean;
}

/**
 * The tax-lot report running in main's background (`reports.taxLots`): one at a time per window, its
 * progress from `reports.progress` events, kept while the person goes to other screens (one instance
 * per window, `taxLotsRun`), so coming back to Reports shows it still running, or its outcome.
 */
export class TaxLotsRun {
  asked = $state<TaxLotsAsk | undefined>();
  running = $state(false);
  cancelling = $state(false);
  /** Deals read so far, of how many (from the progress events). */
  progress = $state<{ deals: number; total: number } | undefined>();
  result = $state<TaxLotsView | undefined>();
  error = $state<IpcError | undefined>();
  /** Main's id of the running job, known from its first progress event. */
  #job = $state<string | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  async start(ask: TaxLotsAsk): Promise<void> {
    if (this.running) return;
    this.asked = ask;
    this.running = true;
    this.cancelling = false;
    this.progress = undefined;
    this.result = undefined;
    this.error = undefined;
    this.#job = undefined;
    const stop = this.#api.on('reports.progress', (p) => {
      if (this.#job !== undefined && p.job !== this.#job) return;
      this.#job = p.job;
      this.progress = { deals: p.deals, total: p.total };
    });
    try {
      const reply = await this.#api.reports.taxLots({
        query: { of: ask.of, from: ask.period.from, to: ask.period.to },
        method: ask.method,
        feesDeductible: ask.feesDeductible,
      });
      if (reply.ok) this.result = reply.value;
      else this.error = reply.error;
    } finally {
      stop();
      this.running = false;
      this.cancelling = false;
      this.#job = undefined;
    }
  }

  /** Stops the running report (main leaves nothing at its file). */
  async cancel(): Promise<void> {
    if (!this.running || !this.#job) return;
    this.cancelling = true;
    const reply = await this.#api.reports.cancel({ job: this.#job });
    if (!reply.ok) {
      this.cancelling = false;
      this.error = reply.error;
    }
  }

  /** Whether Cancel can reach the job yet (its id comes with its first progress). */
  get cancellable(): boolean {
    return this.running && !this.cancelling && this.#job !== undefined;
  }
}

const runs = new WeakMap<TxcApi, TaxLotsRun>();

/** The window's one tax-lot run: the same whichever time the Reports screen is opened. */
export function taxLotsRun(api: TxcApi): TaxLotsRun {
  let run = runs.get(api);
  if (!run) {
    run = new TaxLotsRun(api);
    runs.set(api, run);
  }
  return run;
}
