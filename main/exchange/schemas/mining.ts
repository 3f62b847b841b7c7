/** The mining pool's schemas: accounts, rewards, watcher links and miner info. */
import { z } from 'zod';
import { decimal } from './primitives.ts';

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

export const accountsRequest = z.object({ name: z.string().optional() });
export const accountsAnswer = z.looseObject({ data: z.array(miningAccountSchema) });

/** `limit` 1..100 (the last page is the one with fewer); `offset` 0..10000 (beyond: narrow with from/to). */
export const rewardsRequest = z.object({
  account: z.string(),
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  limit: z.number().int().optional(),
  offset: z.number().int().optional(),
});
export type RewardFilter = z.infer<typeof rewardsRequest>;
export const rewardsAnswer = z.looseObject({ data: z.array(rewardSchema) });

/** One mining account's. */
export const accountRequest = z.object({ account: z.string() });
export const watcherLinksAnswer = z.looseObject({ data: z.array(watcherLinkSchema) });
export const minerInfoAnswer = z.looseObject({ data: minerInfoSchema });
