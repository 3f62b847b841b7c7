/** Mining pool: accounts, rewards, watcher links and miner info (the schemas: `schemas/mining.ts`). */
import { REST } from '../registry/index.ts';
import type { MinerInfo, MiningAccount, Reward, RewardFilter, WatcherLink } from '../schemas/mining.ts';
import { defined, READ, type KeyCaller } from './shapes.ts';

export type { MinerInfo, MiningAccount, Reward, RewardFilter, WatcherLink } from '../schemas/mining.ts';

export async function accounts(c: KeyCaller, name?: string): Promise<MiningAccount[]> {
  return (await c.call(REST.miningAccounts, defined({ name }), READ)).data;
}

/** Newest first. An unknown or not-owned account answers an empty list. */
export async function rewards(c: KeyCaller, filter: RewardFilter): Promise<Reward[]> {
  return (await c.call(REST.miningRewards, defined({ ...filter }), READ)).data;
}

export async function watcherLinks(c: KeyCaller, account: string): Promise<WatcherLink[]> {
  return (await c.call(REST.watcherLinks, { account }, READ)).data;
}

export async function minerInfo(c: KeyCaller, account: string): Promise<MinerInfo> {
  return (await c.call(REST.minersInfo, { account }, READ)).data;
}
