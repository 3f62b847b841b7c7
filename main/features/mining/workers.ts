/**
 * A mining account's workers one by one, from the exchange's own endpoints: the names of those online
 * now (`mining/workers/names`), each worker's hashrate over the range (`mining/workers/hashrate`) and
 * the account's (`mining/hashrate`). The exchange names only the workers online, so a worker that
 * stopped is found in what the last reading held (the last known state) and kept while the exchange
 * still has a history for it: it shows as quiet, its hashrate gone to zero.
 *
 * A worker's series is one request each: they go a few at a time on the key's background queue, so the
 * screens' own reads of the same key go first and the key's budget is never run past.
 */
import { Decimal } from 'decimal.js';
import * as mining from '../../exchange/endpoints/mining.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { AccountService } from '../../services/accounts.ts';
import { pool } from '../../services/desk/pool.ts';
import type { KnownReads } from '../live/known-reads.ts';
import type { HashratePointView, MiningWorkersView, WorkerView } from '../../views/mining.ts';

const HOUR_S = 3600;
/** Up to this many hours are read in 5-minute points; beyond, in hours. */
const FINE_HOURS = 6;
/** Workers' series read at once on one key. */
const AT_ONCE = 4;

const point = (atS: number, hashrate: string): HashratePointView => ({ atMs: atS * 1000, hashrate });
const isZero = (rate: string): boolean => new Decimal(rate).isZero();

/** A worker as the screen shows it, from whether it is named online and its series. */
export function workerOf(name: string, online: boolean, points: HashratePointView[]): WorkerView {
  const hashrate = points.at(-1)?.hashrate ?? '0';
  return { name, online, hashrate, quiet: !online || isZero(hashrate), points };
}

/** Quiet workers first (they are what a desk looks for), then by name. */
export function byAttention(a: WorkerView, b: WorkerView): number {
  if (a.quiet !== b.quiet) return a.quiet ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export class MiningWorkers {
  readonly #accounts: AccountService;
  readonly #known: KnownReads;
  readonly #now: () => number;

  constructor(accounts: AccountService, known: KnownReads, now: () => number = Date.now) {
    this.#accounts = accounts;
    this.#known = known;
    this.#now = now;
  }

  /** Every worker of `miningAccount` and the account's hashrate over the last `hours`. */
  async read(accountId: string, miningAccount: string, hours: number): Promise<MiningWorkersView> {
    const caller = await this.#accounts.caller(accountId);
    const readAtMs = this.#now();
    const to = Math.floor(readAtMs / 1000);
    const interval = hours <= FINE_HOURS ? '5m' : '1h';
    const range = { account: miningAccount, interval, from: to - hours * HOUR_S, to } as const;
    const [online, total, before] = await Promise.all([
      mining.workerNames(caller, miningAccount),
      mining.hashrate(caller, range),
      this.#remembered(accountId, miningAccount),
    ]);
    const named = new Set(online);
    const names = [...named, ...before.filter((n) => !named.has(n))];
    const series = await this.#series(caller.inBackground(), range, names);
    const workers = names
      .map((name, i) => ({ name, points: series[i] ?? [] }))
      // a worker the exchange has no history of is no longer the account's
      .filter((w) => named.has(w.name) || w.points.length > 0)
      .map((w) => workerOf(w.name, named.has(w.name), w.points))
      .sort(byAttention);
    return {
      miningAccount,
      hours,
      interval,
      readAtMs,
      workers,
      total: total.map((p) => point(p.timestamp, p.hashrate)),
    };
  }

  async #series(
    caller: KeyCaller,
    range: { account: string; interval: '5m' | '1h'; from: number; to: number },
    names: readonly string[],
  ): Promise<HashratePointView[][]> {
    return pool(names, AT_ONCE, async (worker) =>
      (await mining.workerHashrate(caller, { ...range, worker })).map((p) => point(p.time, p.hashrate)),
    );
  }

  /** The workers the last reading of this mining account held. */
  async #remembered(accountId: string, miningAccount: string): Promise<string[]> {
    const [last] = await this.#known.recall('mining.hashrates', [accountId], miningAccount);
    // read as it was kept, and no further: what an older app version kept may be of another shape
    const workers = (last?.value as { workers?: unknown } | undefined)?.workers;
    if (!Array.isArray(workers)) return [];
    return workers.flatMap((w: unknown) => {
      const name = (w as { name?: unknown } | null)?.name;
      return typeof name === 'string' && name.length > 0 && name.length <= 255 ? [name] : [];
    });
  }
}
