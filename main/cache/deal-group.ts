/**
 * Pages of deals share one transaction: the writer answers a page as soon as it is in the open
 * transaction and commits the group when it holds `GROUP_ROWS` deals, when it is `GROUP_MS` old,
 * before any other call reaches the writer, and before the cache closes. A commit costs about as much
 * as storing 1,500 deals (the right-most pages of the table and its five indexes are written to the
 * WAL again each time), and the daily totals of the whole group are written once at its commit
 * instead of once per page.
 *
 * What a crash can cost: the pages of the last group (at most `GROUP_MS` of work), together with the
 * sync checkpoints saved with them, so a resumed sync fetches exactly those pages again. Nothing is
 * ever half stored. Readers on other connections see a group once it commits; the main thread's
 * `Cache` commits it before any read it sends them (`meta.flush`), so a read always sees the deals
 * stored before it.
 */
import { prepared, type WritableDB } from './db.ts';
import { CacheInputError } from './errors.ts';
import type { CheckpointWrite } from './methods.ts';
import { RollupBatch } from './repos/deal-rollup.ts';
import { forgetDealCaches, upsertDeals, type DealRecord } from './repos/deals.ts';
import { checkCheckpoint, writeCheckpoint } from './repos/checkpoints.ts';

/** Deals in a group before it commits. */
export const GROUP_ROWS = 10_000;
/** Age of a group (from its first page) before it commits. */
export const GROUP_MS = 50;

/** A group that failed to commit: its pages are gone; told to the caller of the commit, or to the next page stored. */
export class GroupLostError extends Error {
  constructor(pages: number, cause: unknown) {
    super(
      `The last ${pages} page(s) of deals were not saved (${cause instanceof Error ? cause.message : String(cause)}); ` +
        'their sync checkpoints went with them, so the next sync fetches them again.',
    );
    this.name = 'GroupLostError';
  }
}

class DealGroup {
  readonly #db: WritableDB;
  #open = false;
  #rows = 0;
  #pages = 0;
  #rollup = new RollupBatch();
  #timer: NodeJS.Timeout | undefined;
  #lost: GroupLostError | null = null;

  constructor(db: WritableDB) {
    this.#db = db;
  }

  /** Stores a page (and its checkpoint) in the open group; commits when the group is full. */
  store(rows: readonly DealRecord[], checkpoint: CheckpointWrite | undefined) {
    this.#throwLost();
    const checked = checkpoint ? checkCheckpoint(checkpoint.job, checkpoint.cursor) : null;
    if (!this.#open) {
      prepared(this.#db, 'BEGIN').run();
      this.#open = true;
      this.#timer = setTimeout(() => this.#commitQuietly(), GROUP_MS);
    }
    let result;
    try {
      result = upsertDeals(this.#db, rows, this.#rollup);
      if (checked) writeCheckpoint(this.#db, checked);
    } catch (error) {
      // A page refused by its checks (deals or checkpoint) wrote nothing: the pages before it stay.
      if (!(error instanceof CacheInputError)) this.#rollback();
      throw error;
    }
    this.#rows += rows.length;
    this.#pages++;
    if (this.#rows >= GROUP_ROWS) this.commit();
    return result;
  }

  /** Commits the open group, if any; throws if that commit failed. */
  commit(): void {
    if (!this.#open) return;
    clearTimeout(this.#timer);
    const pages = this.#pages;
    try {
      this.#rollup.apply(this.#db);
      prepared(this.#db, 'COMMIT').run();
      this.#reset();
    } catch (error) {
      this.#rollback();
      throw new GroupLostError(pages, error);
    }
  }

  #commitQuietly(): void {
    try {
      this.commit();
    } catch (error) {
      // Told to the next page stored (the sync that sent them): a timer has no one to tell.
      if (error instanceof GroupLostError) this.#lost = error;
    }
  }

  #throwLost(): void {
    const lost = this.#lost;
    if (!lost) return;
    this.#lost = null;
    throw lost;
  }

  #rollback(): void {
    clearTimeout(this.#timer);
    if (this.#db.inTransaction) prepared(this.#db, 'ROLLBACK').run();
    forgetDealCaches(this.#db);
    this.#reset();
  }

  #reset(): void {
    this.#open = false;
    this.#rows = 0;
    this.#pages = 0;
    this.#rollup = new RollupBatch();
  }
}

const groups = new WeakMap<WritableDB, DealGroup>();

function groupOf(db: WritableDB): DealGroup {
  let group = groups.get(db);
  if (!group) {
    group = new DealGroup(db);
    groups.set(db, group);
  }
  return group;
}

/** Stores a page of deals and, when given, the sync checkpoint after it, in the writer's open group. */
export function storeDealPage(
  db: WritableDB,
  rows: readonly DealRecord[],
  checkpoint: CheckpointWrite | undefined,
): { inserted: number; duplicates: number } {
  return groupOf(db).store(rows, checkpoint);
}

/** Commits the writer's open group of deal pages (a no-op when there is none). */
export function commitDealGroup(db: WritableDB): void {
  groups.get(db)?.commit();
}
