/**
 * Who syncs an account's history: one operator at a time, by a session advisory lock in PostgreSQL
 * on a connection of its own. The server releases the lock when that connection ends, however it
 * ends (the app quit, crashed, or lost the network), so another operator can take the account over.
 * Taking it writes a fresh token to `sync_leases` (from the session holding the lock: the store lets no
 * other session write it); every write of the sync names that token in its own transaction
 * (`writeUnderLease`), and the store lets only the lease's holder write under it, so a holder that
 * lost its lock without knowing writes nothing once another took over, and no one else writes at all.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '../log.ts';
import { TeamProblem } from './problems.ts';
import type { TeamStore } from './store.ts';

const LOCK = "pg_try_advisory_lock(hashtext('txc-desk sync'), hashtext($1::uuid::text))";
const UNLOCK = "pg_advisory_unlock(hashtext('txc-desk sync'), hashtext($1::uuid::text))";

/**
 * In a transaction of the sync's writes: checks that the lease `token` of `account` is still this
 * operator's, and names it to the store, whose row-level security lets only its holder write the
 * account's history and checkpoints (migration 0003). Throws `LeaseLost` when a teammate took it over.
 */
export async function writeUnderLease(client: pg.ClientBase, account: string, token: string): Promise<void> {
  const lease = await client.query(
    `SELECT set_config('txc.sync_lease', $2::uuid::text, true) FROM sync_leases
     WHERE account = $1 AND token = $2 AND holder = current_user FOR SHARE`,
    [account, token],
  );
  if (lease.rowCount === 0) throw new LeaseLost();
}

/** The account's lease went to another operator (or the lock was lost): the sync stops, nothing written. */
export class LeaseLost extends TeamProblem {
  constructor() {
    super('lost', 'Another operator took over this sync; it goes on from their checkpoint.');
    this.name = 'LeaseLost';
  }
}

export class SyncLeases {
  readonly #store: TeamStore;
  readonly #log: Logger;
  #session: pg.Client | undefined;
  #opening: Promise<pg.Client> | undefined;
  /** account -> token of the leases this operator holds now. */
  readonly #held = new Map<string, string>();
  /** The lock connection's statements, one after the other (accounts are taken and given back at once). */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(store: TeamStore, log: Logger) {
    this.#store = store;
    this.#log = log;
  }

  #client(): Promise<pg.Client> {
    if (this.#session) return Promise.resolve(this.#session);
    this.#opening ??= this.#store
      .session()
      .then((client) => {
        const lost = (error: unknown) => {
          if (this.#session !== client) return;
          this.#session = undefined;
          // The server released every lock of this connection: none of these leases holds any more.
          this.#held.clear();
          this.#log.log('warn', 'the sync lease connection to the team store ended', error);
        };
        client.on('error', lost);
        client.on('end', () => lost(new Error('ended')));
        this.#session = client;
        return client;
      })
      .finally(() => (this.#opening = undefined));
    return this.#opening;
  }

  #onSession<R extends pg.QueryResultRow>(
    client: pg.Client,
    sql: string,
    params: unknown[],
  ): Promise<pg.QueryResult<R>> {
    const next = this.#queue.then(() => client.query<R>(sql, params));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** The token of the account's lease while this operator holds it. */
  token(account: string): string | undefined {
    return this.#held.get(account);
  }

  /** Takes the account's lease if no other operator holds it; answers its token, or undefined. */
  async tryTake(account: string): Promise<string | undefined> {
    const held = this.#held.get(account);
    if (held) return held;
    const client = await this.#client();
    const { rows } = await this.#onSession<{ ok: boolean }>(client, `SELECT ${LOCK} AS ok`, [account]);
    if (!rows[0]?.ok) return undefined;
    const token = randomUUID();
    try {
      // Written by the session holding the lock: the store lets only that session take the lease.
      await this.#onSession(
        client,
        `INSERT INTO sync_leases (account, token) VALUES ($1, $2)
         ON CONFLICT (account) DO UPDATE SET token = excluded.token, holder = current_user, since = now()`,
        [account, token],
      );
    } catch (error) {
      await this.#onSession(client, `SELECT ${UNLOCK}`, [account]).catch(() => undefined);
      throw error;
    }
    this.#held.set(account, token);
    return token;
  }

  /** The operator who last took the account's lease (the one syncing it, while its lock is held). */
  async holder(account: string): Promise<string | undefined> {
    const rows = await this.#store.query<{ holder: string }>(
      'SELECT holder FROM sync_leases WHERE account = $1',
      [account],
    );
    return rows[0]?.holder;
  }

  /**
   * Waits until this operator holds the account's lease: tries now, then every `everyMs`, telling
   * `waiting` who holds it meanwhile. Stops with the signal.
   */
  async take(
    account: string,
    signal: AbortSignal,
    waiting: (holder: string | undefined) => void,
    everyMs = 500,
  ): Promise<string> {
    for (let told = false; ;) {
      signal.throwIfAborted();
      const token = await this.tryTake(account);
      if (token) return token;
      if (!told) waiting(await this.holder(account).catch(() => undefined));
      told = true;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, everyMs);
        signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    }
  }

  async release(account: string): Promise<void> {
    if (!this.#held.delete(account)) return;
    const session = this.#session;
    if (session) await this.#onSession(session, `SELECT ${UNLOCK}`, [account]).catch(() => undefined);
  }

  async close(): Promise<void> {
    const session = this.#session;
    this.#session = undefined;
    this.#held.clear();
    if (!session) return;
    session.removeAllListeners('end');
    await session.end().catch(() => undefined);
  }
}
