/**
 * Mining-reward sync: every mining account of the key, rewards paged newest first (100 a page,
 * offsets up to 10,000), from the last synced reward less a day on later runs. Worker counts are
 * sampled on each run so the desk can see workers going offline over time.
 */
import type { MiningRewardInput } from '../cache/index.ts';
import type { HistorySink } from './sink.ts';
import * as mining from '../exchange/endpoints/mining.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';

const PAGE = 100;
const MAX_OFFSET = 10_000;

export function miningJob(account: string, miningAccount: string): string {
  return `mining:${account}:${miningAccount}`;
}

function rewardTime(raw: Record<string, unknown>): number | undefined {
  const t = raw['timestamp'] ?? raw['time'] ?? raw['date'];
  return typeof t === 'number'
    ? Math.floor(t)
    : typeof t === 'string' && /^\d+$/.test(t)
      ? Number(t)
      : undefined;
}

/** A page of rewards as the cache stores them (kept as the exchange sent them); unreadable ones skipped. */
export function rewardRows(
  account: string,
  name: string,
  page: readonly Record<string, unknown>[],
): MiningRewardInput[] {
  return page.flatMap((raw) => {
    const time = rewardTime(raw);
    const reward = raw['reward'];
    if (time === undefined || typeof reward !== 'string') return [];
    const fee = typeof raw['fee'] === 'string' ? raw['fee'] : null;
    // `hashRate` as published; `hashrate` as some answers spell it
    const rate = raw['hashRate'] ?? raw['hashrate'];
    const hashrate = typeof rate === 'string' ? rate : null;
    return [{ account, miningAccount: name, time, reward, fee, hashrate, raw }];
  });
}

export async function syncMining(options: {
  cache: HistorySink;
  caller: KeyCaller;
  account: string;
  signal?: AbortSignal;
  now?: () => number;
}): Promise<{ rewards: number; miningAccounts: number }> {
  const { cache, caller, account, signal } = options;
  const now = (options.now ?? (() => Math.floor(Date.now() / 1000)))();
  const accounts = await mining.accounts(caller);
  let rewards = 0;
  for (const { name } of accounts) {
    const job = miningJob(account, name);
    const saved = (await cache.checkpoints.load(job))?.cursor as { syncedUntil: number } | undefined;
    const from = saved ? saved.syncedUntil - 86_400 : 0;
    for (let offset = 0; offset <= MAX_OFFSET; offset += PAGE) {
      signal?.throwIfAborted();
      const page = await mining.rewards(caller, { account: name, from, to: now, limit: PAGE, offset });
      const rows = rewardRows(account, name, page);
      const last = page.length < PAGE;
      await cache.mining.upsertRewards(rows, last ? { job, cursor: { syncedUntil: now } } : undefined);
      rewards += rows.length;
      if (last) break;
    }
    const info = await mining.minerInfo(caller, name);
    await cache.mining.recordWorkerSample({
      account,
      miningAccount: name,
      sampledAtMs: now * 1000,
      online: info.workers.online,
      offline: info.workers.offline,
      low: info.workers.low,
      fee: info.fee,
    });
  }
  return { rewards, miningAccounts: accounts.length };
}
