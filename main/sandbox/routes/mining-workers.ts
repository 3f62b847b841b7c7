/**
 * A mining account's workers one by one: `mining/workers/names` (the online ones now),
 * `mining/workers/hashrate` (one worker over time, TH/s) and `mining/hashrate` (the account over
 * time, H/s). Each worker's state follows the account's worker counts (`workerCounts`, which move
 * every minute): workers are `worker_001`…; the last `offline` of them are offline and, of the
 * online ones, the last `low` hash at a third of the rate. One rule for the names, the per-worker
 * rates, the account's rate and the pool's (`public/mining-pool`), so they always agree.
 */
import { Decimal } from 'decimal.js';
import { ApiError, validationError } from '../http/errors.ts';
import { oneOf, optInt, reqString, type Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { mainAccountOf, type Account, type SandboxState } from '../state.ts';
import type { MiningAccount } from '../wallet-state.ts';
import { WORKER_HASH_RATE, workerCounts } from './mining.ts';

const DAY = 86_400;
/** What a worker reported as low hashes, as a share of the full rate. */
const LOW_SHARE = new Decimal(1).div(3);
const INTERVALS = { '5m': 300, '1h': 3600, '24h': DAY } as const;
type Interval = keyof typeof INTERVALS;

export type WorkerState = 'online' | 'low' | 'offline';

export const workerName = (i: number): string => `worker_${String(i + 1).padStart(3, '0')}`;

/** Every worker of the account at `atMs`, in name order, with its state. */
export function workersAt(m: MiningAccount, atMs: number): Array<{ name: string; state: WorkerState }> {
  const { online, low } = workerCounts(m, atMs);
  return Array.from({ length: m.workers }, (_, i) => ({
    name: workerName(i),
    state: i >= online ? 'offline' : i >= online - low ? 'low' : 'online',
  }));
}

/** A worker's rate in H/s. */
export function workerHashRate(state: WorkerState): Decimal {
  if (state === 'offline') return new Decimal(0);
  const full = new Decimal(WORKER_HASH_RATE);
  return state === 'low' ? full.times(LOW_SHARE).toDecimalPlaces(0) : full;
}

/** The account's rate in H/s at `atMs`: the sum of its workers'. */
export function accountHashRate(m: MiningAccount, atMs: number): Decimal {
  return workersAt(m, atMs).reduce((sum, w) => sum.plus(workerHashRate(w.state)), new Decimal(0));
}

/** The points of a time series: each interval's start from `from` to `to` (Unix seconds), oldest first. */
function series(body: Body, now: number, m: MiningAccount, onBadTime: () => ApiError): number[] {
  const interval: Interval = oneOf(body, 'interval', Object.keys(INTERVALS) as Interval[]) ?? '1h';
  const step = INTERVALS[interval];
  const to = optInt(body, 'to', 0) ?? now;
  const from = optInt(body, 'from', 0) ?? to - (interval === '24h' ? 30 * DAY : DAY);
  if (from > to || to > now) throw onBadTime();
  const out: number[] = [];
  for (let t = Math.ceil(Math.max(from, m.createdAt) / step) * step; t <= to; t += step) out.push(t);
  return out;
}

export function miningWorkerRoutes(state: SandboxState): PrivateRoute[] {
  const route = (path: string, handler: PrivateRoute['handler']): PrivateRoute => ({
    method: 'POST',
    path,
    group: 'account',
    validation: 'fields',
    handler,
  });
  const nowS = () => Math.floor(state.now() / 1000);
  /** The caller's mining account by name; an unknown one refused as `errors[field]`. */
  const owned = (account: Account, name: string, field: string, text: string): MiningAccount => {
    const owner = mainAccountOf(state, account);
    const m = state.wallet.mining.find((x) => x.name === name && x.accountId === owner.id);
    if (!m) throw validationError({ [field]: [text] });
    return m;
  };
  const poolAccount = (account: Account, body: Body): MiningAccount => {
    const name = reqString(body, 'account', 255);
    return owned(account, name, 'user', `Mining pool account '${name}' not found`);
  };
  return [
    route('/api/v4/mining/hashrate', ({ account, body }) => {
      const name = reqString(body, 'account');
      const m = owned(account, name, 'account', 'Account not found');
      const points = series(
        body,
        nowS(),
        m,
        () => new ApiError(422, { code: 422, message: 'Incorrect timestamp' }),
      );
      return {
        data: {
          account: m.name,
          hashrate: points.map((t) => {
            const workers = workersAt(m, t * 1000);
            const online = workers.filter((w) => w.state !== 'offline').length;
            const low = workers.filter((w) => w.state === 'low').length;
            return {
              timestamp: t,
              hashrate: accountHashRate(m, t * 1000).toFixed(),
              // a low worker's shares are the ones rejected
              rejectRate:
                online === 0 ? 0 : new Decimal(low).div(online).times('0.05').toDecimalPlaces(4).toNumber(),
            };
          }),
        },
      };
    }),
    route('/api/v4/mining/workers/names', ({ account, body }) => {
      const m = poolAccount(account, body);
      const limit = optInt(body, 'limit', 1, 100) ?? 100;
      const offset = optInt(body, 'offset', 0, 10_000) ?? 0;
      const online = workersAt(m, state.now()).filter((w) => w.state !== 'offline');
      return { data: { workers: online.slice(offset, offset + limit).map((w) => w.name) }, limit, offset };
    }),
    route('/api/v4/mining/workers/hashrate', ({ account, body }) => {
      const m = poolAccount(account, body);
      const worker = reqString(body, 'worker', 255);
      const points = series(body, nowS(), m, () =>
        validationError({ from: ['The from must be a date before or equal to the to and now.'] }),
      );
      const index = workersAt(m, state.now()).findIndex((w) => w.name === worker);
      // a worker the account never had has no history
      if (index < 0) return { data: { hashrates: [] } };
      const tera = new Decimal(10).pow(12);
      return {
        data: {
          hashrates: points.map((t) => {
            const w = workersAt(m, t * 1000)[index];
            return {
              time: t,
              hashrate: workerHashRate(w?.state ?? 'offline')
                .div(tera)
                .toFixed(),
            };
          }),
        },
      };
    }),
  ];
}
