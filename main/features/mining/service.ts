/** One account's mining pool accounts: what the pool answers now, and what the cache kept. */
import type { Cache } from '../../cache/index.ts';
import * as mining from '../../exchange/endpoints/mining.ts';
import { miningPool } from '../../exchange/endpoints/public.ts';
import type { ExchangeHttp } from '../../exchange/http.ts';
import type {
  MinerInfoView,
  MiningPoolView,
  MiningRewardView,
  WatcherLinkView,
  WorkerSampleView,
} from '../../views/mining.ts';
import type { AccountService } from '../../services/accounts.ts';

const HOUR_MS = 3_600_000;

export class MiningAccounts {
  readonly #accounts: AccountService;
  readonly #cache: Cache;
  readonly #http: ExchangeHttp;

  constructor(accounts: AccountService, cache: Cache, http: ExchangeHttp) {
    this.#accounts = accounts;
    this.#cache = cache;
    this.#http = http;
  }

  /** The whole pool's figures (public: no key). */
  async pool(): Promise<MiningPoolView> {
    const p = await miningPool(this.#http);
    return {
      workers: p.workers,
      hashrate: p.current_hash_rate,
      location: p.location ?? null,
      assets: p.assets,
      rewardSchemes: p.reward_schemes,
      connectionLinks: p.connection_links,
      lastDays: p.last7days_hash_rate
        .map((d) => ({ atMs: d.timestamp * 1000, hashrate: d.hashrate }))
        .sort((a, b) => a.atMs - b.atMs),
      blocks: p.blocks.map((b) => ({ foundAtMs: b.block_found_at * 1000, height: b.block_height })),
    };
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
