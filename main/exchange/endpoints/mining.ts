/** Mining pool: accounts, rewards, watcher links and miner info. */
import { z } from 'zod';
import { decimal, defined, READ, type KeyCaller } from './shapes.ts';
import { REST } from '../registry/index.ts';

export const miningAccountSchema = z.looseObject({ name: z.string(), createdAt: z.number().int() });
export type MiningAccount = z.output<typeof miningAccountSchema>;

export const watcherLinkSchema = z.looseObject({
  id: z.string(),
  accounts: z.array(z.string()),
  name: z.string(),
  link: z.string(),
  permissions: z.array(z.string()),
  liveUntil: z.number().int().nullish(),
  createdAt: z.number().int(),
});
export type WatcherLink = z.output<typeof watcherLinkSchema>;

export const minerInfoSchema = z.looseObject({
  fee: decimal,
  workers: z.looseObject({ online: z.number().int(), offline: z.number().int(), low: z.number().int() }),
  stratum: z.array(z.looseObject({ url: z.string(), workersCount: z.number().int() })),
});
export type MinerInfo = z.output<typeof minerInfoSchema>;

/** Reward record fields are not fixed by the exchange's documentation: kept as they come. */
export const rewardSchema = z.looseObject({});
export type Reward = z.output<typeof rewardSchema>;

const accountsAnswer = z.looseObject({ data: z.array(miningAccountSchema) });

export async function accounts(c: KeyCaller, name?: string): Promise<MiningAccount[]> {
  return (await c.post(REST.miningAccounts.path, defined({ name }), accountsAnswer, READ)).data;
}

export interface RewardFilter {
  account: string;
  from?: number;
  to?: number;
  /** 1..100; the last page is the one with fewer than `limit` records. */
  limit?: number;
  /** 0..10000; beyond that, narrow with from/to. */
  offset?: number;
}

const rewardsAnswer = z.looseObject({ data: z.array(rewardSchema) });

/** Newest first. An unknown or not-owned account answers an empty list. */
export async function rewards(c: KeyCaller, filter: RewardFilter): Promise<Reward[]> {
  return (await c.post(REST.miningRewards.path, defined({ ...filter }), rewardsAnswer, READ)).data;
}

const watcherLinksAnswer = z.looseObject({ data: z.array(watcherLinkSchema) });

export async function watcherLinks(c: KeyCaller, account: string): Promise<WatcherLink[]> {
  return (await c.post(REST.watcherLinks.path, { account }, watcherLinksAnswer, READ)).data;
}

const minerInfoAnswer = z.looseObject({ data: minerInfoSchema });

export async function minerInfo(c: KeyCaller, account: string): Promise<MinerInfo> {
  return (await c.post(REST.minersInfo.path, { account }, minerInfoAnswer, READ)).data;
}
