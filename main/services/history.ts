/**
 * The offline archive as the desk uses it: sync jobs per account (started, cancelled, reporting
 * progress as events), and browsing the cached deals with keyset paging, totals and CSV export.
 */
import type { Cache, DealCursor, DealFilter, DealPage, DealTotals, ExportProgress } from '../cache/index.ts';
import type { PageEvents } from './live/page-events.ts';
import { UserFacingError } from '../errors.ts';
import { readable } from '../readable-errors.ts';
import type { Logger } from '../log.ts';
import type { Platform } from '../platform.ts';
import { AuthError, NetworkError, RateLimitError, TimeoutError } from '../exchange/errors.ts';
import { backoffDelay } from '../exchange/rate-limit.ts';
import { snapshotBalances } from '../sync/balances.ts';
import { syncBorrows } from '../sync/borrows.ts';
import { dealsJob, HORIZON_S, syncDeals, type DealsCursor } from '../sync/deals.ts';
import { syncMining } from '../sync/mining.ts';
import { syncPositions } from '../sync/positions.ts';
import type { HistorySink } from '../sync/sink.ts';
import type { TeamHistory } from '../team/history.ts';
import { TeamProblem } from '../team/problems.ts';
import type { AccountService } from './accounts.ts';
import type { SyncPart } from './sync-parts.ts';

export type { SyncPart, SyncPartContext } from './sync-parts.ts';

/** How many accounts sync at once; each one queues behind the shared rate limits. */
const PARALLEL_ACCOUNTS = 3;
/** How soon an account a teammate is syncing is looked at again. */
const HELD_RETRY_MS = 500;

export interface SyncState {
  account: string;
  phase: DealsCursor['phase'] | 'never';
  /** Unix seconds up to which the cached history is complete; null before the first full run. */
  syncedUntil: number | null;
  running: boolean;
}

/** A part of the sync the account's key may not use (sub-account key restrictions) is left out. */
async function skipRefused(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
  }
}

export class HistoryService {
  readonly #cache: Cache;
  readonly #accounts: AccountService;
  readonly #events: PageEvents;
  readonly #platform: Platform;
  readonly #log: Logger;
  readonly #running = new Map<string, AbortController>();
  #queue: string[] = [];
  readonly #retryTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Failed runs in a row per account: the step of its back-off. */
  readonly #failures = new Map<string, number>();
  readonly #parts: SyncPart[] = [];
  readonly #retryMs: number;
  readonly #retryCapMs: number;
  #active = 0;
  /** The team desk's sync, while the profile is in one (undefined: it syncs into its own cache). */
  #team: () => TeamHistory | undefined = () => undefined;
  /** When each queued sync was asked for (Unix seconds): a teammate's sync since then is enough. */
  readonly #askedAt = new Map<string, number>();

  constructor(
    cache: Cache,
    accounts: AccountService,
    events: PageEvents,
    platform: Platform,
    log: Logger,
    retry: { firstMs?: number; capMs?: number } = {},
  ) {
    this.#retryMs = retry.firstMs ?? 30_000;
    this.#retryCapMs = retry.capMs ?? 300_000;
    this.#cache = cache;
    this.#accounts = accounts;
    this.#events = events;
    this.#platform = platform;
    this.#log = log;
  }

  /** Adds parts every account's sync runs (each run of an account runs them all, in order). */
  useParts(parts: readonly SyncPart[]): void {
    this.#parts.push(...parts);
  }

  /** Syncs through the team desk from now on, while `team()` answers one. */
  useTeam(team: () => TeamHistory | undefined): void {
    this.#team = team;
  }

