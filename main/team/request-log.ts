/**
 * The signed-request log of the whole desk. Each entry is written on this computer first, as it is
 * sent, whether the team store answers or not; entries this operator wrote are then sent to the
 * store in order, each under this profile's origin and its local id, so an upload retried after a
 * lost answer (or a crash between the insert and the cursor) is one row there. The entries of the
 * other operators come back by change cursor into the local log, each once, so the whole desk's log
 * is on every computer, offline too.
 */
import type { Cache } from '../cache/index.ts';
import type { Logger } from '../log.ts';
import { readChanges, START, type ChangeCursor, type FeedTable } from './changes.ts';
import type { TeamPart } from './desk.ts';
import type { TeamStore } from './store.ts';
import { OnePull } from './one-pull.ts';

const UPLOAD_BATCH = 1_000;
const PULL_PAGE = 2_000;

interface LogRow {
  origin: string;
  origin_id: string;
  operator: string;
  at_ms: string;
  account: string;
  path: string;
  body_hash: string | null;
  client_order_id: string | null;
  outcome: 'ok' | 'rejected' | 'failed' | 'sending';
  http_status: number | null;
  error_code: string | null;
  duration_ms: number | null;
  proposal: string | null;
  approved_by: string | null;
}

export class TeamRequestLog implements TeamPart {
  readonly tables = ['signed_requests'];
  readonly #store: TeamStore;
  readonly #cache: Cache;
  readonly #log: Logger;
  readonly #feed: FeedTable;
  #sending: Promise<void> | undefined;
  #sendAgain = false;
  readonly #pulls = new OnePull(() => this.#pullAll());

  constructor(store: TeamStore, cache: Cache, log: Logger) {
    this.#store = store;
    this.#cache = cache;
    this.#log = log;
    this.#feed = {
      table: 'signed_requests',
      key: [
        ['origin', 'uuid'],
        ['origin_id', 'bigint'],
      ],
      columns: `origin::text AS origin, origin_id::text AS origin_id, operator, at_ms::text AS at_ms, account, path,
        body_hash, client_order_id, outcome, http_status, error_code, duration_ms, proposal::text AS proposal,
        approved_by`,
      // This profile's own entries are in its log already.
      where: `origin <> '${store.settings.origin}'::uuid`,
    };
  }

  #job(what: 'sent' | 'pulled'): string {
    return `team:${this.#store.deskId ?? 'desk'}:log-${what}`;
  }

  /** Sends what this operator wrote and the store lacks (after each batch is stored, and each connect). */
  send(): Promise<void> {
    if (!this.#store.connected) return Promise.resolve();
    if (this.#sending) {
      this.#sendAgain = true;
      return this.#sending;
    }
    this.#sending = (async () => {
      do {
        this.#sendAgain = false;
        await this.#sendAll();
      } while (this.#sendAgain && this.#store.connected);
    })()
      .catch((error: unknown) =>
        this.#log.log('warn', 'could not send the signed-request log to the team', error),
      )
      .finally(() => (this.#sending = undefined));
    return this.#sending;
  }

  async #sendAll(): Promise<void> {
    const job = this.#job('sent');
    for (;;) {
      const saved = (await this.#cache.checkpoints.load(job))?.cursor as { afterId: number } | undefined;
      const afterId = saved?.afterId ?? 0;
      const entries = await this.#cache.audit.unsent(this.#store.operator, afterId, UPLOAD_BATCH);
      if (entries.length === 0) return;
      await this.#store.query(
        `INSERT INTO signed_requests (origin, origin_id, at_ms, account, path, body_hash, client_order_id, outcome,
           http_status, error_code, duration_ms, proposal, approved_by)
         SELECT $1::uuid, * FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[],
           $8::text[], $9::integer[], $10::text[], $11::integer[], $12::uuid[], $13::text[])
         ON CONFLICT (origin, origin_id) DO NOTHING`,
        [
          this.#store.settings.origin,
          entries.map((e) => e.id),
          entries.map((e) => e.atMs),
          entries.map((e) => e.account),
          entries.map((e) => e.path),
          entries.map((e) => e.bodyHash ?? null),
          entries.map((e) => e.clientOrderId ?? null),
          entries.map((e) => e.outcome),
          entries.map((e) => e.httpStatus ?? null),
          entries.map((e) => e.errorCode ?? null),
          entries.map((e) => e.durationMs ?? null),
          entries.map((e) => e.proposal ?? null),
          entries.map((e) => e.approvedBy ?? null),
        ],
      );
      await this.#cache.checkpoints.save(job, { afterId: entries[entries.length - 1]?.id ?? afterId });
    }
  }

  async connected(): Promise<void> {
    await this.send();
  }

  /** Brings the other operators' new entries into the local log (one pull at a time); true when the last pass was held back. */
  pull(): Promise<boolean> {
    return this.#pulls.run();
  }

  async #pullAll(): Promise<boolean> {
    const job = this.#job('pulled');
    let cursor = ((await this.#cache.checkpoints.load(job))?.cursor as ChangeCursor | undefined) ?? START;
    for (;;) {
      const page = await readChanges<LogRow & Record<string, unknown>>(
        this.#store,
        this.#feed,
        cursor,
        PULL_PAGE,
      );
      await this.#cache.audit.recordMany(
        page.rows.map((r) => ({
          atMs: Number(r.at_ms),
          account: r.account,
          path: r.path,
          outcome: r.outcome,
          operator: r.operator,
          origin: r.origin,
          originId: Number(r.origin_id),
          ...(r.body_hash === null ? {} : { bodyHash: r.body_hash }),
          ...(r.client_order_id === null ? {} : { clientOrderId: r.client_order_id }),
          ...(r.http_status === null ? {} : { httpStatus: r.http_status }),
          ...(r.error_code === null ? {} : { errorCode: r.error_code }),
          ...(r.duration_ms === null ? {} : { durationMs: r.duration_ms }),
          ...(r.proposal === null ? {} : { proposal: r.proposal }),
          ...(r.approved_by === null ? {} : { approvedBy: r.approved_by }),
        })),
        { job, cursor: page.next },
      );
      cursor = page.next;
      if (page.done) return page.held === true;
    }
  }
}
