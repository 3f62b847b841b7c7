/**
 * Mining pool: accounts, rewards, watcher links, miner info, the workers one by one (the names of those
 * online, each one's hashrate over time and the account's) and where the rewards are paid (the
 * schemas: `schemas/mining.ts`).
 */
import { REST } from '../registry/index.ts';
import type {
  CreatedWatcherLink,
  HashrateFilter,
  HashratePoint,
  MinerInfo,
  MiningAccount,
  PayoutDestination,
  PayoutDestinationEdit,
  Reward,
  RewardFilter,
  WatcherLink,
  WatcherLinkCreate,
  WorkerHashrateFilter,
  WorkerHashratePoint,
} from '../schemas/mining.ts';
import { defined, READ, WRITE, type KeyCaller } from './shapes.ts';

export type {
  CreatedWatcherLink,
  HashrateFilter,
  HashrateInterval,
  HashratePoint,
  MinerInfo,
  MiningAccount,
  PayoutDestination,
  PayoutDestinationEdit,
  Reward,
  RewardFilter,
  WatcherLink,
  WatcherLinkCreate,
  WorkerHashrateFilter,
  WorkerHashratePoint,
} from '../schemas/mining.ts';

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

/** The account's hashrate (H/s) over time, oldest first; none for an account disabled for mining. */
export async function hashrate(c: KeyCaller, filter: HashrateFilter): Promise<HashratePoint[]> {
  return (await c.call(REST.miningHashrate, defined({ ...filter }), READ)).data.hashrate;
}

/** Worker names a page holds at most (the exchange's largest `limit`). */
export const WORKER_PAGE = 100;
/** The exchange's largest `offset`: past it no page can be asked for. */
const LAST_OFFSET = 10_000;

/**
 * The names of the workers online now, in name order, every page of them (a page short of
 * `WORKER_PAGE` is the last; the exchange counts no total).
 */
export async function workerNames(c: KeyCaller, account: string): Promise<string[]> {
  const names: string[] = [];
  for (let offset = 0; offset <= LAST_OFFSET; offset += WORKER_PAGE) {
    const page = (await c.call(REST.workerNames, { account, limit: WORKER_PAGE, offset }, READ)).data.workers;
    names.push(...page);
    if (page.length < WORKER_PAGE) break;
  }
  return names;
}

/** One worker's hashrate (TH/s) over time, oldest first; none for a worker the account never had. */
export async function workerHashrate(
  c: KeyCaller,
  filter: WorkerHashrateFilter,
): Promise<WorkerHashratePoint[]> {
  return (await c.call(REST.workerHashrate, defined({ ...filter }), READ)).data.hashrates;
}

/** Where a mining account's rewards are paid now. */
export async function payoutDestination(c: KeyCaller, accountName: string): Promise<PayoutDestination> {
  return c.call(REST.payoutDestination, { accountName }, READ);
}

/**
 * Changes where a mining account's rewards are paid from the next payout on; answers the destination
 * as the exchange now holds it. Setting the same destination again changes nothing, so it is safe to
 * send again after a lost answer.
 */
export async function setPayoutDestination(
  c: KeyCaller,
  change: PayoutDestinationEdit,
): Promise<PayoutDestination> {
  return c.call(REST.payoutDestinationEdit, change, WRITE);
}

/**
 * A new mining account (its name unique among the user's); answers it as the exchange made it. Sent
 * again after a lost answer it is refused as taken: the caller reads the accounts to know.
 */
export async function createAccount(
  c: KeyCaller,
  name: string,
  referralCode?: string,
): Promise<MiningAccount> {
  return (await c.call(REST.miningAccountCreate, defined({ name, referralCode }), WRITE)).data;
}

/** A new read-only watcher link (at most 3 live per mining account); answers its address and expiry. */
export async function createWatcherLink(c: KeyCaller, link: WatcherLinkCreate): Promise<CreatedWatcherLink> {
  return (await c.call(REST.watcherLinkCreate, link, WRITE)).data;
}
