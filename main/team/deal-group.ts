/**
 * The sync's pages of deals, grouped as the local cache groups them (`cache/deal-group.ts`): a page
 * is answered once it is in the group, and the group is written at 10,000 deals or 50 ms after its
 * first page (and before any other write of the sync) in one transaction of the team store, with the
 * last checkpoint of each job: a check that this operator still holds the account's lease, the
 * deals the store lacks by COPY, the checkpoints. A crash or a lost connection loses the group with
 * its checkpoints, so the sync resumes exactly where the store stands; a group that fails on its
 * timer is reported to the next page.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { CheckpointWrite, DealRecord } from '../cache/index.ts';
import { LeaseLost, writeUnderLease } from './sync-lease.ts';
import type { TeamStore } from './store.ts';

/** The COPY statement that loads deals in the text format of `dealCopyLine`. */
export const COPY_DEALS =
  'COPY deals (account, id, market, side, role, amount, price, deal, fee, fee_asset, order_id, client_order_id, time_us) FROM STDIN';

/** A text field of COPY's text format: backslash, tab, newline and carriage return escaped. */
const field = (value: string) =>
  /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c) : value;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A deal as one line of COPY's text format. */
export function dealCopyLine(d: DealRecord): string {
  return `${d.account}\t${String(d.id)}\t${field(d.market)}\t${d.side}\t${d.role}\t${field(d.amount)}\t${field(
    d.price,
  )}\t${field(d.deal)}\t${field(d.fee)}\t${field(d.feeAsset)}\t${String(d.orderId)}\t${field(
    d.clientOrderId,
  )}\t${String(Math.round(d.time * 1e6))}\n`;
}

/**
 * Inserts deals, dropping those stored already; answers how many were new. The page's ids the table
 * has are looked up first (one index range of the account), and the new deals go in by COPY, the
 * server's fastest way in; only one writer holds an account's lease, so nothing can come in between.
 */
export async function insertDeals(client: pg.ClientBase, rows: readonly DealRecord[]): Promise<number> {
  if (rows.length === 0) return 0;
  const seen = new Set<string>();
  for (const account of new Set(rows.map((d) => d.account))) {
    const ids = rows.filter((d) => d.account === account).map((d) => d.id);
    const { rows: stored } = await client.query<{ id: string }>(
      'SELECT id::text AS id FROM deals WHERE account = $1 AND id = ANY($2::bigint[])',
      [account, ids],
    );
    for (const r of stored) seen.add(`${account} ${r.id}`);
  }
  const fresh = new Map<string, DealRecord>();
  for (const d of rows) {
    const key = `${d.account} ${String(d.id)}`;
    if (!seen.has(key)) fresh.set(key, d);
  }
  if (fresh.size === 0) return 0;
  let text = '';
  for (const d of fresh.values()) text += dealCopyLine(d);
  await pipeline(Readable.from([text]), client.query(copyFrom(COPY_DEALS)));
  return fresh.size;
}

/** Runs `write` after `ms`; answers what cancels it. */
export type Schedule = (write: () => void, ms: number) => () => void;

const afterMs: Schedule = (write, ms) => {
  const timer = setTimeout(write, ms);
  return () => clearTimeout(timer);
};

interface Group {
  /** The group's deals by `account id`: a deal read twice (an overlap) is one. */
  deals: Map<string, DealRecord>;
  checkpoints: Map<string, unknown>;
  /** Cancels the group's timed write. */
  cancel: (() => void) | undefined;
}

export class TeamDealGroup {
  readonly #store: TeamStore;
  readonly #account: string;
  readonly #token: () => string | undefined;
  readonly #maxRows: number;
  readonly #maxMs: number;
  readonly #schedule: Schedule;
  #open: Group | undefined;
  #failure: unknown;
  /** Every step, one after the other: a page, a timed commit, a flush. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    store: TeamStore,
    account: string,
    token: () => string | undefined,
    options: { maxRows?: number; maxMs?: number; schedule?: Schedule } = {},
  ) {
    this.#store = store;
    this.#account = account;
    this.#token = token;
    this.#maxRows = options.maxRows ?? 10_000;
    this.#maxMs = options.maxMs ?? 50;
    this.#schedule = options.schedule ?? afterMs;
  }

  #enqueue<T>(step: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(step);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Puts a page (and its checkpoint) in the open group; answers how many of its deals are new to the
   * group (the store drops, when it is written, those it had already).
   */
  store(rows: readonly DealRecord[], checkpoint?: CheckpointWrite): Promise<number> {
    return this.#enqueue(async () => {
      this.#throwFailure();
      const group = (this.#open ??= { deals: new Map(), checkpoints: new Map(), cancel: undefined });
      let added = 0;
      for (const d of rows) {
        const key = `${d.account} ${String(d.id)}`;
        if (!group.deals.has(key)) added++;
        group.deals.set(key, d);
      }
      if (checkpoint) group.checkpoints.set(checkpoint.job, checkpoint.cursor);
      if (group.deals.size >= this.#maxRows) await this.#commit();
      else
        group.cancel ??= this.#schedule(() => {
          void this.#enqueue(() => this.#commit()).catch((error: unknown) => (this.#failure = error));
        }, this.#maxMs);
      return added;
    });
  }

  /**
   * Writes the open group now (before the sync's other writes, and at its end); fails if it, or a
   * group written on its timer since the last page, could not be written.
   */
  flush(): Promise<void> {
    return this.#enqueue(async () => {
      this.#throwFailure();
      await this.#commit();
    });
  }

  /** A group that failed on its timer fails the next step (once). */
  #throwFailure(): void {
    if (this.#failure === undefined) return;
    const failure = this.#failure;
    this.#failure = undefined;
    throw failure;
  }

  async #commit(): Promise<void> {
    const group = this.#open;
    if (!group) return;
    this.#open = undefined;
    group.cancel?.();
    const token = this.#token();
    if (!token) throw new LeaseLost();
    await this.#store.transaction(async (client) => {
      await writeUnderLease(client, this.#account, token);
      await insertDeals(client, [...group.deals.values()]);
      if (group.checkpoints.size > 0)
        await client.query(
          `INSERT INTO sync_checkpoints (job, cursor) SELECT * FROM unnest($1::text[], $2::jsonb[])
           ON CONFLICT (job) DO UPDATE SET cursor = excluded.cursor, updated_at = now()`,
          [[...group.checkpoints.keys()], [...group.checkpoints.values()].map((c) => JSON.stringify(c))],
        );
    });
  }
}
