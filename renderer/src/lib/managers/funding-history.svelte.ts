import type { FundingPointView } from '../../../../main/ipc/contract.ts';
import type { ChartSeries } from '../format/chart.ts';
import type { TxcApi } from '../api.ts';
import { Reading } from './reading.svelte.ts';

/** A perpetual's funding settlements as main reads them (`markets.fundingHistory`), for its chart. */
export class FundingHistory extends Reading {
  points = $state<FundingPointView[]>([]);
  market = $state('');
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    super();
    this.#api = api;
  }

  /** Reads the market's last settlements; an answer for a market no longer asked is dropped. */
  async load(market: string): Promise<void> {
    this.market = market;
    const reply = await this.read(() => this.#api.markets.fundingHistory({ market }));
    if (reply) this.points = reply.ok ? reply.value : [];
  }

  /** The rates in percent, for drawing (the exact rates stay strings in `points`). */
  get series(): ChartSeries[] {
    return [
      {
        id: 'funding',
        label: 'Funding rate',
        points: this.points.map((p) => ({ t: p.timeMs, v: Number(p.rate) * 100 })),
      },
    ];
  }

  /** The newest settlement, for the line under the chart. */
  get latest(): FundingPointView | undefined {
    return this.points.at(-1);
  }
}
