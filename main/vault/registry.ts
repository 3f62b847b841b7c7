/**
 * The account registry: label, kind, sub-account id, public API key, connection, groups and tags of
 * every account the desk works with, in `<profile>/accounts.sqlite` (kept apart from the cache, which
 * may be deleted and rebuilt). Secrets are never in it: each account's secret is one keychain entry,
 * named by the account id, in the SecretStore.
 */
import type Database from 'better-sqlite3';
import { migrate } from '../cache/migrate.ts';
import { openPrivateDatabase, privateSidecars } from '../private-fs.ts';
import { importRows, type ImportRow } from './csv.ts';
import { DurableWrites } from './durable-write.ts';
import { KeyPresence } from './key-presence.ts';
import { RemovedKeys } from './removed-keys.ts';
import { AccountTable } from './account-table.ts';
import { stageAccount, type StagedAccount } from './intake.ts';
import { credentialsOf, importSecret, rotateKey } from './key-pairs.ts';
import { checkLabel, checkToken, invalid, type AccountRecord, type NewAccount } from './records.ts';
import type { RegistryParts } from './registry-parts.ts';
import { registryMigrations, type LegacyConnection } from './migrations/index.ts';
import { accountSecretIds, type SecretStore } from './secret-store.ts';
import { applySharedChanges, type AppliedChanges } from './shared-apply.ts';
import { freshAccount, readTeamCursor, sharedOf, type RegistryDesk, type SharedChanges } from './shared.ts';

export type { AccountKind, AccountRecord, NewAccount } from './records.ts';
export type { ImportRow } from './csv.ts';

export class AccountRegistry {
  readonly #db: Database.Database;
  readonly #durable: DurableWrites;
  readonly #secrets: SecretStore;
  readonly #now: () => number;
  /** The accounts table and what is read of it, kept until a write. */
  readonly #table: AccountTable;
  readonly #listeners = new Set<() => void>();
  readonly #changeListeners = new Set<() => void>();
  /** The team store, when the profile is in a team: shared changes are written there first. */
  #desk: RegistryDesk | undefined;
  /** The accounts whose secret this keychain holds (`keys.load()` at start), and the team's key holders. */
  readonly keys: KeyPresence;
  /** Keys of accounts a teammate removed from the desk, kept until this operator deletes them. */
  readonly removedKeys: RemovedKeys;
  /** What a write of a new account or a key pair works with (`intake.ts`, `key-pairs.ts`). */
  readonly #parts: RegistryParts;

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
    this.removedKeys = new RemovedKeys(this.#db, secrets, this.keys);
    this.#table = new AccountTable(this.#db);
    this.#parts = {
      table: this.#table,
      secrets,
      keys: this.keys,
      desk: () => this.#desk,
      now: this.#now,
      edited: () => this.#edited(),
    };
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
   * Applies the team store's changes and the cursor after them. A removed account's secrets stay here
   * (`removedKeys`); a twin's (`TeamAccounts.#twins`) move to the team's account first (`keys.move`).
   */
  async applyShared(
    changes: SharedChanges,
    cursor: { name: string; value: string },
    twins: ReadonlyMap<string, string> = new Map(),
  ): Promise<AppliedChanges> {
    for (const [team, here] of twins) await this.keys.move(here, team);
    const keyHere = await this.removedKeys.keyHere(changes, twins);
    const applied = applySharedChanges(this.#db, changes, cursor, keyHere, twins);
    this.#table.forget();
    this.keys.forgetHolders();
    if (applied.added.length > 0 || applied.removed.length > 0) this.#changed();
    else if (applied.changed.length > 0 || changes.holders.length > 0) this.#edited();
    return applied;
  }

  /** Writes the account's new shared fields: to the team store first, then here. */
  async #share(next: AccountRecord): Promise<AccountRecord> {
    await this.#desk?.put(sharedOf(next));
    this.#table.store(next);
    this.#edited();
    return this.#table.require(next.id);
  }

  /** Every account, or those `test` accepts (no other copied), favourites first, then by label. */
  list(test?: (account: Readonly<AccountRecord>) => boolean): AccountRecord[] {
    return test ? this.#table.find(test) : this.#table.list();
  }

  /** The account registered with this public key on this connection (cached: it runs per request). */
  idForKey(connection: string, apiKey: string): string | undefined {
    return this.#table.idForKey(connection, apiKey);
  }

  get(id: string): AccountRecord | undefined {
    return this.#table.get(id);
  }

