/**
 * Accounts as the rest of the app uses them: the registry's records, signing callers bound to their
 * connection, and the first-start registration of the embedded sandbox's demo accounts.
 */
import { readFile } from 'node:fs/promises';
import { KeyCaller } from '../exchange/endpoints/shapes.ts';
import * as trading from '../exchange/endpoints/trading.ts';
import { AuthError } from '../exchange/errors.ts';
import type { AccountView, ImportReport, RemovedKeyView } from '../views/accounts.ts';
import { UserFacingError } from '../errors.ts';
import { readable } from '../readable-errors.ts';
import { clockWords } from '../rules/words.ts';
import type { Platform } from '../platform.ts';
import { requireConfirmation } from './confirm.ts';
import { lookAlikeOf, lookAlikeWords } from '../rules/label-skeleton.ts';
import { checkLabel, invalid } from '../vault/records.ts';
import type { AccountRecord, AccountRegistry, NewAccount } from '../vault/registry.ts';
import { describeConnection, type ExchangeConnection } from './exchange-connection.ts';
import type { SandboxAccount } from '../sandbox/index.ts';

const hint = (key: string) => (key.length > 10 ? `${key.slice(0, 4)}…${key.slice(-4)}` : '…');

/** `keys`: whether this keychain holds the account's secret and, in a team, who holds its key. */
export function accountView(a: AccountRecord, keys?: { here: boolean; holders?: string[] }): AccountView {
  const key = a.apiKey;
  return {
    id: a.id,
    label: a.label,
    kind: a.kind,
    subAccountId: a.subAccountId,
    apiKeyHint: hint(key),
    connection: a.connection,
    groups: [...a.groups],
    tags: [...a.tags],
    favourite: a.favourite,
    webhook: a.webhookApiKey !== null,
    ...(key === '' ? { needsKey: true as const } : {}),
    ...(key !== '' && keys && !keys.here ? { keyElsewhere: true as const } : {}),
    ...(keys?.holders ? { keyHolders: keys.holders } : {}),
    ...(a.exchangeStatus === 'blocked' ? { blocked: true as const } : {}),
  };
}

