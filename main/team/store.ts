/**
 * The connection to the desk's PostgreSQL, in main only: a small `pg` pool for queries and
 * transactions, one listening connection for the desk's notifications (LISTEN txc_desk), and the
 * state the status bar shows ("connected", "not reachable since 14:02", or the sentence that stops
 * it). A lost server is retried by itself, sooner at first, and whoever follows the store hears when
 * it is back (`onConnected`) to send what waited. Nothing here blocks the app's start or its trading.
 */
import pg from 'pg';
import type { Logger } from '../log.ts';
import { DESK_CHANNEL, joinDesk } from './join.ts';
import { explainTeamFailure, TeamProblem, type TeamAddress } from './problems.ts';
import { tlsOptions, type TeamSettings } from './settings.ts';

export const APPLICATION_NAME = 'TXC Desk';

export type TeamStatus = 'connecting' | 'connected' | 'unreachable' | 'refused';

export interface TeamConnectionState {
  status: TeamStatus;
  /** When the store reached this status (ms): connected since, or not reachable since. */
  sinceMs: number;
  /** Why it is not connected, in one sentence. */
  problem?: string;
}

export interface TeamStoreOptions {
  settings: TeamSettings;
  password: string;
  log: Logger;
  appVersion?: string;
  /** First and longest wait between attempts to reach a lost server (ms). */
  retry?: { firstMs?: number; capMs?: number };
  /** How often the listening connection is checked (ms). */
  pingMs?: number;
  now?: () => number;
}

/** Every query of the app is given this long; a server that does not answer counts as unreachable. */
const QUERY_TIMEOUT_MS = 60_000;

export class TeamStore {
  readonly settings: TeamSettings;
  readonly address: TeamAddress;
  readonly #password: string;
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #retryFirst: number;
  readonly #retryCap: number;
  readonly #pingMs: number;
  readonly #appVersion: string;
  #pool: pg.Pool | undefined;
  #listener: pg.Client | undefined;
  #state: TeamConnectionState;
  #deskId: string | undefined;
  #retryMs: number;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #pingTimer: ReturnType<typeof setInterval> | undefined;
  #connecting: Promise<void> | undefined;
  #closed = false;
  #pinging = false;
  readonly #stateListeners = new Set<(state: TeamConnectionState) => void>();
  readonly #notifyListeners = new Set<(table: string) => void>();
  readonly #connectedListeners = new Set<() => void>();

  constructor(options: TeamStoreOptions) {
    this.settings = options.settings;
    this.address = {
      host: options.settings.host,
      port: options.settings.port,
      database: options.settings.database,
      operator: options.settings.operator,
    };
    this.#password = options.password;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
    this.#retryFirst = options.retry?.firstMs ?? 1_000;
    this.#retryCap = options.retry?.capMs ?? 15_000;
    this.#retryMs = this.#retryFirst;
    this.#pingMs = options.pingMs ?? 10_000;
    this.#appVersion = options.appVersion ?? '';
    this.#state = { status: 'connecting', sinceMs: this.#now() };
  }

  get state(): TeamConnectionState {
    return this.#state;
  }

  get connected(): boolean {
    return this.#state.status === 'connected';
  }

  get operator(): string {
    return this.settings.operator;
  }

  /** The desk's id, known once connected (replica cursors are kept per desk). */
  get deskId(): string | undefined {
    return this.#deskId;
  }

  onState(listener: (state: TeamConnectionState) => void): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  /** Hears the name of each table another transaction changed (one notice per table and commit). */
  onNotify(listener: (table: string) => void): () => void {
    this.#notifyListeners.add(listener);
    return () => this.#notifyListeners.delete(listener);
  }

  /** Hears each time the store is connected again (and the first time). */
  onConnected(listener: () => void): () => void {
    this.#connectedListeners.add(listener);
    return () => this.#connectedListeners.delete(listener);
  }

  #setState(state: TeamConnectionState): void {
    this.#state = state;
    for (const listener of this.#stateListeners) listener(state);
  }

  /** The settings a `pg` connection is made with (TLS checked against the CA, `verify-full`). */
  clientConfig(): pg.ClientConfig {
    return {
      host: this.settings.host,
      port: this.settings.port,
      database: this.settings.database,
      user: this.settings.operator,
      password: this.#password,
      ssl: tlsOptions(this.settings),
      application_name: APPLICATION_NAME,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      query_timeout: QUERY_TIMEOUT_MS,
    };
  }

  /** Connects in the background; a server that cannot be reached is tried again until it answers. */
  start(): void {
    void this.connect().catch(() => undefined);
  }