  /** Queues a deal sync for each account (every registered one by default); returns their ids. */
  start(accountIds?: readonly string[]): string[] {
    const ids = accountIds ?? this.#accounts.registry.list().map((a) => a.id);
    const queued: string[] = [];
    for (const id of ids) {
      if (!this.#accounts.registry.get(id))
        throw new UserFacingError('not_found', 'That account is not in the registry any more.', 'accountIds');
      if (this.#running.has(id)) continue;
      this.#running.set(id, new AbortController());
      this.#askedAt.set(id, Math.floor(Date.now() / 1000));
      this.#queue.push(id);
      queued.push(id);
    }
    this.#pump();
    return queued;
  }

  /** Stops the given (or every) running sync; each resumes from its checkpoint when started again. */
  cancel(accountIds?: readonly string[]): number {
    let stopped = 0;
    for (const [id, timer] of this.#retryTimers) {
      if (accountIds && !accountIds.includes(id)) continue;
      clearTimeout(timer);
      this.#retryTimers.delete(id);
      // Waiting for a teammate's sync: it ends as cancelled when its turn comes now.
      if (this.#running.has(id)) this.#queue.push(id);
    }
    for (const [id, controller] of this.#running) {
      if (accountIds && !accountIds.includes(id)) continue;
      controller.abort();
      stopped++;
    }
    // Queued ones stay queued: each ends as cancelled when its turn comes (at once, without a request).
    this.#pump();
    return stopped;
  }

  async states(): Promise<SyncState[]> {
    const team = this.#team();
    const checkpoints =
      team?.store.connected === true
        ? await team.checkpoints()
        : new Map(
            (await this.#cache.checkpoints.list('deals:')).map((c) => [c.job, c.cursor as DealsCursor]),
          );
    return this.#accounts.registry.list().map((a) => {
      const cursor = checkpoints.get(dealsJob(a.id));
      return {
        account: a.id,
        phase: cursor?.phase ?? 'never',
        syncedUntil: cursor && cursor.syncedUntil > 0 ? cursor.syncedUntil : null,
        running: this.#running.has(a.id),
      };
    });
  }

  /** Where every sync job stands: in the team store while the profile syncs into one, else in the cache. */
  async checkpoints(): Promise<Map<string, unknown>> {
    const team = this.#team();
    if (team?.store.connected === true) return team.jobs();
    return new Map((await this.#cache.checkpoints.list()).map((c) => [c.job, c.cursor]));
  }

  /** Whether a sync of the account is queued or running. */
  running(account: string): boolean {
    return this.#running.has(account);
  }

  /** Resolves when no sync is queued or running (for shutdown and tests). */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  #pump(): void {
    while (this.#active < PARALLEL_ACCOUNTS && this.#queue.length > 0) {
      const id = this.#queue.shift() as string;
      this.#active++;
      void this.#run(id).then(
        (again) => {
          this.#active--;
          if (again) this.#later(id);
          else this.#running.delete(id);
          this.#pump();
        },
        () => undefined,
      );
    }
  }

  /** A teammate holds the account's sync: it is looked at again shortly, still counted as running. */
  #later(account: string): void {
    const timer = setTimeout(() => {
      this.#retryTimers.delete(account);
      this.#queue.push(account);
      this.#pump();
    }, HELD_RETRY_MS);
    timer.unref();
    this.#retryTimers.set(account, timer);
  }

  /** Syncs the account; answers true when a teammate holds its sync and it should be tried again. */
  async #run(account: string): Promise<boolean> {
    const controller = this.#running.get(account);
    if (!controller || controller.signal.aborted) {
      this.#running.delete(account);
      this.#events.emit('sync.finished', { account, job: dealsJob(account), outcome: 'cancelled' });
      return false;
    }
    let release: (() => Promise<void>) | undefined;
    let sink: HistorySink | undefined;
    try {
      const caller = (await this.#accounts.caller(account)).inBackground();
      sink = this.#cache;
      const team = this.#team();
      if (team) {
        const start = await team.begin(account, this.#askedAt.get(account) ?? 0);
        if (start.kind === 'held') {
          // The teammate's run under way answers this ask: once it is complete, nothing is read again.
          this.#askedAt.set(account, 0);
          this.#events.emit('sync.progress', {
            job: dealsJob(account),
            account,
            phase: 'incremental',
            pages: 0,
            rows: 0,
            done: 0,
            remainingMs: null,
            ...(start.holder ? { waitingFor: start.holder } : {}),
          });
          return true;
        }
        if (start.kind === 'fresh') {
          this.#events.emit('sync.finished', { account, job: dealsJob(account), outcome: 'done' });
          return false;
        }
        sink = start.sink;
        release = start.release;
      }
      await this.#sync(account, caller, sink, controller.signal);
      this.#failures.delete(account);
      this.#events.emit('sync.finished', { account, job: dealsJob(account), outcome: 'done' });
    } catch (error) {
      if (controller.signal.aborted) {
        this.#events.emit('sync.finished', { account, job: dealsJob(account), outcome: 'cancelled' });
        return false;
      }
      this.#log.log('warn', `history sync of ${account} stopped`, error);
      const words = readable(error)?.message;
      const message =
        error instanceof TeamProblem && error.transient
          ? `History sync waits for the team desk: ${words ?? ''}`
          : (words ?? 'The sync stopped on an unexpected error; it resumes from where it stood.');
      this.#events.emit('sync.finished', { account, job: dealsJob(account), outcome: 'failed', message });
      const transient = error instanceof TeamProblem && error.transient;
      // a cut connection, a server error (5xx), a rate limit the request's own retries did not outlast
      if (
        error instanceof NetworkError ||
        error instanceof TimeoutError ||
        error instanceof RateLimitError ||
        transient
      )
        this.#retryLater(account, error instanceof RateLimitError ? error.retryAfterMs : undefined);
    } finally {
      // Whatever the team sink still holds goes in under the lease (a failed run's too: its pages
      // and their checkpoints together), before the lease is given back.
      if (release) await sink?.flush?.().catch(() => undefined);
      await release?.();
    }
    return false;
  }

