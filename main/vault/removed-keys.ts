/**
 * Keys of accounts a teammate removed from the team desk. A removal that comes from the team store
 * never deletes a secret of this keychain by itself (a key the app created may exist nowhere else):
 * the account leaves the registry, and its key waits here, with who removed it and when, until this
 * operator deletes it after main's own question (`AccountService.deleteRemovedKey`), or the account
 * comes back to the desk and the key works again.
 */
import type Database from 'better-sqlite3';
import { UserFacingError } from '../errors.ts';
import type { KeyPresence } from './key-presence.ts';
import type { AccountKind } from './records.ts';
import type { SharedChanges } from './shared.ts';
import { accountSecretIds, type SecretStore } from './secret-store.ts';

export interface RemovedKey {
  readonly id: string;
  readonly label: string;
  readonly kind: AccountKind;
  readonly subAccountId: string | null;
  readonly apiKey: string;
  readonly connection: string;
  /** The operator whose removal it was, and when (ms, by the team server's clock). */
  readonly removedBy: string;
  readonly removedAtMs: number;
}

interface Row {
  id: string;
  label: string;
  kind: AccountKind;
  sub_account_id: string | null;
  api_key: string;
  connection: string;
  removed_by: string;
  removed_at: number;
}

export class RemovedKeys {
  readonly #db: Database.Database;
  readonly #secrets: SecretStore;
  readonly #keys: KeyPresence;

  constructor(db: Database.Database, secrets: SecretStore, keys: KeyPresence) {
    this.#db = db;
    this.#secrets = secrets;
    this.#keys = keys;
  }

  /**
   * Before `changes` are applied: which of their accounts this keychain holds a secret of (its API
   * secret or its webhook secret), read from the keychain itself when an account is removed, or when
   * this computer's copies of the team's accounts (`twins`) leave the registry.
   */
  async keyHere(
    changes: SharedChanges,
    twins: ReadonlyMap<string, string> = new Map(),
  ): Promise<(id: string) => boolean> {
    if (twins.size === 0 && !changes.accounts.some((a) => a.removed)) return () => false;
    const ids = [...changes.accounts.map((a) => a.id), ...twins.keys(), ...twins.values()];
    const here = new Set(await this.#secrets.held(ids.flatMap(accountSecretIds)));
    return (id) => accountSecretIds(id).some((entry) => here.has(entry));
  }

  /** Every key kept for a removed account, the latest removal first. */
  list(): RemovedKey[] {
    const rows = this.#db
      .prepare('SELECT * FROM removed_keys ORDER BY removed_at DESC, label')
      .all() as Row[];
    return rows.map((r) => ({
      id: r.id,
      label: r.label,
      kind: r.kind,
      subAccountId: r.sub_account_id,
      apiKey: r.api_key,
      connection: r.connection,
      removedBy: r.removed_by,
      removedAtMs: r.removed_at,
    }));
  }

  get(id: string): RemovedKey | undefined {
    return this.list().find((k) => k.id === id);
  }

  /** Deletes the account's secrets from this keychain and the record (the caller asked the operator). */
  async forget(id: string): Promise<void> {
    if (!this.get(id))
      throw new UserFacingError('not_found', 'That key is no longer kept on this computer.', 'id');
    for (const entry of accountSecretIds(id)) await this.#secrets.delete(entry);
    this.#keys.held(id, false);
    this.#db.prepare('DELETE FROM removed_keys WHERE id = ?').run(id);
  }
}
