/**
 * The exchange's public status and reference endpoints: `time`, `ping`, `platform/status`
 * (`control.setPlatformMaintenance`), `mining-pool` (the pool's figures from the sandbox's mining
 * accounts) and `funding-history/{market}` (every funding settlement of a futures market, the ones
 * the positions paid and received, newest first), as the exchange publishes them.
 */
import { Decimal } from 'decimal.js';
import { ApiError } from '../http/errors.ts';
import type { PublicRoute } from '../http/route.ts';
import type { Positions } from '../collateral/positions.ts';
import type { SandboxState } from '../state.ts';
import { pathMarket } from './market-data.ts';
import { workerCounts } from './mining.ts';
import { accountHashRate } from './mining-workers.ts';

const DAY = 86_400;

/** Where the pool's miners connect, as `mining/miners/info` lists them. */
const STRATUM = [
  'stratum+tcp://eu.pool.sandbox.txc.local:3333',
  'stratum+tcp://us.pool.sandbox.txc.local:3333',
];

/**
 * A funding-history query parameter: absent, or an integer within [min, max]. A refusal is the
 * published flat bag with a single message string (`{"limit": "limit must be ..."}`).
 */
function intParam(query: URLSearchParams, name: string, min: number, max?: number): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!/^-?\d+$/.test(raw)) throw new ApiError(422, { [name]: `${name} must be an integer` });
  const n = Number(raw);
  if (n < min) throw new ApiError(422, { [name]: `${name} must be greater than or equal to ${String(min)}` });
  if (max !== undefined && n > max)
    throw new ApiError(422, { [name]: `${name} must be less than or equal to ${String(max)}` });
  return n;
}

export function publicStatusRoutes(state: SandboxState, positions: Positions): PublicRoute[] {
  return [
    {
      method: 'GET',
      path: '/api/v4/public/time',
      handler: () => ({ time: Math.floor(state.now() / 1000) }),
    },
    { method: 'GET', path: '/api/v4/public/ping', handler: () => ['pong'] },
    {
      method: 'GET',
      path: '/api/v4/public/platform/status',
      handler: () => ({
        status: state.platformMaintenance ? 'system maintenance' : 'system operational',
      }),
    },
    {
      method: 'GET',
      path: '/api/v4/public/mining-pool',
      handler: () => {
        const now = state.now();
        const online = (at: number) =>
          state.wallet.mining.reduce((sum, m) => sum + workerCounts(m, at).online, 0);
        const rate = (at: number) =>
          state.wallet.mining.reduce((sum, m) => sum.plus(accountHashRate(m, at)), new Decimal(0)).toFixed();
        const today = Math.floor(now / 1000 / DAY) * DAY;
        const workers = online(now);
        return {
          data: {
            connection_links: STRATUM,
            location: 'global',
            assets: ['BTC'],
            reward_schemes: ['FPPS'],
            workers,
            current_hash_rate: rate(now),
            // each of the last seven days at its start, oldest first
            last7days_hash_rate: Array.from({ length: 7 }, (_, i) => {
              const t = today - (6 - i) * DAY;
              return { timestamp: t, hashrate: rate(t * 1000) };
            }),
            // the sandbox's pool finds no blocks
            blocks: [],
          },
        };
      },
    },
    {
      method: 'GET',
      path: '/api/v4/public/funding-history/{market}',
      errors: 'flat',
      handler: ({ path, query }) => {
        // a blank market (`.../funding-history/%20`): the published "missing market"
        if (decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)).trim() === '')
          throw new ApiError(422, { market: 'market is required' });
        const m = pathMarket(state, path);
        if (m.type !== 'futures') throw new ApiError(422, { market: ['Market is not available.'] });
        const startDate = intParam(query, 'startDate', 0);
        const endDate = intParam(query, 'endDate', 0);
        const limit = intParam(query, 'limit', 1, 100) ?? 100;
        const offset = intParam(query, 'offset', 0, 1_000_000) ?? 0;
        if (startDate !== undefined && endDate !== undefined && endDate <= startDate)
          throw new ApiError(422, { endDate: 'endDate must be greater than to startDate' });
        return positions.book.settlements
          .filter(
            (f) =>
              f.market === m.name &&
              (startDate === undefined || f.fundingTime >= startDate) &&
              (endDate === undefined || f.fundingTime <= endDate),
          )
          .sort((a, b) => b.fundingTime - a.fundingTime)
          .slice(offset, offset + limit)
          .map((f) => ({
            fundingTime: String(f.fundingTime),
            fundingRate: f.fundingRate,
            market: f.market,
            settlementPrice: f.settlementPrice,
            rateCalculatedTime: String(f.rateCalculatedTime),
          }));
      },
    },
  ];
}
