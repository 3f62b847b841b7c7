/**
 * "Create N sub-accounts" as one batch: previewed (names from a pattern, each checked free at the
 * exchange and in the registry, the funding against the main balance), confirmed once in main's own
 * dialog, run a few accounts at a time inside the main key's rate-limit budgets with progress events,
 * and kept in the journal so that a batch cut short (the app killed, the exchange refusing half-way)
 * resumes where it stopped without making anything twice.
 */
import type { Cache } from '../../cache/index.ts';
import * as admin from '../../exchange/endpoints/sub-account-admin.ts';
import { UserFacingError } from '../../errors.ts';
import { itemFailure } from '../../readable-errors.ts';
import { ExchangeError } from '../../exchange/errors.ts';
import type { PageEvents } from '../../services/live/page-events.ts';
import type {
  BatchAccountView,
  BatchPreviewView,
  BatchSummaryView,
  BatchView,
} from '../../views/subaccounts.ts';
import type { Logger } from '../../log.ts';
import type { Platform } from '../../platform.ts';
import { Dec } from '../../rules/decimal.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import { PreviewStore } from '../../services/desk/previews.ts';
import { advance, type StepContext } from './batch-steps.ts';
import { batchQuestion, planBatch, resumeQuestion, type BatchRequest } from './batch-plan.ts';
import type { BatchJournal, BatchPlan, BatchRecord, StepRecord } from './journal.ts';
import { accountView, Tally, type Counts } from './batch-progress.ts';
import { knownSubAccounts, mainKey } from './main-key.ts';

/** Accounts worked on at once: their requests queue in the main key's budgets, not at the exchange. */
const IN_FLIGHT = 8;
/** Exchange refusals: nothing was done, so the step's mark is cleared. */
const SETTLED = new Set([
  'validation_failed',
  'exchange_rejected',
  'auth_failed',
  'region_blocked',
  'rate_limited',
]);
/** Tries of a step whose outcome was unknown (no answer), each looked up first. */
const TRIES = 3;

const MAIN_NEEDED = 'sub-accounts are created with its key.';

