import { UserFacingError } from '../errors.ts';
import { MIN_SECRET_LENGTH, redact, registerSecret } from '../log.ts';

/** Keychain service name under which every API secret of the app is kept. */
export const SECRET_SERVICE = 'txc-desk';

/** Where the team desk's password of a profile is kept in the keychain (not an exchange secret). */
export function teamPasswordId(profile: string): string {
  return `team-desk:${profile}`;
}

/** Where an account's webhook secret is kept in the keychain (its API secret is under its id). */
export function webhookSecretId(account: string): string {
  return `webhook:${account}`;
}

/**
 * Every keychain entry an account may have, one per kind of secret: its API secret (under the
 * account's id) and its webhook secret. Whatever moves, checks or deletes an account's secrets goes
 * through this list, so a kind added here is never left behind by one of them.
 */
export function accountSecretIds(account: string): string[] {
  return [account, webhookSecretId(account)];
}

/**
 * API secrets by key id. Secrets stay in the main process: whoever reads one gets it registered with
 * the log's redaction first, so it can never reach a log line or an error shown to the user.
 */
export interface SecretStore {
  get(keyId: string): Promise<string | undefined>;
  set(keyId: string, secret: string): Promise<void>;
  /** True when there was an entry to delete. */
  delete(keyId: string): Promise<boolean>;
  /** Of `keyIds`, those with a secret here, sorted (never the secrets). */
  held(keyIds: readonly string[]): Promise<string[]>;
}

/** The part of keytar the store uses; injectable so the store can be tested without a keychain too. */
export interface KeytarBackend {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * How many keychain reads `held` has out at once (the thread pool's size). keytar's
 * `findCredentials` is never called: on Linux it searches the service's items and then reads their
 * secrets, and an item deleted in between (by this process or any other on the keyring) leaves it a
 * NULL secret that it copies with strdup: SIGSEGV in the thread pool (keytar 7.9.0,
 * `keytar_posix.cc` FindCredentials; a core of it is in `main/cache/README.md`). Reading each key id
 * by `getPassword` answers "none" for a missing entry instead.
 */
const READS_AT_ONCE = 4;

/** The system keychain could not be used (no Secret Service, locked keyring, denied access). */
export class KeychainError extends UserFacingError {
  constructor(action: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'keychain_unavailable',
      redact(
        `The system keychain could not ${action}: ${reason}. Check that the keyring is running and unlocked.`,
      ),
    );
    this.name = 'KeychainError';
  }
}

const MAX_KEY_ID = 255;

function checkKeyId(keyId: string): void {
  if (typeof keyId !== 'string' || keyId.trim() === '' || keyId.length > MAX_KEY_ID)
    throw new UserFacingError(
      'invalid_input',
      `key id must be 1 to ${String(MAX_KEY_ID)} characters`,
      'keyId',
    );
}

/**
 * Refuses an exchange secret shorter than the exchange issues: a part of one (copied in a hurry) would
 * only fail every signed call. The team desk's password is the desk's own choice: only not empty.
 */
function checkSecret(keyId: string, secret: string): void {
  if (typeof secret !== 'string' || secret === '')
    throw new UserFacingError('invalid_input', 'the secret must not be empty', 'secret');
  if (secret.length < MIN_SECRET_LENGTH && !keyId.startsWith(teamPasswordId('')))
    throw new UserFacingError(
      'invalid_input',
      `The secret is ${String(secret.length)} characters long; the exchange issues secrets of ${String(MIN_SECRET_LENGTH)} or more. Copy the whole secret and try again.`,
      'secret',
    );
}

async function loadKeytar(): Promise<KeytarBackend> {
  const module = (await import('keytar')) as KeytarBackend & { default?: KeytarBackend };
  return module.default ?? module;
}

/**
 * SecretStore in the operating system's keychain through keytar (Secret Service on Linux, Keychain on
 * macOS, Credential Vault on Windows): service `txc-desk`, one entry per API key id. keytar, a native
 * module, is loaded on first use, so the rest of the app starts even where it cannot load.
 *
 * A secret read or written once is remembered in this (main) process: a board refresh signs with every
 * account's key, and 1,000 keychain reads take a second or more of a refresh (and as much CPU) each
 * time. What this store writes or deletes is remembered as written; an entry changed in the keychain
 * by another program is seen after the app restarts.
 */
export class KeytarSecretStore implements SecretStore {
  readonly service: string;
  private backend: Promise<KeytarBackend> | undefined;
  readonly #known = new Map<string, string>();
  /** Counts writes and deletes: a read that a write overtook is not remembered. */
  #writes = 0;

  constructor(options: { service?: string; backend?: KeytarBackend } = {}) {
    this.service = options.service ?? SECRET_SERVICE;
    if (options.backend) this.backend = Promise.resolve(options.backend);
  }

  private async use<T>(action: string, run: (backend: KeytarBackend) => Promise<T>): Promise<T> {
    try {
      this.backend ??= loadKeytar();
      return await run(await this.backend);
    } catch (error) {
      if (error instanceof UserFacingError) throw error;
      throw new KeychainError(action, error);
    }
  }

  async get(keyId: string): Promise<string | undefined> {
    checkKeyId(keyId);
    const known = this.#known.get(keyId);
    if (known !== undefined) {
      registerSecret(known);
      return known;
    }
    const writes = this.#writes;
    const secret = await this.use('read a secret', (k) => k.getPassword(this.service, keyId));
    if (secret === null) return undefined;
    registerSecret(secret);
    if (writes === this.#writes) this.#known.set(keyId, secret);
    return secret;
  }

  async set(keyId: string, secret: string): Promise<void> {
    checkKeyId(keyId);
    checkSecret(keyId, secret);
    registerSecret(secret);
    this.#writes += 1;
    this.#known.delete(keyId);
    await this.use('store a secret', (k) => k.setPassword(this.service, keyId, secret));
    this.#known.set(keyId, secret);
  }

  async delete(keyId: string): Promise<boolean> {
    checkKeyId(keyId);
    this.#writes += 1;
    this.#known.delete(keyId);
    return this.use('delete a secret', (k) => k.deletePassword(this.service, keyId));
  }

  async held(keyIds: readonly string[]): Promise<string[]> {
    const ids = [...new Set(keyIds)];
    const found: string[] = [];
    for (let i = 0; i < ids.length; i += READS_AT_ONCE) {
      const batch = ids.slice(i, i + READS_AT_ONCE);
      const secrets = await Promise.all(batch.map((id) => this.get(id)));
      batch.forEach((id, j) => secrets[j] !== undefined && found.push(id));
    }
    return found.sort();
  }
}

/** A SecretStore in memory, for tests of code that needs one and for the embedded sandbox's demo keys. */
export class MemorySecretStore implements SecretStore {
  private readonly secrets = new Map<string, string>();

  async get(keyId: string): Promise<string | undefined> {
    checkKeyId(keyId);
    const secret = this.secrets.get(keyId);
    if (secret !== undefined) registerSecret(secret);
    return secret;
  }

  async set(keyId: string, secret: string): Promise<void> {
    checkKeyId(keyId);
    checkSecret(keyId, secret);
    registerSecret(secret);
    this.secrets.set(keyId, secret);
  }

  async delete(keyId: string): Promise<boolean> {
    checkKeyId(keyId);
    return this.secrets.delete(keyId);
  }

  async held(keyIds: readonly string[]): Promise<string[]> {
    return [...new Set(keyIds)].filter((id) => this.secrets.has(id)).sort();
  }

  /** Every key id it holds (a test's look inside). */
  async list(): Promise<string[]> {
    return [...this.secrets.keys()].sort();
  }
}