  /** Registers an account: its secret to the keychain, the rest to the team (if any) and the registry, on disk. */
  async add(input: NewAccount): Promise<AccountRecord> {
    const staged = await stageAccount(this.#parts, input);
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
    const staged = await stageAccount(this.#parts, input);
    const onDisk = this.#durable.commitSoon(staged.insert).then(
      async (committed) => {
        await committed.onDisk;
        return this.#added(staged);
      },
      (error: unknown) => staged.undo(error),
    );
    return { onDisk };
  }

  /** Commits the accounts `addInGroup` has waiting now: the batch adding them has no more coming. */
  commitWaiting(): void {
    this.#durable.commitWaiting();
  }

  async #added(staged: StagedAccount): Promise<AccountRecord> {
    this.keys.held(staged.id, true);
    await this.#desk?.holdKey(staged.id, staged.apiKey, true);
    this.#changed();
    return this.#table.require(staged.id);
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
    this.#table.forgetKeys();
    const label = checkLabel(input.label);
    this.#table.checkFree(label, input.connection, '');
    const subAccountId = input.subAccountId.trim();
    if (!subAccountId) throw invalid('subAccountId', 'is needed for a sub-account found on the exchange');
    const account = freshAccount(
      { label, kind: 'sub', subAccountId, apiKey: '', connection: input.connection, groups: [], tags: [] },
      this.#now(),
    );
    await this.#desk?.put(account);
    this.#table.store(account);
    this.#changed();
    return this.#table.require(account.id);
  }

  async rename(id: string, label: string): Promise<AccountRecord> {
    const account = this.#table.require(id);
    const next = checkLabel(label);
    this.#table.checkFree(next, account.connection, account.apiKey, id);
    return this.#share({ ...account, label: next, updatedAt: this.#now() });
  }

  async update(
    id: string,
    changes: { groups?: readonly string[]; tags?: readonly string[]; favourite?: boolean },
  ): Promise<AccountRecord> {
    let account = this.#table.require(id);
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
      this.#table.write(id, 'UPDATE accounts SET favourite = ? WHERE id = ?', changes.favourite ? 1 : 0, id);
      this.#edited();
    }
    return this.#table.require(id);
  }

  /** Records URL permissions the exchange accepted for the key, merged like the exchange merges them. */
  async recordPermissions(
    id: string,
    urls: readonly { url: string; enable: boolean }[],
  ): Promise<AccountRecord> {
    const account = this.#table.require(id);
    const merged = { ...account.urlPermissions };
    for (const { url, enable } of urls) merged[url] = enable;
    return this.#share({ ...account, urlPermissions: merged, updatedAt: this.#now() });
  }

  /** Records whether the exchange has this sub-account blocked (set by the app or read from its list). */
  setExchangeStatus(id: string, status: 'active' | 'blocked'): AccountRecord {
    const account = this.#table.require(id);
    if (account.exchangeStatus === status) return account;
    this.#table.write(
      id,
      'UPDATE accounts SET exchange_status = ?, updated_at = ? WHERE id = ?',
      status,
      this.#now(),
      id,
    );
    this.#changed();
    return this.#table.require(id);
  }

  /** Sets (or clears, with null) the account's webhook key; the caller keeps its secret in the keychain. */
  async setWebhookKey(id: string, apiKey: string | null): Promise<AccountRecord> {
    const account = this.#table.require(id);
    const key = apiKey === null ? null : checkToken('apiKey', apiKey.trim());
    return this.#share({ ...account, webhookApiKey: key, updatedAt: this.#now() });
  }

  /** Replaces the key pair after the exchange issued a new one (`api-key/reset`). */
  rotate(id: string, apiKey: string, secret: string): Promise<AccountRecord> {
    return rotateKey(this.#parts, id, apiKey, secret);
  }

  /** Keeps in this keychain the secret of an account a teammate registered. */
  importKey(id: string, secret: string): Promise<AccountRecord> {
    return importSecret(this.#parts, id, secret);
  }

  async remove(id: string): Promise<void> {
    this.#table.forgetKeys();
    this.#table.require(id);
    await this.#desk?.remove(id);
    this.#table.write(id, 'DELETE FROM accounts WHERE id = ?', id);
    this.#db.prepare('DELETE FROM key_holders WHERE account = ?').run(id);
    this.keys.held(id, false);
    this.#changed();
    for (const entry of accountSecretIds(id)) await this.#secrets.delete(entry);
  }

  /** The key pair to sign with. Main process only: the secret never crosses the bridge. */
  credentials(id: string): Promise<{ apiKey: string; secret: string }> {
    return credentialsOf(this.#parts, id);
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