  /** Every part of an account's history, into `sink` with its checkpoints. */
  async #sync(
    account: string,
    caller: Awaited<ReturnType<AccountService['caller']>>,
    cache: HistorySink,
    signal: AbortSignal,
  ): Promise<void> {
    await syncDeals({
      cache,
      caller,
      account,
      signal,
      onProgress: (p) => this.#events.emit('sync.progress', p),
    });
    await skipRefused(syncBorrows({ cache, caller, account, signal }));
    await skipRefused(syncPositions({ cache, caller, account, signal }));
    const kind = this.#accounts.registry.get(account)?.kind === 'main' ? 'main' : 'sub';
    if (kind === 'main') await skipRefused(syncMining({ cache, caller, account, signal }));
    for (const part of this.#parts)
      await skipRefused(part.run({ account, kind, caller, sink: cache, signal }));
    await snapshotBalances({ cache, caller, account });
    await cache.flush?.();
  }

  /**
   * The exchange could not be reached, failed (5xx) or limited the key: try again after a while,
   * longer each time (up to the cap) and jittered so accounts that failed together do not come back
   * together; the sync resumes by itself from its checkpoints.
   */
  #retryLater(account: string, retryAfterMs?: number): void {
    const failures = this.#failures.get(account) ?? 0;
    this.#failures.set(account, failures + 1);
    const delay = backoffDelay(failures, {
      baseMs: this.#retryMs,
      capMs: this.#retryCapMs,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
    clearTimeout(this.#retryTimers.get(account));
    const timer = setTimeout(() => {
      this.#retryTimers.delete(account);
      if (this.#accounts.registry.get(account)) this.start([account]);
    }, delay);
    timer.unref();
    this.#retryTimers.set(account, timer);
  }

  /** A page of cached deals, each with the operator of the team who placed its order, when one did. */
  async deals(
    filter: DealFilter,
    cursor?: DealCursor,
    limit?: number,
  ): Promise<
    DealPage & { rows: Array<DealPage['rows'][number] & { operator?: string }>; archiveSince: number }
  > {
    const cached = await this.#cache.deals.page(filter, cursor, limit);
    // what the exchange no longer serves: older than its six-month horizon
    const page = { ...cached, archiveSince: Math.floor(Date.now() / 1000) - HORIZON_S };
    const ids = page.rows.flatMap((r) => (r.clientOrderId ? [r.clientOrderId] : []));
    if (ids.length === 0) return page;
    const by = await this.#cache.audit.orderOperators(ids);
    return {
      ...page,
      rows: page.rows.map((r) => {
        const operator = by[r.clientOrderId];
        return operator === undefined ? r : { ...r, operator };
      }),
    };
  }

  totals(filter: DealFilter): Promise<DealTotals> {
    return this.#cache.deals.totals(filter);
  }

  /** Writes the filtered deals to a CSV file the user chooses; progress as `export.progress` events. */
  async exportCsv(filter: DealFilter): Promise<{ file: string | null; rows: number }> {
    const file = await this.#platform.chooseFileToSave('Export deals', 'deals.csv', [
      { name: 'CSV', extensions: ['csv'] },
    ]);
    if (!file) return { file: null, rows: 0 };
    const result: ExportProgress = await this.#cache.deals.exportCsv(filter, file, {
      onProgress: (p) => this.#events.emit('export.progress', { file, ...p }),
    });
    return { file, rows: result.rows };
  }
}
