/** One account's mining pool accounts: what the pool answers now, and what the cache kept. */
import type { Cache } from '../../cache/index.ts';
import * as mining from '../../exchange/endpoints/mining.ts';
import type {
  MinerInfoView,
  MiningRewardView,
  WatcherLinkView,
  WorkerSampleView,
} from '../../views/mining.ts';
import type { AccountService } from '../../services/accounts.ts';

const HOUR_MS = 3_600_000;

export class MiningAccounts {
  readonly #accounts: AccountService;
  readonly #cache: Cache;

  constructor(accounts: AccountService, cache: Cache) {
    this.#accounts = accounts;
    this.#cache = cache;
  }

  async list(accountId: string): Promise<Array<{ name: string; createdAt: number }>> {
    return mining.accounts(await this.#accounts.caller(accountId));
  }

  async info(accountId: string, miningAccount: string): Promise<MinerInfoView> {
    return mining.minerInfo(await this.#accounts.caller(accountId), miningAccount);
  }

  /** Cached rewards, newest first. */
  async rewards(accountId: string, miningAccount?: string, limit?: number): Promise<MiningRewardView[]> {
    const rows = await this.#cache.mining.rewards({
      account: accountId,
      ...(miningAccount ? { miningAccount } : {}),
      ...(limit ? { limit } : {}),
    });
    return rows.map((r) => ({
      miningAccount: r.miningAccount,
      time: r.time,
      reward: r.reward,
      fee: r.fee,
      hashrate: r.hashrate,
    }));
  }

  /** Worker counts over the last `hours`, oldest first. */
  async workerSamples(accountId: string, miningAccount: string, hours: number): Promise<WorkerSampleView[]> {
    const rows = await this.#cache.mining.workerSamples(
      accountId,
      miningAccount,
      Date.now() - hours * HOUR_MS,
    );
    return rows.map((s) => ({
      sampledAtMs: s.sampledAtMs,
      online: s.online,
      offline: s.offline,
      low: s.low,
    }));
  }

  async watcherLinks(accountId: string, miningAccount: string): Promise<WatcherLinkView[]> {
    const links = await mining.watcherLinks(await this.#accounts.caller(accountId), miningAccount);
    return links.map((l) => ({
      id: l.id,
      name: l.name,
      link: l.link,
      accounts: l.accounts,
      permissions: l.permissions,
      createdAtMs: l.createdAt * 1000,
      liveUntilMs: l.liveUntil == null ? null : l.liveUntil * 1000,
    }));
  }
}
