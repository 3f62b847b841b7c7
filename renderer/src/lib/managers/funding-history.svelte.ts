import type { FundingPointView } from '../../../../main/ipc/contract.ts';
import type { ChartSeries } from '../format/chart.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { settled } from './errors.ts';

/** A perpetual's funding settlements as main reads them (`markets.fundingHistory`), for its chart. */
export class FundingHistory {
  points = $state<FundingPointView[]>([]);
  market = $state('');
  loading = $state(false);
  error = $state<IpcError | undefined>();
  readonly #api: TxcApi;
  #asked = 0;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** Reads the market's last settlements; an answer for a market no longer asked is dropped. */
  async load(market: string): Promise<void> {
    const asked = ++this.#asked;
    this.market = market;
    this.loading = true;
    const reply = await this.#api.markets.fundingHistory({ market });
    if (asked !== this.#asked) return;
    this.loading = false;
    if (settled(reply, (error) => (this.error = error))) this.points = reply.value;
    else this.points = [];
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
