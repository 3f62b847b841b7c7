import { z } from 'zod';
import { prepared, type ReadableDB, type WritableDB } from '../db.ts';
import { parseInput } from './parse.ts';
import { accountName, decimalString, timeMs } from './schemas.ts';

/**
 * A mining reward. The exchange does not document the record's fields, so the known ones are
 * columns and the whole record is kept as `raw` JSON; one reward per mining account and time.
 */
export const miningRewardSchema = z.strictObject({
  account: accountName,
  miningAccount: z.string().min(1).max(255),
  /** Unix seconds. */
  time: z.number().int().nonnegative(),
  reward: decimalString,
  fee: decimalString.nullable().default(null),
  hashrate: z.string().max(64).nullable().default(null),
  raw: z.unknown(),
});
export type MiningRewardInput = z.input<typeof miningRewardSchema>;
export type MiningReward = z.output<typeof miningRewardSchema>;

export function upsertMiningRewards(
  db: WritableDB,
  rewards: readonly MiningRewardInput[],
): { stored: number } {
  const rows = parseInput(z.array(miningRewardSchema), rewards, 'rewards');
  const statement = prepared(
    db,
    `INSERT INTO mining_rewards (account, mining_account, time, reward, fee, hashrate, raw) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (account, mining_account, time) DO UPDATE SET reward = excluded.reward, fee = excluded.fee,
       hashrate = excluded.hashrate, raw = excluded.raw`,
  );
  db.transaction(() => {
    for (const r of rows) {
      statement.run(
        r.account,
        r.miningAccount,
        r.time,
        r.reward,
        r.fee,
        r.hashrate,
        JSON.stringify(r.raw ?? null),
      );
    }
  })();
  return { stored: rows.length };
}

const rewardQuery = z.strictObject({
  account: accountName,
  miningAccount: z.string().min(1).optional(),
  from: z.number().int().nonnegative().optional(),
  to: z.number().int().nonnegative().optional(),
  /** Keyset: rewards older than this (time, mining account). */
  before: z.strictObject({ time: z.number().int(), miningAccount: z.string() }).optional(),
  limit: z.number().int().min(1).max(1000).default(200),
});
export type MiningRewardQuery = z.input<typeof rewardQuery>;

export function listMiningRewards(db: ReadableDB, query: MiningRewardQuery): MiningReward[] {
  const q = parseInput(rewardQuery, query, 'query');
  const parts = ['account = ?'];
  const params: unknown[] = [q.account];
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (q.miningAccount !== undefined) add('mining_account = ?', q.miningAccount);
  if (q.from !== undefined) add('time >= ?', q.from);
  if (q.to !== undefined) add('time < ?', q.to);
  if (q.before) add('(time, mining_account) < (?, ?)', q.before.time, q.before.miningAccount);
  params.push(q.limit);
  const rows = prepared(
    db,
    `SELECT * FROM mining_rewards WHERE ${parts.join(' AND ')} ORDER BY time DESC, mining_account DESC LIMIT ?`,
  ).all(...params) as {
    account: string;
    mining_account: string;
    time: number;
    reward: string;
    fee: string | null;
    hashrate: string | null;
    raw: string;
  }[];
  return rows.map((r) => ({
    account: r.account,
    miningAccount: r.mining_account,
    time: r.time,
    reward: r.reward,
    fee: r.fee,
    hashrate: r.hashrate,
    raw: JSON.parse(r.raw) as unknown,
  }));
}

/** One reading of a mining account's workers (from miner info). */
export const workerSampleSchema = z.strictObject({
  account: accountName,
  miningAccount: z.string().min(1).max(255),
  sampledAtMs: timeMs,
  online: z.number().int().nonnegative(),
  offline: z.number().int().nonnegative(),
  low: z.number().int().nonnegative(),
  fee: decimalString,
});
export type WorkerSample = z.infer<typeof workerSampleSchema>;

export function recordWorkerSample(db: WritableDB, sample: WorkerSample): void {
  const s = parseInput(workerSampleSchema, sample, 'sample');
  prepared(
    db,
    `INSERT INTO mining_worker_samples (account, mining_account, sampled_at_ms, online, offline, low, fee)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  ).run(s.account, s.miningAccount, s.sampledAtMs, s.online, s.offline, s.low, s.fee);
}

/** Worker samples of a mining account in [fromMs, toMs), oldest first, for a chart. */
export function listWorkerSamples(
  db: ReadableDB,
  account: string,
  miningAccount: string,
  fromMs = 0,
  toMs = Number.MAX_SAFE_INTEGER,
): WorkerSample[] {
  const rows = prepared(
    db,
    `SELECT * FROM mining_worker_samples WHERE account = ? AND mining_account = ? AND sampled_at_ms >= ?
     AND sampled_at_ms < ? ORDER BY sampled_at_ms LIMIT 10000`,
  ).all(account, miningAccount, fromMs, toMs) as {
    account: string;
    mining_account: string;
    sampled_at_ms: number;
    online: number;
    offline: number;
    low: number;
    fee: string;
  }[];
  return rows.map((r) => ({
    account: r.account,
    miningAccount: r.mining_account,
    sampledAtMs: r.sampled_at_ms,
    online: r.online,
    offline: r.offline,
    low: r.low,
    fee: r.fee,
  }));
}
