/**
 * Accounts as the rest of the app uses them: the registry's records, signing callers bound to their
 * connection, and the first-start registration of the embedded sandbox's demo accounts.
 */
import { readFile } from 'node:fs/promises';
import { KeyCaller } from '../exchange/endpoints/shapes.ts';
import type { AccountView, ImportReport } from '../ipc/contract.ts';
import { UserFacingError } from '../ipc/errors.ts';
import type { Platform } from '../platform.ts';
import type { AccountRecord, AccountRegistry, NewAccount } from '../vault/registry.ts';
import { describeConnection, type ExchangeConnection } from './exchange-connection.ts';

export function accountView(a: AccountRecord): AccountView {
  const key = a.apiKey;
  return {
    id: a.id,
    label: a.label,
    kind: a.kind,
    subAccountId: a.subAccountId,
    apiKeyHint: key.length > 10 ? `${key.slice(0, 4)}…${key.slice(-4)}` : '…',
    connection: a.connection,
    groups: [...a.groups],
    tags: [...a.tags],
    favourite: a.favourite,
    webhook: a.webhookApiKey !== null,
  };
}

const NO_SECRET = new UserFacingError(
  'clipboard_empty',
  'Copy the API secret to the clipboard first: the app reads it from there and clears the clipboard.',
  'secret',
);

export class AccountService {
  readonly registry: AccountRegistry;
  readonly #connection: ExchangeConnection;
  readonly #platform: Platform;

  constructor(registry: AccountRegistry, connection: ExchangeConnection, platform: Platform) {
    this.registry = registry;
    this.#connection = connection;
    this.#platform = platform;
  }

  /** With no account yet and the embedded sandbox connected, registers its demo accounts. */
  async registerDemoAccounts(): Promise<number> {
    if (this.registry.list().length > 0) return 0;
    for (const demo of this.#connection.demoAccounts) {
      await this.registry.add({
        label: `Sandbox ${demo.label}`,
        kind: demo.kind,
        subAccountId: demo.subAccountId ?? null,
        apiKey: demo.apiKey,
        secret: demo.apiSecret,
        connection: this.#connection.id,
        groups: ['Sandbox'],
      });
    }
    return this.#connection.demoAccounts.length;
  }

  list(): AccountView[] {
    return this.registry.list().map(accountView);
  }

  async addFromClipboard(input: Omit<NewAccount, 'secret' | 'connection'>): Promise<AccountView> {
    const secret = await this.#platform.takeSecretFromClipboard();
    if (!secret) throw NO_SECRET;
    return accountView(await this.registry.add({ ...input, secret, connection: this.#connection.id }));
  }

  async rotateFromClipboard(id: string, apiKey: string): Promise<AccountView> {
    const secret = await this.#platform.takeSecretFromClipboard();
    if (!secret) throw NO_SECRET;
    return accountView(await this.registry.rotate(id, apiKey, secret));
  }

  async importCsv(): Promise<ImportReport> {
    const file = await this.#platform.chooseFileToOpen('Import accounts', [
      { name: 'CSV (label, key, secret, sub-account id)', extensions: ['csv'] },
    ]);
    if (!file) return { file: null, rows: [] };
    const text = await readFile(file, 'utf8');
    const rows = await this.registry.importCsv(text, this.#connection.id);
    return { file, rows: rows.map((r) => ({ ...r })) };
  }

  /** The account, when it is registered on the running connection; else a refusal in words. */
  onThisConnection(id: string): AccountRecord {
    const account = this.registry.get(id);
    if (!account)
      throw new UserFacingError('not_found', 'That account is not in the registry any more.', 'accountId');
    if (account.connection !== this.#connection.id) {
      throw new UserFacingError(
        'wrong_connection',
        `"${account.label}" belongs to ${describeConnection(account.connection)}, but the app is connected to ${describeConnection(this.#connection.id)}.`,
        'accountId',
      );
    }
    return account;
  }

  /** A signing caller for the account, on the connection it belongs to. */
  async caller(id: string): Promise<KeyCaller> {
    this.onThisConnection(id);
    const credentials = await this.registry.credentials(id);
    return new KeyCaller(this.#connection.http, { apiKey: credentials.apiKey, secret: credentials.secret });
  }
}
