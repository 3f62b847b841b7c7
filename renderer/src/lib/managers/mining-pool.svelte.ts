import type { MiningPoolView } from '../../../../main/ipc/contract.ts';
import type { ChartSeries } from '../format/chart.ts';
import type { TxcApi } from '../api.ts';
import { Reading } from './reading.svelte.ts';

const UNITS = ['H/s', 'kH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s', 'EH/s'] as const;

/** The whole mining pool's figures as the exchange publishes them (`mining.pool`), for the Mining screen. */
export class MiningPoolState extends Reading {
  pool = $state<MiningPoolView | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    super();
    this.#api = api;
  }

  async load(): Promise<void> {
    const reply = await this.read(() => this.#api.mining.pool());
    if (reply?.ok) this.pool = reply.value;
  }

  /** The unit the chart draws in: the largest that keeps the week's highest day at least 1. */
  get unit(): { name: string; scale: number } {
    const highest = Math.max(0, ...(this.pool?.lastDays ?? []).map((d) => Number(d.hashrate)));
    const step = highest < 1 ? 0 : Math.min(UNITS.length - 1, Math.floor(Math.log10(highest) / 3));
    return { name: UNITS[step] ?? 'H/s', scale: 10 ** (3 * step) };
  }

  /** The pool's hashrate at the start of each of the last seven days, for drawing. */
  get series(): ChartSeries[] {
    const { scale } = this.unit;
    return [
      {
        id: 'pool',
        label: 'Pool hashrate',
        points: (this.pool?.lastDays ?? []).map((d) => ({ t: d.atMs, v: Number(d.hashrate) / scale })),
      },
    ];
  }
}
