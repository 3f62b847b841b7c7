/**
 * Mining watch: polls miner info, the names of the workers online and the latest rewards of every
 * mining account of the main accounts, stores each reading, and raises one alert when online workers
 * drop (naming the workers gone quiet: those named online before and no longer) or more workers go
 * low (not again while they stay so). Polls never overlap: one asked for while another runs follows it.
 */
import type { Cache } from '../../cache/index.ts';
import * as mining from '../../exchange/endpoints/mining.ts';
import { rewardRows } from '../../sync/mining.ts';
import type { MiningAlertView } from '../../views/mining.ts';
import type { MainBus } from '../../bus.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { Logger } from '../../log.ts';

/** The accounts to watch (the main accounts) with a caller for each. */
export type WatchedAccounts = () => Promise<Array<{ account: string; caller: KeyCaller }>>;

/** An alert as the renderer receives it. */
export type MiningAlert = MiningAlertView;

export interface MiningWatchOptions {
  now?: () => number;
  /** Rewards of a mining account are read again at most this often (they are daily); 10 minutes by default. */
  rewardsEveryMs?: number;
}

interface Reading {
  online: number;
  offline: number;
  low: number;
}

const DAY_S = 86_400;
/** Workers named in an alert at most; more are counted. */
const NAMED = 5;

/** The workers gone quiet in words: " Quiet now: worker_012, worker_013 and 4 more." ('' for none). */
export function quietNames(names: readonly string[]): string {
  if (names.length === 0) return '';
  const shown = names.slice(0, NAMED).join(', ');
  const more = names.length - NAMED;
  return ` Quiet now: ${shown}${more > 0 ? ` and ${String(more)} more` : ''}.`;
}

export class MiningWatch {
  readonly #cache: Cache;
  readonly #watched: WatchedAccounts;
  readonly #events: MainBus;
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #rewardsEveryMs: number;
  readonly #last = new Map<string, Reading>();
  /** The workers each mining account named online at its last reading. */
  readonly #online = new Map<string, ReadonlySet<string>>();
  readonly #rewardsReadAt = new Map<string, number>();
  #queue: Promise<unknown> = Promise.resolve();
  #timer: ReturnType<typeof setInterval> | undefined;
  #first: ReturnType<typeof setTimeout> | undefined;

  constructor(
    cache: Cache,
    watched: WatchedAccounts,
    events: MainBus,
    log: Logger,
    options: MiningWatchOptions = {},
  ) {
    this.#cache = cache;
    this.#watched = watched;
    this.#events = events;
    this.#log = log;
    this.#now = options.now ?? Date.now;
    this.#rewardsEveryMs = options.rewardsEveryMs ?? 600_000;
  }

  /** Reads every mining account once (after any poll already running); returns the alerts raised. */
  poll(): Promise<MiningAlert[]> {
    const run = this.#queue.then(() => this.#pollOnce());
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #pollOnce(): Promise<MiningAlert[]> {
    const alerts: MiningAlert[] = [];
    let failure: unknown;
    let read = 0;
    const watched = await this.#watched();
    for (const { account, caller } of watched) {
      try {
        for (const { name } of await mining.accounts(caller)) {
          const alert = await this.#read(account, caller, name);
          alerts.push(...alert);
        }
        read += 1;
      } catch (error) {
        // One account failing (key disabled, exchange down) does not stop the others.
        failure ??= error;
        this.#log.log('warn', `mining watch could not read the mining accounts of ${account}`, error);
      }
    }
    for (const alert of alerts) this.#events.emit('mining.alert', alert);
    // Every account failing is an error the caller sees (words from the exchange's answer).
    if (read === 0 && watched.length > 0) throw failure;
    return alerts;
  }

  async #read(account: string, caller: KeyCaller, name: string): Promise<MiningAlert[]> {
    const info = await mining.minerInfo(caller, name);
    const reading = { online: info.workers.online, offline: info.workers.offline, low: info.workers.low };
    const nowMs = this.#now();
    await this.#cache.mining.recordWorkerSample({
      account,
      miningAccount: name,
      sampledAtMs: nowMs,
      ...reading,
      fee: info.fee,
    });
    const key = `${account} ${name}`;
    if (nowMs - (this.#rewardsReadAt.get(key) ?? -Infinity) >= this.#rewardsEveryMs) {
      await this.#readRewards(account, caller, name, nowMs);
      this.#rewardsReadAt.set(key, nowMs);
    }
    const before = this.#last.get(key);
    this.#last.set(key, reading);
    const quiet = await this.#goneQuiet(key, caller, name);
    if (!before) return [];
    const alerts: MiningAlert[] = [];
    const base = { account, miningAccount: name, ...reading };
    if (reading.online < before.online) {
      const lost = before.online - reading.online;
      alerts.push({
        ...base,
        kind: 'offline',
        message: `${name}: ${String(lost)} worker${lost === 1 ? '' : 's'} went offline (${String(reading.online)} online).${quietNames(quiet)}`,
        ...(quiet.length > 0 ? { workers: quiet } : {}),
      });
    }
    if (reading.low > before.low) {
      alerts.push({
        ...base,
        kind: 'low',
        message: `${name}: ${String(reading.low)} worker${reading.low === 1 ? '' : 's'} running low.`,
      });
    }
    return alerts;
  }

  /**
   * The workers named online at the last reading and not now, in name order; none when either reading
   * is missing (a failed names read never holds back the counts' alert).
   */
  async #goneQuiet(key: string, caller: KeyCaller, name: string): Promise<string[]> {
    const before = this.#online.get(key);
    let now: Set<string>;
    try {
      now = new Set(await mining.workerNames(caller, name));
    } catch (error) {
      this.#log.log('warn', `mining watch could not read the workers of ${name}`, error);
      this.#online.delete(key);
      return [];
    }
    this.#online.set(key, now);
    return before ? [...before].filter((w) => !now.has(w)).sort() : [];
  }

  /** The last few days of rewards (a reward can be restated the day after). */
  async #readRewards(account: string, caller: KeyCaller, name: string, nowMs: number): Promise<void> {
    const to = Math.floor(nowMs / 1000);
    const page = await mining.rewards(caller, { account: name, from: to - 3 * DAY_S, to, limit: 100 });
    const rows = rewardRows(account, name, page);
    if (rows.length > 0) await this.#cache.mining.upsertRewards(rows);
  }

  /** Polls soon, then every `intervalMs`, until `stop()`. */
  start(intervalMs = 60_000): void {
    this.stop();
    const tick = () => {
      this.poll().catch((error: unknown) => this.#log.log('warn', 'mining watch poll failed', error));
    };
    this.#first = setTimeout(tick, Math.min(intervalMs, 5_000));
    this.#first.unref();
    this.#timer = setInterval(tick, intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#first) clearTimeout(this.#first);
    if (this.#timer) clearInterval(this.#timer);
    this.#first = undefined;
    this.#timer = undefined;
  }

  /** Waits for the poll under way, if any. */
  async idle(): Promise<void> {
    await this.#queue;
  }
}
