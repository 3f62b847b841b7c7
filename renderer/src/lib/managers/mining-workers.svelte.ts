/**
 * The Mining screen's workers one by one: every worker of the chosen mining account with its latest
 * hashrate and its hashrate over the chart's range (`mining.workers`), the quiet ones first, and the
 * one picked for the chart. When the exchange does not answer, the workers last read are shown with
 * when they were read.
 */
import type { MiningWorkersView, WorkerView } from '../../../../main/ipc/contract.ts';
import type { ChartSeries } from '../format/chart.ts';
import { multiplyDecimal } from '../format/exact.ts';
import { formatHashrate, type Measure } from '../format/units.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { recall } from './known.svelte.ts';
import type { Asked } from './reply-guard.ts';

/** Workers are read again at most this often by the screen's timer (their points are 5 minutes or more). */
export const WORKERS_EVERY_MS = 300_000;

/** A worker's hashrate (TH/s, as the exchange sends it) in H/s, for `formatHashrate`. */
export const workerRateHs = (terahash: string): string => multiplyDecimal(terahash, '1000000000000');

/** A worker's hashrate in the unit that suits it; none at all in TH/s, as its neighbours read. */
export function workerRate(terahash: string): Measure {
  const measure = formatHashrate(workerRateHs(terahash));
  return /^0(\.0*)?$/.test(terahash) ? { text: '0 TH/s', title: measure.title } : measure;
}

/** A worker's hashrate over time for the chart, in TH/s (a number for drawing only). */
export function workerHashrateSeries(worker: WorkerView | undefined): ChartSeries[] {
  if (!worker) return [];
  return [
    {
      id: worker.name,
      label: worker.name,
      points: worker.points.map((p) => ({ t: p.atMs, v: Number(p.hashrate) })),
    },
  ];
}

/** In words, how many workers went quiet ("2 of 12 workers quiet"), or undefined when none did. */
export function quietWords(workers: readonly WorkerView[]): string | undefined {
  const quiet = workers.filter((w) => w.quiet).length;
  if (quiet === 0) return undefined;
  return `${String(quiet)} of ${String(workers.length)} worker${workers.length === 1 ? '' : 's'} quiet: no hashrate now`;
}

export class MiningWorkersState {
  view = $state.raw<MiningWorkersView | undefined>();
  error = $state<IpcError | undefined>();
  loading = $state(false);
  /** The workers shown are the saved ones (the exchange did not answer), read then. */
  savedAtMs = $state<number | undefined>();
  /** The worker whose hashrate the chart draws. */
  picked = $state<string | undefined>();
  /** When the workers were last read from the exchange (ms). */
  readAtMs: number | undefined;

  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  get worker(): WorkerView | undefined {
    const workers = this.view?.workers ?? [];
    return workers.find((w) => w.name === this.picked) ?? workers[0];
  }

  get series(): ChartSeries[] {
    return workerHashrateSeries(this.worker);
  }

  get quiet(): string | undefined {
    return quietWords(this.view?.workers ?? []);
  }

  pick(name: string): void {
    this.picked = name;
  }

  /** Reads the workers of a mining account over the last `hours`; `asked` turns stale when another is shown. */
  async load(
    input: { accountId: string; miningAccount: string },
    hours: number,
    asked: Asked,
  ): Promise<void> {
    this.loading = true;
    const reply = await this.#api.mining.workers({ ...input, hours });
    const saved = reply.ok
      ? undefined
      : (await recall(this.#api, 'mining.hashrates', [input.accountId], input.miningAccount))[
          input.accountId
        ];
    if (asked.stale) return;
    this.loading = false;
    this.error = reply.ok ? undefined : reply.error;
    if (reply.ok) {
      this.view = reply.value;
      this.savedAtMs = undefined;
      this.readAtMs = reply.value.readAtMs;
    } else if (saved && (this.view === undefined || this.savedAtMs !== undefined)) {
      this.view = saved.value;
      this.savedAtMs = saved.asOfMs;
    } else if (this.view !== undefined) this.savedAtMs ??= this.readAtMs;
  }

  clear(): void {
    this.view = undefined;
    this.error = undefined;
    this.loading = false;
    this.savedAtMs = undefined;
    this.picked = undefined;
    this.readAtMs = undefined;
  }
}
