/** Mining pool: accounts, rewards, watcher links, miner info (worker counts move with time). */
import { Decimal } from 'decimal.js';
import { validationError } from '../http/errors.ts';
import { optInt } from '../http/fields.ts';
import type { Body } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { mainAccountOf } from '../state.ts';
import type { Account, SandboxState } from '../state.ts';
import type { MiningAccount } from '../wallet-state.ts';

const DAY = 86_400;
/** What one worker hashes, in H/s (the rewards' `hashRate` and the pool's figures). */
export const WORKER_HASH_RATE = 95_000_000_000_000;
/** Worker counts change every this many milliseconds of server time. */
export const WORKER_PERIOD_MS = 60_000;

function hash(n: number): number {
  let x = (n ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

function owned(state: SandboxState, account: Account, name: string): MiningAccount | undefined {
  const owner = mainAccountOf(state, account);
  return state.wallet.mining.find((m) => m.name === name && m.accountId === owner.id);
}

/** `account` field of the watcher/info endpoints: unknown accounts are a validation error under `user`. */
function minerAccount(state: SandboxState, account: Account, body: Body): MiningAccount {
  const name = body['account'];
  if (typeof name !== 'string' || name === '')
    throw validationError({ account: ['The account field is required.'] });
  if (name.length > 255)
    throw validationError({ account: ['The account may not be greater than 255 characters.'] });
  const m = owned(state, account, name);
  if (!m) throw validationError({ user: ['Mining account not found.'] });
  return m;
}

/** A watcher link's address. */
export const watcherUrl = (id: string): string => `https://pool.sandbox.txc.local/watcher/${id}`;

export function workerCounts(
  m: MiningAccount,
  now: number,
): { online: number; offline: number; low: number } {
  if (m.pinned) return { online: Math.max(0, m.workers - m.pinned.offline), ...m.pinned };
  const period = Math.floor(now / WORKER_PERIOD_MS);
  const h = hash(period * 31 + m.name.length * 7 + m.createdAt);
  const offline = h % Math.max(1, Math.ceil(m.workers / 3));
  const low = (h >>> 8) % 2;
  return { online: m.workers - offline, offline, low: Math.min(low, m.workers - offline) };
}

function rewards(m: MiningAccount, now: number): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const today = Math.floor(now / 1000 / DAY) * DAY;
  for (let t = today; t >= m.createdAt; t -= DAY) {
    const h = hash(t + m.workers);
    const total = new Decimal(m.workers).times(new Decimal(900 + (h % 200)).div(10_000_000));
    const fee = total.times(m.fee);
    const hashRate = new Decimal(m.workers * WORKER_HASH_RATE);
    // as the exchange publishes a reward: the total, the fee taken and what is left, per day
    // paid to the main balance an hour after the day closes (no transaction hash or address then)
    out.push({
      miningAccountName: m.name,
      payoutDestination: 'main_balance',
      payoutTime: t + DAY + 3600,
      rewardCurrency: 'BTC',
      totalReward: total.toFixed(),
      reward: total.minus(fee).toFixed(),
      fee: fee.toFixed(),
      fppsRate: total.div(hashRate).toSignificantDigits(8).toFixed(),
      hashRate: hashRate.toFixed(),
      date: t,
      status: t === today ? 'pending' : 'successful',
    });
  }
  return out;
}

export function miningRoutes(state: SandboxState): PrivateRoute[] {
  const route = (path: string, handler: PrivateRoute['handler']): PrivateRoute => ({
    method: 'POST',
    path,
    group: 'account',
    validation: 'fields',
    handler,
  });
  return [
    route('/api/v4/mining/accounts', ({ account, body }) => {
      const name = body['name'];
      if (name !== undefined && (typeof name !== 'string' || name.length > 255))
        throw validationError({ name: ['The name must be a string.'] });
      const limit = optInt(body, 'limit', 1, 100) ?? 100;
      const offset = optInt(body, 'offset', 0, 10000) ?? 0;
      const owner = mainAccountOf(state, account);
      const data = state.wallet.mining
        .filter((m) => m.accountId === owner.id && (!name || m.name.includes(name)))
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(offset, offset + limit)
        .map((m) => ({ name: m.name, createdAt: m.createdAt }));
      return { data, limit, offset };
    }),
    route('/api/v4/mining/rewards', ({ account, body }) => {
      const name = body['account'];
      if (name !== undefined && typeof name !== 'string')
        throw validationError({ account: ['The account must be a string.'] });
      const from = optInt(body, 'from', 0);
      const to = optInt(body, 'to', 0);
      const limit = optInt(body, 'limit', 1, 100) ?? 100;
      const offset = optInt(body, 'offset', 0, 10000) ?? 0;
      const owner = mainAccountOf(state, account);
      const accounts = state.wallet.mining.filter(
        (m) => m.accountId === owner.id && (!name || m.name === name),
      );
      const data = accounts
        .flatMap((m) => rewards(m, state.now()))
        .filter(
          (r) =>
            (from === undefined || (r['date'] as number) >= from) &&
            (to === undefined || (r['date'] as number) <= to),
        )
        .sort((a, b) => (b['date'] as number) - (a['date'] as number))
        .slice(offset, offset + limit);
      return { data, limit, offset };
    }),
    route('/api/v4/mining/watcher-links/list', ({ account, body }) => {
      const m = minerAccount(state, account, body);
      const now = Math.floor(state.now() / 1000);
      const made = (state.wallet.watcherLinks ?? [])
        .filter((l) => l.ownerId === m.accountId && l.accounts.includes(m.name))
        .filter((l) => l.liveUntil === null || l.liveUntil > now)
        .map(({ ownerId: _owner, ...l }) => ({ ...l, link: watcherUrl(l.id) }));
      return {
        data: [
          ...made,
          {
            id: `wl-${hash(m.createdAt).toString(16)}`,
            accounts: [m.name],
            name: `${m.name} dashboard`,
            link: watcherUrl(hash(m.createdAt + 1).toString(16)),
            permissions: ['dashboard', 'workers'],
            liveUntil: m.createdAt + 365 * DAY,
            createdAt: m.createdAt,
          },
        ],
      };
    }),
    route('/api/v4/mining/miners/info', ({ account, body }) => {
      const m = minerAccount(state, account, body);
      const workers = workerCounts(m, state.now());
      const eu = Math.ceil(workers.online / 2);
      return {
        data: {
          fee: m.fee,
          workers,
          stratum: [
            { url: 'stratum+tcp://eu.pool.sandbox.txc.local:3333', workersCount: eu },
            { url: 'stratum+tcp://us.pool.sandbox.txc.local:3333', workersCount: workers.online - eu },
          ],
        },
      };
    }),
  ];
}