export class CreateBatches {
  readonly #accounts: AccountService;
  readonly #journal: BatchJournal;
  readonly #platform: Platform;
  readonly #events: PageEvents;
  readonly #cache: Cache;
  readonly #log: Logger;
  readonly #previews = new PreviewStore<BatchPlan>();
  /** Batches being driven now, with their stop flags. */
  readonly #active = new Map<string, { stop: boolean }>();
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(options: {
    accounts: AccountService;
    journal: BatchJournal;
    platform: Platform;
    events: PageEvents;
    cache: Cache;
    log: Logger;
    sleep?: (ms: number) => Promise<void>;
  }) {
    this.#accounts = options.accounts;
    this.#journal = options.journal;
    this.#platform = options.platform;
    this.#events = options.events;
    this.#cache = options.cache;
    this.#log = options.log;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** What the batch would make, every check done; nothing is sent. Kept in main under its id. */
  async preview(request: BatchRequest): Promise<BatchPreviewView> {
    const { caller, record } = await mainKey(this.#accounts, MAIN_NEEDED);
    const { plan, mainBalance } = await planBatch(
      request,
      caller,
      this.#accounts.registry,
      record.connection,
    );
    const kept = this.#previews.put(plan);
    const perAccount =
      1 + (plan.key ? 1 + (plan.key.ips.length > 0 ? plan.key.ips.length : 0) : 0) + (plan.funding ? 1 : 0);
    return {
      ...kept,
      count: plan.names.length,
      names: plan.names,
      emails: plan.emails,
      shareKyc: plan.shareKyc,
      permissions: plan.permissions,
      key: plan.key,
      funding: plan.funding
        ? {
            ...plan.funding,
            total: sum(plan.funding.amount, plan.names.length),
            mainBalance,
          }
        : null,
      group: plan.group,
      requests: perAccount * plan.names.length,
    };
  }

  /** Sends exactly the previewed batch once confirmed in main's dialog; answers when it ends. */
  async run(previewId: string): Promise<BatchView> {
    const plan = this.#previews.get(previewId);
    this.#previews.delete(previewId);
    return this.start(plan);
  }

  /** Confirms and runs a plan made in main (a batch, or one sub-account made as a batch of one). */
  async start(plan: BatchPlan): Promise<BatchView> {
    this.#refuseWhileRunning();
    const main = this.#accounts.mainAccount(MAIN_NEEDED);
    await requireConfirmation(this.#platform, batchQuestion(plan, main.label));
    const batch = this.#journal.start(main.connection, main.id, plan);
    this.#log.log('info', `sub-account batch ${batch.id}: ${String(plan.names.length)} accounts confirmed`);
    return this.#drive(batch, true);
  }

  /** Goes on with a batch cut short or with failures, once confirmed again; done accounts are left. */
  async resume(batchId: string): Promise<BatchView> {
    const batch = this.#require(batchId);
    if (this.#active.has(batchId))
      throw new UserFacingError('batch_running', 'This batch is running already.', 'batchId');
    this.#refuseWhileRunning();
    const left = this.#journal.steps(batchId).filter((s) => s.stage !== 'done');
    if (left.length === 0)
      throw new UserFacingError(
        'invalid_input',
        'Every sub-account of this batch is made already.',
        'batchId',
      );
    const main = this.#accounts.mainAccount(MAIN_NEEDED);
    if (main.id !== batch.mainAccount || main.connection !== batch.connection)
      throw new UserFacingError(
        'wrong_connection',
        'This batch was started with another main account or on another connection.',
        'batchId',
      );
    await requireConfirmation(this.#platform, resumeQuestion(batch.plan, left, main.label));
    this.#log.log('info', `sub-account batch ${batchId}: resumed with ${String(left.length)} accounts left`);
    return this.#drive(batch);
  }

  /** Stops taking new accounts; those under way finish their step. Resume goes on later. */
  stop(batchId: string): boolean {
    const active = this.#active.get(batchId);
    if (active) active.stop = true;
    return active !== undefined;
  }

  list(): BatchSummaryView[] {
    return this.#journal.batches().map((b) => {
      const steps = this.#journal.steps(b.id);
      return {
        batchId: b.id,
        createdAtMs: b.createdAt,
        state: this.#state(b),
        ...this.#journal.counts(b.id),
        first: steps[0]?.alias ?? '',
        last: steps.at(-1)?.alias ?? '',
      };
    });
  }

  view(batchId: string): BatchView {
    const batch = this.#require(batchId);
    return {
      batchId,
      createdAtMs: batch.createdAt,
      state: this.#state(batch),
      ...this.#journal.counts(batchId),
      accounts: this.#journal.steps(batchId).map(accountView),
    };
  }

  #state(b: BatchRecord): BatchView['state'] {
    if (this.#active.has(b.id)) return 'running';
    return b.state === 'running' ? 'interrupted' : 'finished';
  }

  #require(batchId: string): BatchRecord {
    const batch = this.#journal.batch(batchId);
    if (!batch) throw new UserFacingError('not_found', 'There is no such batch.', 'batchId');
    return batch;
  }

  #refuseWhileRunning(): void {
    if (this.#active.size > 0)
      throw new UserFacingError(
        'batch_running',
        'A batch of sub-accounts is running: wait for it to end, or stop it, before starting another.',
      );
  }

  async #drive(batch: BatchRecord, fresh = false): Promise<BatchView> {
    const flag = { stop: false };
    this.#active.set(batch.id, flag);
    try {
      const main = await this.#accounts.caller(batch.mainAccount);
      const steps = this.#journal.steps(batch.id);
      // Going on after a stop, every account not finished is looked up at the exchange first.
      const lookUp = !fresh && steps.some((s) => s.stage === 'planned');
      const ctx: StepContext = {
        ...(lookUp
          ? {
              existing: new Map(
                (
                  await admin.listAll(main, {
                    expected: knownSubAccounts(this.#accounts.registry, batch.connection),
                  })
                ).map((s) => [s.alias, s.id]),
              ),
            }
          : {}),
        resumed: !fresh,
        main,
        registry: this.#accounts.registry,
        journal: this.#journal,
        plan: batch.plan,
        connection: batch.connection,
      };
      const queue = steps.filter((s) => s.stage !== 'done');
      // Each account's outcome, kept here for the progress events (the journal holds the same).
      const tally = new Tally(steps);
      this.#progress(batch.id, true, tally.counts());
      const ending: Array<Promise<void>> = [];
      const worker = async (): Promise<void> => {
        for (let step = queue.shift(); step && !flag.stop; step = queue.shift()) {
          let answered = (): void => undefined;
          const sent = new Promise<void>((resolve) => (answered = resolve));
          const ended = this.#one(ctx, step, answered).then((ended) => {
            tally.set(ended);
            this.#progress(batch.id, true, tally.counts(), accountView(ended));
          });
          ending.push(ended);
          // The next account starts once this one's requests are answered: only its flush to disk is left.
          await Promise.race([sent, ended]);
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      // Every account has been sent: the last keys' accounts go to disk now, not after the group's wait.
      this.#accounts.registry.commitWaiting();
      await Promise.all(ending);
      if (!flag.stop) this.#journal.finish(batch.id);
      await this.#audit(batch.id);
    } finally {
      this.#active.delete(batch.id);
      this.#progress(batch.id, false, this.#journal.counts(batch.id));
    }
    const counts = this.#journal.counts(batch.id);
    this.#log.log(
      'info',
      `sub-account batch ${batch.id}: ${String(counts.done)} of ${String(counts.total)} done, ${String(counts.failed)} failed`,
    );
    return this.view(batch.id);
  }

  /**
   * One account, tried again (after looking it up) while the exchange's answer is unknown. `answered`
   * is told when only its account's flush to disk is left (the next account starts then: a flush
   * failing is tried again beside it).
   */
  async #one(ctx: StepContext, start: StepRecord, answered: () => void): Promise<StepRecord> {
    let step = start;
    for (let attempt = 1; ; attempt++) {
      try {
        return await advance(ctx, step, answered);
      } catch (error) {
        const current = this.#journal.step(step.batchId, step.n) ?? step;
        const seen = itemFailure(error, 'The step failed in the app.');
        const settled = error instanceof ExchangeError && SETTLED.has(error.code);
        if (!(error instanceof ExchangeError) && !(error instanceof UserFacingError))
          this.#log.log('error', `sub-account batch ${step.batchId} #${String(step.n)} failed`, error);
        step = this.#journal.failed(current, seen.code, seen.message, settled);
        if (settled || attempt >= TRIES) return step;
        await this.#sleep(1000 * attempt);
      }
    }
  }

