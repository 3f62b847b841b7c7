/**
 * The reports as the desk asks for them: whose history (an account, a group, the desk) over which
 * days, answered offline from the archive by the cache's read workers (the ledger brought up to date
 * first, on the writer, a bounded step at a time), each exportable as CSV; the tax-lot report on a
 * worker of its own with progress and a cancel.
 */
import { randomUUID } from 'node:crypto';
import type { Cache, ExtensionLane } from '../../cache/index.ts';
import { CacheCancelledError } from '../../cache/index.ts';
import { UserFacingError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { PageEvents } from '../../services/live/page-events.ts';
import type { Platform } from '../../platform.ts';
import type { AccountRegistry } from '../../vault/registry.ts';
import type { ReportQuery } from './procedures.ts';
import type { ReportReadMethods, ReportWriteMethods } from './store/methods.ts';
import type { ReportScope } from './store/scope.ts';
import type { TaxLotsView } from './views.ts';

const DAY_MS = 86_400_000;
/** Deals the ledger reads per step on the writer (other writes go on between steps). */
const LEDGER_STEP = 100_000;

type Methods = ReportReadMethods & ReportWriteMethods;
type Result<K extends keyof Methods> = Awaited<ReturnType<Methods[K]>>;
type Args<K extends keyof Methods> = Methods[K] extends (c: never, ...args: infer A) => unknown ? A : never;

export interface ReportsDeps {
  cache: Cache;
  registry: AccountRegistry;
  connectionId: string;
  platform: Platform;
  events: PageEvents;
  log: Logger;
}

export class ReportsService {
  readonly #d: ReportsDeps;
  readonly #jobs = new Map<string, AbortController>();
  #catchingUp: Promise<void> | undefined;

  constructor(deps: ReportsDeps) {
    this.#d = deps;
  }

  /** A method of the reports' store, run by the cache worker of `lane`. */
  #inWorker<K extends keyof Methods>(
    lane: ExtensionLane,
    name: K,
    args: Args<K>,
    options?: Parameters<Cache['extension']>[3],
  ) {
    return this.#d.cache.extension(lane, name, args, options) as Promise<Result<K>>;
  }

  /** The registry ids a query covers, and its days. */
  scope(q: ReportQuery): ReportScope {
    const connection = this.#d.connectionId;
    const on = this.#d.registry.list((a) => a.connection === connection);
    const of = q.of;
    let accounts: string[];
    if (of.kind === 'desk') accounts = on.map((a) => a.id);
    else if (of.kind === 'group') accounts = on.filter((a) => a.groups.includes(of.group)).map((a) => a.id);
    else {
      if (!on.some((a) => a.id === of.accountId))
        throw new UserFacingError(
          'not_found',
          'That account is not in the registry any more.',
          'of.accountId',
        );
      accounts = [of.accountId];
    }
    if (of.kind === 'group' && accounts.length === 0)
      throw new UserFacingError('not_found', `No account is in the group "${of.group}".`, 'of.group');
    return {
      accounts,
      fromDay: Math.floor(Date.parse(`${q.from}T00:00:00Z`) / DAY_MS),
      toDay: Math.floor(Date.parse(`${q.to}T00:00:00Z`) / DAY_MS),
    };
  }

  /** Registry ids of sub-accounts by exchange id: transfers are kept under the main account. */
  #subAccounts(): Record<string, string> {
    const map: Record<string, string> = {};
    for (const a of this.#d.registry.list((x) => x.kind === 'sub' && x.subAccountId !== null))
      map[a.subAccountId as string] = a.id;
    return map;
  }

  /** Brings the ledger up to date with every deal the archive holds (once at a time; callers share it). */
  catchUp(): Promise<void> {
    this.#catchingUp ??= (async () => {
      try {
        for (;;) {
          const step = await this.#inWorker('write', 'reports.ledger', [LEDGER_STEP]);
          if (step.pending === 0) return;
        }
      } finally {
        this.#catchingUp = undefined;
      }
    })();
    return this.#catchingUp;
  }

  async pnl(q: ReportQuery) {
    await this.catchUp();
    return this.#inWorker('heavy', 'reports.pnl', [this.scope(q)]);
  }

  async activity(q: ReportQuery) {
    await this.catchUp();
    return this.#inWorker('heavy', 'reports.activity', [this.scope(q)]);
  }

  async positions(q: ReportQuery) {
    await this.catchUp();
    return this.#inWorker('heavy', 'reports.positions', [this.scope(q)]);
  }

  equity(q: ReportQuery) {
    return this.#inWorker('heavy', 'reports.equity', [this.scope(q), this.#subAccounts()]);
  }

  exposure(q: ReportQuery) {
    return this.#inWorker('heavy', 'reports.exposure', [this.scope(q)]);
  }

  async exportCsv(report: string, q: ReportQuery): Promise<{ file: string | null; rows: number }> {
    const scope = this.scope(q);
    const file = await this.#d.platform.chooseFileToSave(
      'Export the report',
      `${report}-${q.from}-${q.to}.csv`,
      [{ name: 'CSV', extensions: ['csv'] }],
    );
    if (!file) return { file: null, rows: 0 };
    await this.catchUp();
    return this.#inWorker('job', 'reports.exportCsv', [
      { kind: report, scope, subAccounts: this.#subAccounts(), path: file },
    ]);
  }

  async taxLots(q: ReportQuery, method: 'FIFO' | 'LIFO', feesDeductible: boolean): Promise<TaxLotsView> {
    const scope = this.scope(q);
    const job = randomUUID();
    const file = await this.#d.platform.chooseFileToSave(
      'Save the tax-lot report',
      `tax-lots-${method}-${q.from}-${q.to}.csv`,
      [{ name: 'CSV', extensions: ['csv'] }],
    );
    const empty: TaxLotsView = {
      job,
      file: null,
      method,
      feesDeductible,
      disposals: 0,
      lines: 0,
      totals: [],
      unknownCost: 0,
      cancelled: false,
    };
    if (!file) return empty;
    const controller = new AbortController();
    this.#jobs.set(job, controller);
    try {
      await this.catchUp();
      return await this.#inWorker(
        'job',
        'reports.taxLots',
        [
          {
            job,
            accounts: scope.accounts ?? [],
            fromDay: scope.fromDay,
            toDay: scope.toDay,
            method,
            feesDeductible,
            path: file,
          },
        ],
        {
          signal: controller.signal,
          onProgress: (p) =>
            this.#d.events.emit('reports.progress', p as { job: string; deals: number; total: number }),
        },
      );
    } catch (error) {
      if (error instanceof CacheCancelledError) return { ...empty, cancelled: true };
      throw error;
    } finally {
      this.#jobs.delete(job);
    }
  }

  cancel(job: string): boolean {
    const controller = this.#jobs.get(job);
    controller?.abort();
    return controller !== undefined;
  }

  /** Stops every running report job (the cache closes their workers). */
  close(): void {
    for (const controller of this.#jobs.values()) controller.abort();
  }
}
