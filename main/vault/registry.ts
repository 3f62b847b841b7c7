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
import { importAccountsCsv } from './csv.ts';
import { DurableWrites } from './durable-write.ts';
import { KeyPresence } from './key-presence.ts';
import {
  checkLabel,
  checkToken,
  foldLabel,
  invalid,
  toRecord,
  type AccountRecord,
  type ImportRow,
  type NewAccount,
  type Row,
} from './records.ts';
import { registryMigrations, type LegacyConnection } from './migrations/index.ts';
import { webhookSecretId, type SecretStore } from './secret-store.ts';
import {
  applySharedChanges,
  readTeamCursor,
  sharedOf,
  storeShared,
  type AppliedChanges,
  type RegistryDesk,
  type SharedAccount,
  type SharedChanges,
} from './shared.ts';

export type { AccountKind, AccountRecord, ImportRow, NewAccount } from './records.ts';

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
  readonly #changeListeners = new Set<() => void>();
  /** The team store, when the profile is in a team: shared changes are written there first. */
  #desk: RegistryDesk | undefined;
  /** The accounts whose secret this keychain holds (`keys.load()` at start), and the team's key holders. */
  readonly keys: KeyPresence;
  readonly #statements = new Map<string, Database.Statement>();
  readonly #foldedLabels = new WeakMap<Row, string>();

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
    this.keys = new KeyPresence(this.#db, secrets);
  }

  /** Calls `listener` after an account is added or removed; returns the way to stop. */
  onAccountsChanged(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Calls `listener` after any account changed (a label, groups, a key), here or by a teammate. */
  onAnyChange(listener: () => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
    this.#edited();
  }

  #edited(): void {
    for (const listener of this.#changeListeners) listener();
  }

  /** Shares every change with the team store from now on (undefined: this profile works alone). */
  useDesk(desk: RegistryDesk | undefined): void {
    this.#desk = desk;
  }

  /** This operator's name in the team; undefined when the profile works alone. */
  get operator(): string | undefined {
    return this.#desk?.operator;
  }

  /** False when this keychain lacks the account's secret (a teammate registered it), or it has no key. */
  keyHere(id: string): boolean {
    const account = this.get(id);
    if (!account || account.apiKey === '') return false;
    return this.keys.has(id);
  }

  /** Where the team's registry was last read up to (per desk). */
  teamCursor(name: string): string | undefined {
    return readTeamCursor(this.#db, name);
  }

  /**
   * Applies changes the team store holds (another operator's, or this one's coming back) with the
   * cursor after them. A removed account's secrets leave this keychain too.
   */
  async applyShared(
    changes: SharedChanges,
    cursor: { name: string; value: string },
  ): Promise<AppliedChanges> {
    const applied = applySharedChanges(this.#db, changes, cursor);
    this.#rows = undefined;
    this.#listed = undefined;
    this.#byKey = undefined;
    this.keys.forgetHolders();
    for (const id of applied.removed) {
      await this.#secrets.delete(id);
      await this.#secrets.delete(webhookSecretId(id));
      this.keys.held(id, false);
    }
    if (applied.added.length > 0 || applied.removed.length > 0) this.#changed();
    else if (applied.changed.length > 0 || changes.holders.length > 0) this.#edited();
    return applied;
  }

  /** Writes the account's new shared fields: to the team store first, then here. */
  async #share(next: AccountRecord): Promise<AccountRecord> {
    await this.#desk?.put(sharedOf(next));
    this.#store(next);
    this.#edited();
    return this.#require(next.id);
  }

  /** Writes an account; `added`: a new one, whose key the index takes instead of reading the table again. */
  #store(next: SharedAccount, added = false): void {
    storeShared({ prepare: (sql) => this.#prepared(sql) }, next);
    if (added) this.#byKey?.set(`${next.connection} ${next.apiKey}`, next.id);
    else this.#byKey = undefined;
    this.#reread(next.id);
  }

  /** A new account's record: a fresh id (or the one chosen for it), no permissions or webhook yet. */
  #fresh(
    fields: Omit<SharedAccount, 'id' | 'urlPermissions' | 'webhookApiKey' | 'createdAt' | 'updatedAt'>,
    id: string = randomUUID(),
  ) {
    const now = this.#now();
    return {
      id,
      ...fields,
      urlPermissions: {},
      webhookApiKey: null,
      createdAt: now,
      updatedAt: now,
    };
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
    this.#reread(id);
  }

  #reread(id: string): void {
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

  /** Refuses a label taken (letters compared as SQLite's NOCASE does: ASCII only) or a key registered. */
  #checkFree(label: string, connection: string, apiKey: string, except?: string): void {
    const wanted = foldLabel(label);
    let byKey: Row | undefined;
    for (const r of this.#allRows().values()) {
      if (r.id === except) continue;
      if (r.label.length === label.length && this.#folded(r) === wanted)
        throw invalid('label', `an account named "${label}" already exists`);
      if (r.connection === connection && r.api_key === apiKey && r.api_key !== '') byKey ??= r;
    }
    if (byKey) throw invalid('apiKey', `this key is already registered as "${byKey.label}"`);
  }

  /** A row's label folded, kept with the row: a batch checks each new name against every row. */
  #folded(row: Row): string {
    let folded = this.#foldedLabels.get(row);
    if (folded === undefined) this.#foldedLabels.set(row, (folded = foldLabel(row.label)));
    return folded;
  }

  /** Registers an account; its secret goes to the keychain, the rest to the registry (and the team). */
  async add(input: NewAccount): Promise<AccountRecord> {
    const label = checkLabel(input.label);
    const apiKey = checkToken('apiKey', input.apiKey.trim());
    const secret = checkToken('secret', input.secret.trim());
    if (input.kind !== 'main' && input.kind !== 'sub') throw invalid('kind', 'must be main or sub');
    this.#checkFree(label, input.connection, apiKey);
    const id = input.id ?? randomUUID();
    if (input.id !== undefined && this.get(id)) throw invalid('id', 'an account with this id exists already');
    const account = this.#fresh(
      {
        label,
        kind: input.kind,
        subAccountId: input.subAccountId?.trim() || null,
        apiKey,
        connection: input.connection,
        groups: [...(input.groups ?? [])],
        tags: [...(input.tags ?? [])],
      },
      id,
    );
    await this.#desk?.put(account);
    await this.#secrets.set(account.id, secret);
    let onDisk: Promise<void>;
    try {
      onDisk = this.#durable.commit(() => this.#store(account, true));
    } catch (error) {
      await this.#secrets.delete(account.id);
      throw error;
    }
    // On disk before the account counts as added; other accounts' requests go on meanwhile.
    await onDisk;
    this.keys.held(account.id, true);
    await this.#desk?.holdKey(account.id, apiKey, true);
    this.#changed();
    return this.#require(account.id);
  }

  /**
   * Registers a sub-account found on the exchange before its key pair is known: no key, no secret.
   * It signs nothing until the key pair is entered (`rotate`); `credentials` says so meanwhile.
   */
  async addAwaitingKey(input: {
    label: string;
    subAccountId: string;
    connection: string;
  }): Promise<AccountRecord> {
    this.#byKey = undefined;
    const label = checkLabel(input.label);
    this.#checkFree(label, input.connection, '');
    const subAccountId = input.subAccountId.trim();
    if (!subAccountId) throw invalid('subAccountId', 'is needed for a sub-account found on the exchange');
    const account = this.#fresh({
      label,
      kind: 'sub',
      subAccountId,
      apiKey: '',
      connection: input.connection,
      groups: [],
      tags: [],
    });
    await this.#desk?.put(account);
    this.#store(account);
    this.#changed();
    return this.#require(account.id);
  }

  async rename(id: string, label: string): Promise<AccountRecord> {
    const account = this.#require(id);
    const next = checkLabel(label);
    this.#checkFree(next, account.connection, account.apiKey, id);
    return this.#share({ ...account, label: next, updatedAt: this.#now() });
  }

  async update(
    id: string,
    changes: { groups?: readonly string[]; tags?: readonly string[]; favourite?: boolean },
  ): Promise<AccountRecord> {
    let account = this.#require(id);
    if (changes.groups !== undefined || changes.tags !== undefined) {
      account = await this.#share({
        ...account,
        groups: changes.groups ?? account.groups,
        tags: changes.tags ?? account.tags,
        updatedAt: this.#now(),
      });
    }
    // The favourite mark is this operator's own: it stays on this computer.
    if (changes.favourite !== undefined && changes.favourite !== account.favourite) {
      this.#write(id, 'UPDATE accounts SET favourite = ? WHERE id = ?', changes.favourite ? 1 : 0, id);
      this.#edited();
    }
    return this.#require(id);
  }

  /** Records URL permissions the exchange accepted for the key, merged like the exchange merges them. */
  async recordPermissions(
    id: string,
    urls: readonly { url: string; enable: boolean }[],
  ): Promise<AccountRecord> {
    const account = this.#require(id);
    const merged = { ...account.urlPermissions };
    for (const { url, enable } of urls) merged[url] = enable;
    return this.#share({ ...account, urlPermissions: merged, updatedAt: this.#now() });
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
  async setWebhookKey(id: string, apiKey: string | null): Promise<AccountRecord> {
    const account = this.#require(id);
    const key = apiKey === null ? null : checkToken('apiKey', apiKey.trim());
    return this.#share({ ...account, webhookApiKey: key, updatedAt: this.#now() });
  }

  /** Replaces the key pair after the exchange issued a new one (`api-key/reset`). */
  async rotate(id: string, apiKey: string, secret: string): Promise<AccountRecord> {
    this.#byKey = undefined;
    const account = this.#require(id);
    const key = checkToken('apiKey', apiKey.trim());
    const value = checkToken('secret', secret.trim());
    this.#checkFree(account.label, account.connection, key, id);
    await this.#desk?.put(sharedOf({ ...account, apiKey: key, updatedAt: this.#now() }));
    await this.#secrets.set(id, value);
    this.keys.held(id, true);
    this.#store({ ...account, apiKey: key, updatedAt: this.#now() });
    await this.#desk?.holdKey(id, key, true);
    this.#edited();
    return this.#require(id);
  }

  /**
   * Keeps in this keychain the secret of an account a teammate registered: the account's public key
   * stays as the team has it, and the team learns that this operator holds it too.
   */
  async importKey(id: string, secret: string): Promise<AccountRecord> {
    const account = this.#require(id);
    if (account.apiKey === '')
      throw new UserFacingError(
        'key_missing',
        `"${account.label}" has no API key yet: enter its key pair first.`,
      );
    const value = checkToken('secret', secret.trim());
    await this.#secrets.set(id, value);
    this.keys.held(id, true);
    await this.#desk?.holdKey(id, account.apiKey, true);
    this.#edited();
    return this.#require(id);
  }

  async remove(id: string): Promise<void> {
    this.#byKey = undefined;
    this.#require(id);
    await this.#desk?.remove(id);
    this.#write(id, 'DELETE FROM accounts WHERE id = ?', id);
    this.#db.prepare('DELETE FROM key_holders WHERE account = ?').run(id);
    this.keys.held(id, false);
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
    if (secret === undefined) throw this.keys.missing(account, this.#desk?.operator);
    return { apiKey: account.apiKey, secret };
  }

  /**
   * Adds every row of a CSV file `label,key,secret,sub-account id` (a header line is recognised and
   * skipped). Each row succeeds or fails on its own; the report says which and why, secrets left out.
   */
  importCsv(text: string, connection: string): Promise<ImportRow[]> {
    return importAccountsCsv(text, (account) => this.add({ ...account, connection }));
  }

  close(): void {
    this.#db.close();
  }
}