const kindWords = (kind: AccountRecord['kind']) => (kind === 'main' ? 'main account' : 'sub-account');

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

  /**
   * With no account yet, registers a sandbox's accounts: by default the embedded sandbox's demo
   * accounts (none on another connection), or those of a sandbox this connection points at.
   */
  async registerDemoAccounts(
    demos: readonly SandboxAccount[] = this.#connection.demoAccounts,
  ): Promise<number> {
    if (this.registry.list().length > 0) return 0;
    for (const demo of demos) {
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
    return demos.length;
  }

  list(): AccountView[] {
    return this.registry.list().map((a) => this.view(a));
  }

  /** The account as the screens show it, with whether this operator holds its key (and, in a team, who does). */
  view(a: AccountRecord): AccountView {
    const here = this.registry.keyHere(a.id);
    const operator = this.registry.operator;
    if (operator === undefined) return accountView(a, { here });
    // This operator holds it as soon as the key is in the keychain, before the team says so.
    const holders = new Set(this.registry.keys.holders(a));
    if (here) holders.add(operator);
    return accountView(a, { here, holders: [...holders].sort() });
  }

  /**
   * Registers an account with the secret on the clipboard, once the person confirmed in main's own
   * dialog which account it is for: only then is the clipboard read (and cleared). Declined, nothing
   * is read.
   */
  async addFromClipboard(input: Omit<NewAccount, 'secret' | 'connection'>): Promise<AccountView> {
    // a label taken, or reading the same as another's, is refused before anything is asked
    this.#refuseTaken(input.label);
    await requireConfirmation(this.#platform, {
      title: `Add "${input.label}" with the API secret on the clipboard?`,
      facts: [
        { label: 'Account', value: `${input.label} (${kindWords(input.kind)})` },
        { label: 'Public key', value: input.apiKey },
        ...(input.subAccountId ? [{ label: 'Sub-account id', value: input.subAccountId }] : []),
        { label: 'Exchange', value: describeConnection(this.#connection.id) },
        {
          label: 'Secret',
          value: 'read from the clipboard into the keychain, then the clipboard is cleared',
        },
      ],
      action: 'Add account',
    });
    const secret = await this.#platform.takeSecretFromClipboard();
    if (!secret) throw NO_SECRET;
    return this.view(await this.registry.add({ ...input, secret, connection: this.#connection.id }));
  }

  /**
   * Replaces the key pair after the person confirmed in main's own dialog (label, old and new public
   * key); the new secret is taken from the clipboard only then, and the new pair replaces the old one
   * only once a read signed with it was accepted. Declined or refused, nothing changes.
   */
  async rotateFromClipboard(id: string, apiKey: string): Promise<AccountView> {
    const account = this.#require(id);
    const newKey = apiKey.trim();
    await requireConfirmation(this.#platform, {
      title: `Replace the API key of "${account.label}"?`,
      facts: [
        { label: 'Account', value: `${account.label} (${kindWords(account.kind)})` },
        { label: 'Old public key', value: account.apiKey || 'none yet' },
        { label: 'New public key', value: newKey },
        { label: 'New secret', value: 'taken from the clipboard into the keychain' },
      ],
      action: 'Replace key',
      warning: 'The old secret is overwritten in the keychain.',
    });
    const secret = await this.#platform.takeSecretFromClipboard();
    if (!secret) throw NO_SECRET;
    // the old pair stays until the new one has signed a read the exchange accepted
    await this.#tryKey(newKey, secret);
    return this.view(await this.registry.rotate(id, newKey, secret));
  }

  /**
   * Keeps the secret of an account a teammate registered in this keychain, after the person
   * confirmed in main's own dialog (label and the desk's public key); taken from the clipboard then.
   */
  async importKeyFromClipboard(id: string): Promise<AccountView> {
    const account = this.#require(id);
    await requireConfirmation(this.#platform, {
      title: `Add your key for "${account.label}"?`,
      facts: [
        { label: 'Account', value: `${account.label} (${kindWords(account.kind)})` },
        { label: 'Public key', value: account.apiKey },
        { label: 'Secret', value: 'taken from the clipboard into this keychain' },
      ],
      action: 'Add key',
      warning:
        'The secret must be the one of this public key: the exchange refuses requests signed with another.',
    });
    const secret = await this.#platform.takeSecretFromClipboard();
    if (!secret) throw NO_SECRET;
    return this.view(await this.registry.importKey(id, secret));
  }

  /**
   * One signed read with a key pair not stored yet (the trade balance): refused in plain words when the
   * exchange does not take the pair. A key the exchange knows but may not read that balance with (its
   * URL permissions) is a working key.
   */
  async #tryKey(apiKey: string, secret: string): Promise<void> {
    const caller = new KeyCaller(this.#connection.http, { apiKey, secret });
    try {
      await trading.tradeBalance(caller);
    } catch (error) {
      if (error instanceof AuthError && /not allowed to use this function/.test(error.message)) return;
      const why =
        error instanceof AuthError
          ? 'The exchange refused the new key: a read signed with it was not accepted. Check that the public key and the secret were copied whole and belong together.'
          : `The new key could not be tried: ${readable(error)?.message ?? 'the exchange did not answer.'}`;
      throw new UserFacingError('key_refused', `${why} The old key is kept.`, 'apiKey');
    }
  }

  /**
   * Renames the account after the person confirmed main's question naming the old and the new label;
   * a label that reads the same as another account's is refused first, naming that one.
   */
  async rename(id: string, label: string): Promise<AccountView> {
    const account = this.#require(id);
    const next = this.#refuseTaken(label, id);
    if (next === account.label) return this.view(account);
    await requireConfirmation(this.#platform, {
      title: `Rename "${account.label}" to "${next}"?`,
      facts: [
        { label: 'Account', value: `${account.label} (${kindWords(account.kind)})` },
        { label: 'New label', value: next },
        { label: 'Public key', value: account.apiKey || 'none yet' },
        ...(account.subAccountId ? [{ label: 'Sub-account id', value: account.subAccountId }] : []),
      ],
      action: 'Rename account',
      cancel: 'Keep the label',
      warning: `Every dialog, approval and list will name this account "${next}" from now on.`,
    });
    return this.view(await this.registry.rename(id, next));
  }

  /**
   * The label trimmed, refused when unusable, taken or reading the same as another account's (the
   * registry checks again as it writes): before anything is asked.
   */
  #refuseTaken(label: string, except?: string): string {
    const next = checkLabel(label);
    const alike = lookAlikeOf(
      next,
      this.registry.list((a) => a.id !== except).map((a) => a.label),
    );
    if (alike !== undefined) throw invalid('label', lookAlikeWords(next, alike, 'account'));
    return next;
  }

  /** Removes the account after the person confirmed in main's own dialog; its secret leaves the keychain. */
  async remove(id: string): Promise<void> {
    const account = this.#require(id);
    await requireConfirmation(this.#platform, {
      title: `Remove "${account.label}" from TXC Desk?`,
      facts: [
        { label: 'Account', value: account.label },
        { label: 'Kind', value: kindWords(account.kind) },
        { label: 'Public key', value: account.apiKey },
      ],
      action: 'Remove account',
      warning: 'Its API secret is deleted from the keychain; adding it again needs the secret.',
    });
    await this.registry.remove(id);
  }

  /** Keys of accounts a teammate removed from the desk, still in this keychain (newest removal first). */
  removedKeys(): RemovedKeyView[] {
    return this.registry.removedKeys.list().map((k) => ({
      id: k.id,
      label: k.label,
      kind: k.kind,
      subAccountId: k.subAccountId,
      apiKeyHint: hint(k.apiKey),
      removedBy: k.removedBy,
      removedAtMs: k.removedAtMs,
    }));
  }

  /**
   * Deletes from this keychain the key of an account a teammate removed, once this operator confirmed
   * in main's own dialog (the removal alone never deletes it: the key may exist nowhere else).
   */
  async deleteRemovedKey(id: string): Promise<void> {
    const key = this.registry.removedKeys.get(id);
    if (!key) throw new UserFacingError('not_found', 'That key is no longer kept on this computer.', 'id');
    await requireConfirmation(this.#platform, {
      title: `Delete the key of "${key.label}" from this computer?`,
      facts: [
        { label: 'Account', value: `${key.label} (${kindWords(key.kind)})` },
        { label: 'Public key', value: key.apiKey },
        { label: 'Removed from the desk', value: `by ${key.removedBy} at ${clockWords(key.removedAtMs)}` },
      ],
      action: 'Delete key',
      warning:
        'Its API secret is deleted from this keychain. If no one else holds it, the account cannot be added again without a new key.',
    });
    await this.registry.removedKeys.forget(id);
  }

  /**
   * The main account of the running connection: the key that reads sub-account balances, moves their
   * funds and edits their keys. `why` ends the refusal when there is none.
   */
  mainAccount(why: string): AccountRecord {
    const [main] = this.registry.list((a) => a.kind === 'main' && a.connection === this.#connection.id);
    if (!main)
      throw new UserFacingError(
        'not_found',
        `Register the main account of ${this.#connection.id} first: ${why}`,
        'accountIds',
      );
    return main;
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
    const account = this.#require(id);
    if (account.connection !== this.#connection.id) {
      throw new UserFacingError(
        'wrong_connection',
        `"${account.label}" belongs to ${describeConnection(account.connection)}, but the app is connected to ${describeConnection(this.#connection.id)}.`,
        'accountId',
      );
    }
    return account;
  }

  #require(id: string): AccountRecord {
    const account = this.registry.get(id);
    if (!account)
      throw new UserFacingError('not_found', 'That account is not in the registry any more.', 'accountId');
    return account;
  }

  /** A signing caller for the account, on the connection it belongs to. */
  async caller(id: string): Promise<KeyCaller> {
    this.onThisConnection(id);
    const credentials = await this.registry.credentials(id);
    return new KeyCaller(this.#connection.http, { apiKey: credentials.apiKey, secret: credentials.secret });
  }
}
