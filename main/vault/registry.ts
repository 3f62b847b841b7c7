/**
 * The account registry: label, kind, sub-account id, public API key, connection, groups and tags of
 * every account the desk works with, in `<profile>/accounts.sqlite` (kept apart from the cache, which
 * may be deleted and rebuilt). Secrets are never in it: each account's secret is one keychain entry,
 * named by the account id, in the SecretStore.
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { migrate } from '../cache/migrate.ts';
import { UserFacingError } from '../errors.ts';
import { openPrivateDatabase, privateSidecars } from '../private-fs.ts';
import { importRows, type ImportRow } from './csv.ts';
import { DurableWrites } from './durable-write.ts';
import { registryMigrations, type LegacyConnection } from './migrations/index.ts';
import {
  checkLabel,
  checkToken,
  foldLabel,
  invalid,
  toRecord,
  type AccountRecord,
  type NewAccount,
  type Row,
} from './registry-row.ts';
import { webhookSecretId, type SecretStore } from './secret-store.ts';

export type { AccountKind, AccountRecord, NewAccount } from './registry-row.ts';

export class AccountRegistry {
  readonly #db: Database.Database;
  readonly #durable: DurableWrites;
  readonly #secrets: SecretStore;
  readonly #now: () => number;
  /** Every row by id, read once and dropped by each write (`#write`). */
  #rows: Map<string, Row> | undefined;
  /** Every row in the list's order, read once and dropped by each write (`#write`). */
  #listed: Row[] | undefined;
  /** `connection apiKey` -> account id, rebuilt after a key is added, rotated or removed. */
  #byKey: Map<string, string> | undefined;
  readonly #listeners = new Set<() => void>();
  readonly #statements = new Map<string, Database.Statement>();
  readonly #foldedLabels = new WeakMap<Row, string>();
  /** Accounts whose secret is in the keychain and whose row is on its way in, by id. */
  readonly #coming = new Map<string, { label: string; folded: string; connection: string; apiKey: string }>();

  /**
   * `legacy`: the live connection the app opens at this start, which rows written before accounts
   * were bound to the WebSocket address too are bound to when the file is upgraded.
   */
  constructor(
    file: string,
    secrets: SecretStore,
    options: { now?: () => number; legacy?: LegacyConnection | undefined } = {},
  ) {
    this.#db = openPrivateDatabase(file, { timeout: 5000 });
    this.#db.pragma('journal_mode = WAL');
    privateSidecars(file);
    this.#db.pragma('foreign_keys = ON');
    this.#durable = new DurableWrites(this.#db, file);
    migrate(this.#db, registryMigrations(options.legacy), file);
    this.#secrets = secrets;
    this.#now = options.now ?? Date.now;
  }

  /** Calls `listener` after an account is added or removed; returns the way to stop. */
  onAccountsChanged(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }

  /** Every account, favourites first, then by label. The board lists the desk per batch of pushes. */
  list(): AccountRecord[] {
    this.#listed ??= this.#db
      .prepare('SELECT * FROM accounts ORDER BY favourite DESC, label COLLATE NOCASE')
      .all() as Row[];
    return this.#listed.map(toRecord);
  }

  /**
   * Runs one write to the account `id`; the row kept for `get` is read again (the others stay), and the
   * list is read again when next asked for (the order may have changed). Registering a desk of 1,000
   * accounts so costs one row read per account, not the whole table.
   */
  #write(id: string, sql: string, ...params: unknown[]): void {
    this.#prepared(sql).run(...params);
    this.#listed = undefined;
    if (!this.#rows) return;
    const row = this.#prepared('SELECT * FROM accounts WHERE id = ?').get(id) as Row | undefined;
    if (row) this.#rows.set(id, row);
    else this.#rows.delete(id);
  }

  /** A statement prepared once per text: a desk registering many accounts runs the same few. */
  #prepared(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) this.#statements.set(sql, (statement = this.#db.prepare(sql)));
    return statement;
  }

  /** The account registered with this public key on this connection (cached: it runs per request). */
  idForKey(connection: string, apiKey: string): string | undefined {
    this.#byKey ??= new Map(this.list().map((a) => [`${a.connection} ${a.apiKey}`, a.id]));
    return this.#byKey.get(`${connection} ${apiKey}`);
  }

  get(id: string): AccountRecord | undefined {
    const row = this.#allRows().get(id);
    return row ? toRecord(row) : undefined;
  }

  /** Every row by id: every signed request looks its account up, so they are kept until a write. */
  #allRows(): Map<string, Row> {
    this.#rows ??= new Map(
      (this.#db.prepare('SELECT * FROM accounts').all() as Row[]).map((row) => [row.id, row]),
    );
    return this.#rows;
  }

  #require(id: string): AccountRecord {
    const account = this.get(id);
    if (!account)
      throw new UserFacingError('not_found', 'That account is not in the registry any more.', 'id');
    return account;
  }

  /**
   * Refuses a label taken (letters compared as SQLite's NOCASE does: ASCII only) or a key registered,
   * by the registry's rows and by the accounts on their way in.
   */
  #checkFree(label: string, connection: string, apiKey: string, except?: string): void {
    const wanted = foldLabel(label);
    let byKey: { label: string } | undefined;
    for (const r of this.#allRows().values()) {
      if (r.id === except) continue;
      if (r.label.length === label.length && this.#folded(r) === wanted)
        throw invalid('label', `an account named "${label}" already exists`);
      if (r.connection === connection && r.api_key === apiKey && r.api_key !== '') byKey ??= r;
    }
    for (const c of this.#coming.values()) {
      if (c.folded === wanted) throw invalid('label', `an account named "${label}" already exists`);
      if (c.connection === connection && c.apiKey === apiKey && apiKey !== '') byKey ??= c;
    }
    if (byKey) throw invalid('apiKey', `this key is already registered as "${byKey.label}"`);
  }

  /** A row's label folded, kept with the row: a batch checks each new name against every row. */
  #folded(row: Row): string {
    let folded = this.#foldedLabels.get(row);
    if (folded === undefined) this.#foldedLabels.set(row, (folded = foldLabel(row.label)));
    return folded;
  }

  /** Registers an account; its secret goes to the keychain, the rest to the registry, on disk when it answers. */
  async add(input: NewAccount): Promise<AccountRecord> {
    const staged = await this.#stage(input);
    let onDisk: Promise<void>;
    try {
      onDisk = this.#durable.commit(staged.insert);
    } catch (error) {
      return staged.undo(error);
    }
    await onDisk;
    return this.#added(staged);
  }

  /**
   * Registers an account as `add` does, its row going in with the others asked for while a flush to
   * disk runs, in one commit as it ends: answers once the secret is in the keychain (a batch funds the
   * new account meanwhile); `onDisk` settles once the row is in the registry and on disk.
   */
  async addInGroup(input: NewAccount): Promise<{ onDisk: Promise<AccountRecord> }> {
    const staged = await this.#stage(input);
    const onDisk = this.#durable.commitSoon(staged.insert).then(
      async (committed) => {
        await committed.onDisk;
        return this.#added(staged);
      },
      (error: unknown) => staged.undo(error),
    );
    return { onDisk };
  }

  /**
   * Checks a new account (its label and key free, counting those on their way in) and puts its secret
   * in the keychain: `insert` writes its row; `undo` deletes the secret again when the row is refused
   * (never after it went in: a flush failing leaves the account registered, and the error thrown).
   */
  async #stage(input: NewAccount) {
    const label = checkLabel(input.label);
    const apiKey = checkToken('apiKey', input.apiKey.trim());
    const secret = checkToken('secret', input.secret.trim());
    if (input.kind !== 'main' && input.kind !== 'sub') throw invalid('kind', 'must be main or sub');
    this.#checkFree(label, input.connection, apiKey);
    const id = input.id ?? randomUUID();
    if (input.id !== undefined && (this.get(id) || this.#coming.has(id)))
      throw invalid('id', 'an account with this id exists already');
    const coming = { label, folded: foldLabel(label), connection: input.connection, apiKey };
    this.#coming.set(id, coming);
    try {
      await this.#secrets.set(id, secret);
    } catch (error) {
      this.#coming.delete(id);
      throw error;
    }
    const now = this.#now();
    return {
      id,
      connection: input.connection,
      apiKey,
      insert: () => {
        this.#write(
          id,
          `INSERT INTO accounts (id, label, kind, sub_account_id, api_key, connection, groups_json, tags_json,
             favourite, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
          id,
          label,
          input.kind,
          input.subAccountId?.trim() || null,
          apiKey,
          input.connection,
          JSON.stringify(input.groups ?? []),
          JSON.stringify(input.tags ?? []),
          now,
          now,
        );
        this.#coming.delete(id);
      },
      undo: async (error: unknown): Promise<never> => {
        // A group whose commit failed is undone whole, rows written before it too.
        this.#coming.delete(id);
        this.#rows?.delete(id);
        this.#listed = undefined;
        await this.#secrets.delete(id);
        throw error;
      },
    };
  }

  /** A staged account whose row is on disk: indexed, told to the listeners, answered. */
  #added(staged: { id: string; connection: string; apiKey: string }): AccountRecord {
    // a desk registering many accounts keeps its key index instead of reading the table again
    this.#byKey?.set(`${staged.connection} ${staged.apiKey}`, staged.id);
    this.#changed();
    return this.#require(staged.id);
  }

  /**
   * Registers a sub-account found on the exchange before its key pair is known: no key, no secret.
   * It signs nothing until the key pair is entered (`rotate`); `credentials` says so meanwhile.
   */
  addAwaitingKey(input: { label: string; subAccountId: string; connection: string }): AccountRecord {
    this.#byKey = undefined;
    const label = checkLabel(input.label);
    this.#checkFree(label, input.connection, '');
    const subAccountId = input.subAccountId.trim();
    if (!subAccountId) throw invalid('subAccountId', 'is needed for a sub-account found on the exchange');
    const id = randomUUID();
    const now = this.#now();
    this.#write(
      id,
      `INSERT INTO accounts (id, label, kind, sub_account_id, api_key, connection, groups_json, tags_json,
           favourite, created_at, updated_at) VALUES (?, ?, 'sub', ?, '', ?, '[]', '[]', 0, ?, ?)`,
      id,
      label,
      subAccountId,
      input.connection,
      now,
      now,
    );
    this.#changed();
    return this.#require(id);
  }

  rename(id: string, label: string): AccountRecord {
    const account = this.#require(id);
    const next = checkLabel(label);
    this.#checkFree(next, account.connection, account.apiKey, id);
    this.#write(id, 'UPDATE accounts SET label = ?, updated_at = ? WHERE id = ?', next, this.#now(), id);
    return this.#require(id);
  }

  update(
    id: string,
    changes: { groups?: readonly string[]; tags?: readonly string[]; favourite?: boolean },
  ): AccountRecord {
    const account = this.#require(id);
    this.#write(
      id,
      'UPDATE accounts SET groups_json = ?, tags_json = ?, favourite = ?, updated_at = ? WHERE id = ?',
      JSON.stringify(changes.groups ?? account.groups),
      JSON.stringify(changes.tags ?? account.tags),
      (changes.favourite ?? account.favourite) ? 1 : 0,
      this.#now(),
      id,
    );
    return this.#require(id);
  }

  /** Records URL permissions the exchange accepted for the key, merged like the exchange merges them. */
  recordPermissions(id: string, urls: readonly { url: string; enable: boolean }[]): AccountRecord {
    const account = this.#require(id);
    const merged = { ...account.urlPermissions };
    for (const { url, enable } of urls) merged[url] = enable;
    this.#write(
      id,
      'UPDATE accounts SET url_permissions_json = ?, updated_at = ? WHERE id = ?',
      JSON.stringify(merged),
      this.#now(),
      id,
    );
    return this.#require(id);
  }

  /** Records whether the exchange has this sub-account blocked (set by the app or read from its list). */
  setExchangeStatus(id: string, status: 'active' | 'blocked'): AccountRecord {
    const account = this.#require(id);
    if (account.exchangeStatus === status) return account;
    this.#write(
      id,
      'UPDATE accounts SET exchange_status = ?, updated_at = ? WHERE id = ?',
      status,
      this.#now(),
      id,
    );
    this.#changed();
    return this.#require(id);
  }

  /** Sets (or clears, with null) the account's webhook key; the caller keeps its secret in the keychain. */
  setWebhookKey(id: string, apiKey: string | null): AccountRecord {
    this.#require(id);
    const key = apiKey === null ? null : checkToken('apiKey', apiKey.trim());
    this.#write(
      id,
      'UPDATE accounts SET webhook_api_key = ?, updated_at = ? WHERE id = ?',
      key,
      this.#now(),
      id,
    );
    return this.#require(id);
  }

  /** Replaces the key pair after the exchange issued a new one (`api-key/reset`). */
  async rotate(id: string, apiKey: string, secret: string): Promise<AccountRecord> {
    this.#byKey = undefined;
    const account = this.#require(id);
    const key = checkToken('apiKey', apiKey.trim());
    const value = checkToken('secret', secret.trim());
    this.#checkFree(account.label, account.connection, key, id);
    await this.#secrets.set(id, value);
    this.#write(id, 'UPDATE accounts SET api_key = ?, updated_at = ? WHERE id = ?', key, this.#now(), id);
    return this.#require(id);
  }

  async remove(id: string): Promise<void> {
    this.#byKey = undefined;
    this.#require(id);
    this.#write(id, 'DELETE FROM accounts WHERE id = ?', id);
    this.#changed();
    await this.#secrets.delete(id);
    await this.#secrets.delete(webhookSecretId(id));
  }

  /** The key pair to sign with. Main process only: the secret never crosses the bridge. */
  async credentials(id: string): Promise<{ apiKey: string; secret: string }> {
    const account = this.#require(id);
    const secret = account.apiKey === '' ? undefined : await this.#secrets.get(id);
    if (account.apiKey === '') {
      throw new UserFacingError(
        'key_missing',
        `"${account.label}" has no API key yet: enter its key pair (Replace key) before it can be used.`,
        'apiKey',
      );
    }
    if (secret === undefined) {
      throw new UserFacingError(
        'secret_missing',
        `The keychain has no secret for "${account.label}". Enter the key pair again (rotate key).`,
        'secret',
      );
    }
    return { apiKey: account.apiKey, secret };
  }

  /** Adds every row of a CSV file `label,key,secret,sub-account id`, each on its own (`csv.ts`). */
  importCsv(text: string, connection: string): Promise<ImportRow[]> {
    return importRows(text, connection, (account) => this.add(account));
  }

  close(): void {
    this.#durable.close();
    this.#db.close();
  }
}