  /**
   * Connects now (or joins the attempt under way): the schema is checked, this operator recorded and
   * the desk's notifications listened to. Throws the failure's sentence (a `TeamProblem`).
   */
  connect(): Promise<void> {
    if (this.#closed) return Promise.reject(new TeamProblem('not_joined', 'The team desk is switched off.'));
    if (this.connected) return Promise.resolve();
    this.#connecting ??= this.#connect().finally(() => (this.#connecting = undefined));
    return this.#connecting;
  }

  async #connect(): Promise<void> {
    clearTimeout(this.#retryTimer);
    let listener: pg.Client | undefined;
    try {
      const config = this.clientConfig();
      listener = new pg.Client(config);
      listener.on('error', (error) => this.#lost(error, listener));
      listener.on('end', () => this.#lost(new Error('Connection ended'), listener));
      listener.on('notification', (message) => {
        if (message.channel !== DESK_CHANNEL || !message.payload) return;
        for (const l of this.#notifyListeners) l(message.payload);
      });
      await listener.connect();
      this.#deskId = await joinDesk(listener, {
        appVersion: this.#appVersion,
        origin: this.settings.origin,
        log: this.#log,
      });
    } catch (error) {
      const problem = explainTeamFailure(error, this.address);
      this.#drop(listener);
      if (this.#closed) throw problem;
      if (problem.transient) {
        const since = this.#state.status === 'unreachable' ? this.#state.sinceMs : this.#now();
        this.#setState({ status: 'unreachable', sinceMs: since, problem: problem.message });
        this.#scheduleRetry();
      } else {
        this.#setState({ status: 'refused', sinceMs: this.#now(), problem: problem.message });
      }
      throw problem;
    }
    if (this.#closed) {
      this.#drop(listener);
      throw new TeamProblem('not_joined', 'The team desk is switched off.');
    }
    this.#listener = listener;
    this.#pool ??= this.#newPool();
    this.#retryMs = this.#retryFirst;
    clearInterval(this.#pingTimer);
    this.#pingTimer = setInterval(() => void this.#ping(), this.#pingMs);
    this.#pingTimer.unref();
    this.#setState({ status: 'connected', sinceMs: this.#now() });
    for (const l of this.#connectedListeners) l();
  }

  #newPool(): pg.Pool {
    const pool = new pg.Pool({ ...this.clientConfig(), max: 4, idleTimeoutMillis: 30_000 });
    // An idle connection the server cut: the pool drops it; the listener tells the store it is lost.
    pool.on('error', (error) => this.#log.log('warn', 'a team store connection closed', error));
    return pool;
  }

  async #ping(): Promise<void> {
    const listener = this.#listener;
    // One check at a time: a slow answer is not asked again on top of itself.
    if (!listener || this.#pinging) return;
    this.#pinging = true;
    try {
      await listener.query('SELECT 1');
    } catch (error) {
      this.#lost(error, listener);
    } finally {
      this.#pinging = false;
    }
  }

  #drop(client: pg.Client | undefined): void {
    if (!client) return;
    client.removeAllListeners('end');
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
  }

  /** The listening connection broke: the server is not reachable from now on, until it answers again. */
  #lost(error: unknown, client: pg.Client | undefined): void {
    if (this.#closed || client !== this.#listener || !client) return;
    this.#listener = undefined;
    clearInterval(this.#pingTimer);
    this.#drop(client);
    this.#log.log('warn', 'the connection to the team store was lost', error);
    this.#setState({
      status: 'unreachable',
      sinceMs: this.#now(),
      problem: `The connection to the team server at ${this.address.host}:${String(this.address.port)} was lost.`,
    });
    this.#scheduleRetry();
  }

  #scheduleRetry(): void {
    if (this.#closed) return;
    clearTimeout(this.#retryTimer);
    const delay = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, this.#retryCap);
    this.#retryTimer = setTimeout(() => this.start(), delay);
    this.#retryTimer.unref();
  }

  /** Tries now instead of at the next scheduled attempt (the operator asked, or settings changed). */
  retryNow(): Promise<void> {
    this.#retryMs = this.#retryFirst;
    return this.connect();
  }

  #unavailable(): TeamProblem {
    return new TeamProblem(
      'unreachable',
      this.#state.problem ??
        `The team server at ${this.address.host}:${String(this.address.port)} cannot be reached.`,
    );
  }

  /** A failure of a query: the connection's failures mark the store lost and read as a sentence. */
  #failed(error: unknown): unknown {
    // Already a sentence of the app's own (the sync's lease went to a teammate): not the connection's.
    if (error instanceof TeamProblem) return error;
    const problem = explainTeamFailure(error, this.address);
    if (!problem.transient) return error;
    if (this.#listener) this.#lost(error, this.#listener);
    return problem;
  }

  /** Runs one statement on a pooled connection. SQL errors are thrown as they are. */
  async query<R extends pg.QueryResultRow>(sql: string | pg.QueryConfig, params?: unknown[]): Promise<R[]> {
    const pool = this.#pool;
    if (!pool || !this.connected) throw this.#unavailable();
    try {
      return (await pool.query<R>(sql, params)).rows;
    } catch (error) {
      throw this.#failed(error);
    }
  }

  /** Runs `work` in one transaction on one pooled connection: committed when it resolves. */
  async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const pool = this.#pool;
    if (!pool || !this.connected) throw this.#unavailable();
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw this.#failed(error);
    }
    let broken = false;
    // A checked-out connection has no listener of the pool's: one the server cuts mid-transaction
    // would throw its error at the process. Its pending statement rejects with it instead.
    const onError = (): void => {
      broken = true;
    };
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const value = await work(client);
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw this.#failed(error);
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  /**
   * A connection of its own, outside the pool, for session advisory locks (sync leases): the server
   * releases them when it ends, however it ends. The caller ends it.
   */
  async session(): Promise<pg.Client> {
    if (!this.connected) throw this.#unavailable();
    const client = new pg.Client(this.clientConfig());
    try {
      await client.connect();
    } catch (error) {
      client.on('error', () => undefined);
      throw this.#failed(error);
    }
    return client;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    clearInterval(this.#pingTimer);
    await this.#connecting?.catch(() => undefined);
    const listener = this.#listener;
    this.#listener = undefined;
    this.#drop(listener);
    await this.#pool?.end().catch(() => undefined);
    this.#pool = undefined;
  }
}
