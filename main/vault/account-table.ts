/**
 * The registry's accounts table as it is read: every row by id, the list in its order, the key index
 * and each label's confusable skeletons (`rules/label-skeleton.ts`), kept until a write (every signed request looks its account up; a desk
 * registering 1,000 accounts checks each new name against every row), and the accounts on their way
 * in (their secret in the keychain, their row not written yet), whose labels and keys count as taken.
 */
import type Database from 'better-sqlite3';
import { UserFacingError } from '../errors.ts';
import { labelKeys, lookAlikeWords } from '../rules/label-skeleton.ts';
import { foldLabel, invalid, toRecord, type AccountRecord, type Row } from './records.ts';
import { storeShared, type SharedAccount } from './shared.ts';

/** An account whose secret is in the keychain and whose row is on its way in. */
export interface ComingAccount {
  label: string;
  keys: readonly string[];
  connection: string;
  apiKey: string;
}

export class AccountTable {
  readonly #db: Database.Database;
  /** Every row by id, read once; each write reads its row again (`write`). */
  #rows: Map<string, Row> | undefined;
  /**
   * The ids of `#rows` by each skeleton of their label and by `connection apiKey`, kept with them: a
   * batch checks each new name and key against every row, and a desk has 1,000.
   */
  readonly #byLabel = new Map<string, Set<string>>();
  readonly #byKeyRow = new Map<string, Set<string>>();
  /** Every row in the list's order, read once and dropped by each write (`write`). */
  #listed: Row[] | undefined;
  /** `connection apiKey` -> account id, rebuilt after a key is added, rotated or removed. */
  #byKey: Map<string, string> | undefined;
  readonly #statements = new Map<string, Database.Statement>();
  /**
   * Each row's record, parsed once per row read (a write reads its row again): the board lists the
   * desk with every batch of pushes. Callers get copies (`#record`).
   */
  readonly #records = new WeakMap<Row, AccountRecord>();
  /** Accounts whose secret is in the keychain and whose row is on its way in, by id. */
  readonly #coming = new Map<string, ComingAccount>();

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Every account, favourites first, then by label. The board lists the desk per batch of pushes. */
  list(): AccountRecord[] {
    this.#listed ??= this.#db
      .prepare('SELECT * FROM accounts ORDER BY favourite DESC, label COLLATE NOCASE')
      .all() as Row[];
    return this.#listed.map((row) => this.#record(row));
  }

  /** The account registered with this public key on this connection (cached: it runs per request). */
  idForKey(connection: string, apiKey: string): string | undefined {
    this.#byKey ??= new Map(this.list().map((a) => [`${a.connection} ${a.apiKey}`, a.id]));
    return this.#byKey.get(`${connection} ${apiKey}`);
  }

  get(id: string): AccountRecord | undefined {
    const row = this.#allRows().get(id);
    return row ? this.#record(row) : undefined;
  }

  /**
   * The accounts `test` accepts, in the list's order: the rows kept are looked through (no read of the
   * list, no copy of the others), for a lookup that runs while a batch registers accounts.
   */
  find(test: (account: Readonly<AccountRecord>) => boolean): AccountRecord[] {
    const found: Row[] = [];
    for (const row of this.#allRows().values()) if (test(this.#parsed(row))) found.push(row);
    return found.sort(listOrder).map((row) => this.#record(row));
  }

  #parsed(row: Row): AccountRecord {
    let record = this.#records.get(row);
    if (!record) {
      record = toRecord(row);
      this.#records.set(row, record);
    }
    return record;
  }

  /** The row's record, the caller's own to change: its lists copied, not parsed again. */
  #record(row: Row): AccountRecord {
    const record = this.#parsed(row);
    return {
      ...record,
      groups: [...record.groups],
      tags: [...record.tags],
      urlPermissions: { ...record.urlPermissions },
    };
  }

  require(id: string): AccountRecord {
    const account = this.get(id);
    if (!account)
      throw new UserFacingError('not_found', 'That account is not in the registry any more.', 'id');
    return account;
  }

  /**
   * Runs one write to the account `id`; the row kept for `get` is read again (the others stay), and the
   * list is read again when next asked for (the order may have changed). Registering a desk of 1,000
   * accounts so costs one row read per account, not the whole table.
   */
  write(id: string, sql: string, ...params: unknown[]): void {
    this.#prepared(sql).run(...params);
    this.#reread(id);
  }