  #progress(batchId: string, running: boolean, counts: Counts, account?: BatchAccountView): void {
    this.#events.emit('subaccounts.batchProgress', {
      batchId,
      running,
      ...counts,
      ...(account ? { account } : {}),
    });
  }

  /** The batch in the desk's audit log: each account's outcome, its sub-account id and key id. */
  async #audit(batchId: string): Promise<void> {
    const steps = this.#journal.steps(batchId);
    await this.#cache.batches.record({
      parentId: `txs-${batchId.slice(0, 8)}-${String(Date.now())}`,
      kind: 'sub_accounts',
      atMs: Date.now(),
      children: steps.map((s) => ({
        account: s.alias,
        ...(s.subAccountId ? { childRef: s.subAccountId } : {}),
        outcome: s.stage === 'done' ? 'ok' : 'failed',
        ...(s.stage !== 'done' && s.errorCode && /^[a-z0-9_]{1,64}$/.test(s.errorCode)
          ? { errorCode: s.errorCode }
          : s.stage !== 'done'
            ? { errorCode: 'not_finished' }
            : {}),
        ...(s.apiKeyId && /^[A-Za-z0-9._:-]{1,64}$/.test(s.apiKeyId) ? { detail: s.apiKeyId } : {}),
      })),
    });
  }
}

const sum = (amount: string, n: number): string => new Dec(amount).times(n).toFixed();
