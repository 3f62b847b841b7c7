/**
 * Mining watch: polls miner info of every mining account of the main accounts, stores each reading,
 * and raises one alert when online workers drop or a worker goes low (not again while it stays so).
 */
import type { Cache } from '../cache/index.ts';
import * as mining from '../exchange/endpoints/mining.ts';
import type { MiningAlertView } from '../ipc/contract.ts';
import type { EventHub } from '../ipc/event-hub.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';
import type { Logger } from '../log.ts';

/** The accounts to watch (the main accounts) with a caller for each. */
export type WatchedAccounts = () => Promise<Array<{ account: string; caller: KeyCaller }>>;

/** An alert as the renderer receives it. */
export type MiningAlert = MiningAlertView;

interface Reading {
  online: number;
  offline: number;
  low: number;
}

export class MiningWatch {
  readonly #cache: Cache;
  readonly #watched: WatchedAccounts;
  readonly #events: EventHub;
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #last = new Map<string, Reading>();
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    cache: Cache,
    watched: WatchedAccounts,
    events: EventHub,
    log: Logger,
    now: () => number = Date.now,
  ) {
    this.#cache = cache;
    this.#watched = watched;
    this.#events = events;
    this.#log = log;
    this.#now = now;
  }

  /** Reads every mining account once; returns the alerts raised. */
  async poll(): Promise<MiningAlert[]> {
    const alerts: MiningAlert[] = [];
    for (const { account, caller } of await this.#watched()) {
      for (const { name } of await mining.accounts(caller)) {
        const info = await mining.minerInfo(caller, name);
        const reading = { online: info.workers.online, offline: info.workers.offline, low: info.workers.low };
        await this.#cache.mining.recordWorkerSample({
          account,
          miningAccount: name,
          sampledAtMs: this.#now(),
          ...reading,
          fee: info.fee,
        });
        const key = `${account} ${name}`;
        const before = this.#last.get(key);
        this.#last.set(key, reading);
        if (!before) continue;
        const base = { account, miningAccount: name, ...reading };
        if (reading.online < before.online) {
          const lost = before.online - reading.online;
          alerts.push({
            ...base,
            kind: 'offline',
            message: `${name}: ${String(lost)} worker${lost === 1 ? '' : 's'} went offline (${String(reading.online)} online).`,
          });
        }
        if (reading.low > before.low) {
          alerts.push({
            ...base,
            kind: 'low',
            message: `${name}: ${String(reading.low)} worker${reading.low === 1 ? '' : 's'} running low.`,
          });
        }
      }
    }
    for (const alert of alerts) this.#events.emit('mining.alert', alert);
    return alerts;
  }

  /** Polls every `intervalMs` until `stop()`. */
  start(intervalMs = 60_000): void {
    this.stop();
    this.#timer = setInterval(() => {
      this.poll().catch((error: unknown) => this.#log.log('warn', 'mining watch poll failed', error));
    }, intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
