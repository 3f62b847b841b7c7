/**
 * Which keys this operator holds: the accounts whose secret is in this keychain (read once, then
 * kept as keys are added and removed), and, in a team, which operators hold each account's key.
 */
import type Database from 'better-sqlite3';
import { UserFacingError } from '../errors.ts';
import type { AccountRecord } from './records.ts';
import { accountSecretIds, type SecretStore } from './secret-store.ts';
import { holdersOf } from './shared.ts';

export class KeyPresence {
  readonly #db: Database.Database;
  readonly #secrets: SecretStore;
  #withKey: Set<string> | undefined;
  #holders: Map<string, Array<{ operator: string; apiKey: string }>> | undefined;

  constructor(db: Database.Database, secrets: SecretStore) {
    this.#db = db;
    this.#secrets = secrets;
  }

  /**
   * Reads which of the registry's accounts have their API secret in this keychain: one entry each, as
   * `has` asks of nothing else (a webhook secret is read when its webhook needs it).
   */
  async load(): Promise<void> {
    const ids = this.#db.prepare('SELECT id FROM accounts').pluck().all() as string[];
    this.#withKey = new Set(await this.#secrets.held(ids));
  }

  /** True until the keychain was read (the first signing attempt tells then). */
  has(id: string): boolean {
    return this.#withKey?.has(id) ?? true;
  }

  held(id: string, here: boolean): void {
    if (here) this.#withKey?.add(id);
    else this.#withKey?.delete(id);
  }

  /**
   * Moves every secret account `from` has in this keychain (`accountSecretIds`: its API secret and its
   * webhook secret) to account `to` (this operator's copy of an account the team knows under `to`):
   * each is written under `to` first, and only then deleted under `from`. A kind `to` holds already,
   * with another secret, is not overwritten and stays under `from`: nothing is deleted that was not
   * moved.
   */
  async move(from: string, to: string): Promise<void> {
    const targets = accountSecretIds(to);
    const moved: string[] = [];
    for (const [i, source] of accountSecretIds(from).entries()) {
      const target = targets[i] as string;
      const secret = await this.#secrets.get(source);
      if (secret === undefined) continue;
      const there = await this.#secrets.get(target);
      if (there !== undefined && there !== secret) continue;
      if (there === undefined) await this.#secrets.set(target, secret);
      moved.push(source);
    }
    if (moved.includes(from)) this.held(to, true);
    for (const source of moved) await this.#secrets.delete(source);
    if (moved.includes(from)) this.held(from, false);
  }

  /** The team's holders changed: read again when next asked. */
  forgetHolders(): void {
    this.#holders = undefined;
  }

  /** The operators who hold `account`'s current key. */
  holders(account: AccountRecord): string[] {
    this.#holders ??= holdersOf(this.#db);
    return (this.#holders.get(account.id) ?? [])
      .filter((h) => h.apiKey === account.apiKey)
      .map((h) => h.operator);
  }

  /** The refusal to sign for an account whose secret this keychain lacks, naming who holds it. */
  missing(account: AccountRecord, operator: string | undefined): UserFacingError {
    const others = operator === undefined ? [] : this.holders(account).filter((h) => h !== operator);
    return new UserFacingError(
      'secret_missing',
      others.length > 0
        ? `The key of "${account.label}" is not on this computer (${others.join(', ')} ${others.length === 1 ? 'holds' : 'hold'} it): add your key to use it.`
        : `The keychain has no secret for "${account.label}". Enter the key pair again (rotate key).`,
      'secret',
    );
  }
}