  /** Writes an account; `added`: a new one, whose key the index takes instead of reading the table again. */
  store(next: SharedAccount, added = false): void {
    storeShared({ prepare: (sql) => this.#prepared(sql) }, next);
    if (added) this.#byKey?.set(`${next.connection} ${next.apiKey}`, next.id);
    else this.#byKey = undefined;
    this.#reread(next.id);
  }

  /** The key index is built again when next asked for (a key is about to change). */
  forgetKeys(): void {
    this.#byKey = undefined;
  }

  /** Everything is read again when next asked for (the table was written by other means). */
  forget(): void {
    this.#rows = undefined;
    this.#byLabel.clear();
    this.#byKeyRow.clear();
    this.#listed = undefined;
    this.#byKey = undefined;
  }

  /** Whether the id is taken, by a row or by an account on its way in. */
  taken(id: string): boolean {
    return this.get(id) !== undefined || this.#coming.has(id);
  }

  /** Counts an account as on its way in (its label and key taken) until it lands or is abandoned. */
  reserve(id: string, label: string, connection: string, apiKey: string): void {
    this.#coming.set(id, { label, keys: labelKeys(label), connection, apiKey });
  }

  /** Writes the row of an account on its way in. */
  land(account: SharedAccount): void {
    this.store(account, true);
    this.#coming.delete(account.id);
  }

  /** An account on its way in that does not come in (its commit failed): its row too, if written. */
  abandon(id: string): void {
    this.#coming.delete(id);
    this.#unindex(id);
    this.#listed = undefined;
  }

  /**
   * Refuses a label taken or a look-alike of one (the same confusable skeleton: letters that read
   * alike, another letter case, invisible characters), naming the account it resembles, and a key
   * registered, by the registry's rows and by the accounts on their way in.
   */
  checkFree(label: string, connection: string, apiKey: string, except?: string): void {
    const wanted = labelKeys(label);
    const rows = this.#allRows();
    const other = (ids: Set<string> | undefined) => [...(ids ?? [])].find((id) => id !== except);
    for (const key of wanted) {
      const holder = other(this.#byLabel.get(key));
      const held = holder === undefined ? undefined : rows.get(holder);
      if (held) throw invalid('label', lookAlikeWords(label, held.label, 'account'));
    }
    const keyHolder = apiKey === '' ? undefined : other(this.#byKeyRow.get(`${connection} ${apiKey}`));
    let byKey: { label: string } | undefined = keyHolder === undefined ? undefined : rows.get(keyHolder);
    for (const [id, c] of this.#coming) {
      if (id !== except && c.keys.some((k) => wanted.includes(k)))
        throw invalid('label', lookAlikeWords(label, c.label, 'account'));
      if (c.connection === connection && c.apiKey === apiKey && apiKey !== '') byKey ??= c;
    }
    if (byKey) throw invalid('apiKey', `this key is already registered as "${byKey.label}"`);
  }

  #reread(id: string): void {
    this.#listed = undefined;
    if (!this.#rows) return;
    const row = this.#prepared('SELECT * FROM accounts WHERE id = ?').get(id) as Row | undefined;
    this.#unindex(id);
    if (row) this.#index(row);
  }

  /** Puts a row into `#rows` and its indexes. */
  #index(row: Row): void {
    this.#rows?.set(row.id, row);
    for (const key of labelKeys(row.label)) add(this.#byLabel, key, row.id);
    if (row.api_key !== '') add(this.#byKeyRow, `${row.connection} ${row.api_key}`, row.id);
  }

  /** Takes a row out of `#rows` and its indexes. */
  #unindex(id: string): void {
    const row = this.#rows?.get(id);
    if (!row) return;
    this.#rows?.delete(id);
    for (const key of labelKeys(row.label)) drop(this.#byLabel, key, id);
    drop(this.#byKeyRow, `${row.connection} ${row.api_key}`, id);
  }

  /** A statement prepared once per text: a desk registering many accounts runs the same few. */
  #prepared(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) this.#statements.set(sql, (statement = this.#db.prepare(sql)));
    return statement;
  }

  /** Every row by id: every signed request looks its account up, so they are kept until a write. */
  #allRows(): Map<string, Row> {
    if (!this.#rows) {
      this.#rows = new Map();
      this.#byLabel.clear();
      this.#byKeyRow.clear();
      for (const row of this.#db.prepare('SELECT * FROM accounts').all() as Row[]) this.#index(row);
    }
    return this.#rows;
  }
}

function add(index: Map<string, Set<string>>, key: string, id: string): void {
  const ids = index.get(key);
  if (ids) ids.add(id);
  else index.set(key, new Set([id]));
}

function drop(index: Map<string, Set<string>>, key: string, id: string): void {
  const ids = index.get(key);
  if (!ids) return;
  ids.delete(id);
  if (ids.size === 0) index.delete(key);
}

/** The list's order: favourites first, then by label as SQLite's NOCASE compares (ASCII letters folded). */
function listOrder(a: Row, b: Row): number {
  if (a.favourite !== b.favourite) return b.favourite - a.favourite;
  const [x, y] = [foldLabel(a.label), foldLabel(b.label)];
  return x < y ? -1 : x > y ? 1 : 0;
}
