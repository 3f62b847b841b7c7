/**
 * The mining pool's schemas: accounts, rewards, watcher links, miner info, and the workers one by one
 * (their names, each one's hashrate over time, the account's).
 */
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

/** The points of a hashrate series: 5 minutes, an hour or a day each (an hour when left out). */
export const hashrateInterval = z.enum(['5m', '1h', '24h']);
export type HashrateInterval = z.output<typeof hashrateInterval>;

/** `from` and `to` in Unix seconds, neither after now; the exchange's default range when left out. */
const range = {
  interval: hashrateInterval.optional(),
  from: z.number().int().optional(),
  to: z.number().int().optional(),
};

/** A mining account's hashrate over time: H/s, and the share of rejected shares (0.01 is 1 %). */
export const hashrateRequest = z.object({ account: z.string(), ...range });
export type HashrateFilter = z.infer<typeof hashrateRequest>;
export const hashratePointSchema = z.looseObject({
  timestamp: z.number().int(),
  hashrate: decimal,
  rejectRate: z.number().optional(),
});
export type HashratePoint = z.output<typeof hashratePointSchema>;
/** An account disabled for mining answers empty data rather than an error: read as no points. */
export const hashrateAnswer = z.looseObject({
  data: z.union([
    z.looseObject({ account: z.string().optional(), hashrate: z.array(hashratePointSchema).default([]) }),
    z.array(z.never()).transform(() => ({ hashrate: [] as HashratePoint[] })),
  ]),
});

/** The names of the workers online now, by name, a page at a time (`limit` 1..100; the last page has fewer). */
export const workerNamesRequest = z.object({
  account: z.string(),
  limit: z.number().int().optional(),
  offset: z.number().int().optional(),
});
export const workerNamesAnswer = z.looseObject({
  data: z.looseObject({ workers: z.array(z.string()) }),
});

/** One worker's hashrate over time, in TH/s. */
export const workerHashrateRequest = z.object({ account: z.string(), worker: z.string(), ...range });
export type WorkerHashrateFilter = z.infer<typeof workerHashrateRequest>;
export const workerHashratePointSchema = z.looseObject({ time: z.number().int(), hashrate: decimal });
export type WorkerHashratePoint = z.output<typeof workerHashratePointSchema>;
export const workerHashrateAnswer = z.looseObject({
  data: z.looseObject({ hashrates: z.array(workerHashratePointSchema) }),
});

/** Where a mining account's rewards are paid: the main balance, or an external BTC address. */
export const payoutDestinationKind = z.enum(['main_balance', 'external_address']);
export const payoutDestinationRequest = z.strictObject({ accountName: z.string() });
export const payoutDestinationAnswer = z.looseObject({
  payoutDestination: payoutDestinationKind,
  externalAddress: z.string().nullish(),
});
export type PayoutDestination = z.output<typeof payoutDestinationAnswer>;
/**
 * A change of where a mining account's rewards are paid, exactly as the app writes it: `address` only
 * for an external address (at most 100 characters, as published). A four-eyes proposal's body is read
 * by this schema too (`four-eyes/bodies.ts`).
 */
export const payoutDestinationEditRequest = z.strictObject({
  accountName: z.string(),
  destination: payoutDestinationKind,
  address: z.string().max(100).optional(),
});
export type PayoutDestinationEdit = z.infer<typeof payoutDestinationEditRequest>;

/** A mining account's name as the exchange takes it: letters, digits and underscores. */
export const miningName = z
  .string()
  .max(255)
  .regex(/^[a-zA-Z0-9_]+$/);

/** A new mining account, exactly as the app writes it (a referral code only when one is given). */
export const accountCreateRequest = z.strictObject({
  name: miningName,
  referralCode: z.string().max(50).optional(),
});
export const accountCreateAnswer = z.looseObject({ data: miningAccountSchema });

/** What a watcher link lets its holder see, and how long it works. */
export const watcherPermission = z.enum(['dashboard', 'rewards', 'workers']);
export const watcherLiveUntil = z.enum(['1h', '24h', '7d', 'always']);
/** A new read-only watcher link to one or more mining accounts, exactly as the app writes it. */
export const watcherLinkCreateRequest = z.strictObject({
  accounts: z.array(z.string().max(255)).min(1),
  name: miningName,
  permissions: z.array(watcherPermission).min(1).max(3),
  liveUntil: watcherLiveUntil,
});
export type WatcherLinkCreate = z.infer<typeof watcherLinkCreateRequest>;
export const watcherLinkCreateAnswer = z.looseObject({
  data: z.looseObject({
    id: z.string(),
    link: z.string(),
    liveUntil: z.number().int().nullish(),
    createdAt: z.number().int(),
  }),
});
export type CreatedWatcherLink = z.output<typeof watcherLinkCreateAnswer>['data'];
