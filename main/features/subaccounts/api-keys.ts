/**
 * A sub-account's API keys with the main key: the list (which of them the desk signs with), a new key
 * (its secret from the exchange's answer straight into the keychain, the key registered as the
 * sub-account's account: never to the page), deleting one, and each key's IP allow-list (checked as
 * addresses or ranges, at most 50, before anything is sent). Every change is asked in main's dialog.
 */
import * as apiKeys from '../../exchange/endpoints/sub-account-api-keys.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import { UserFacingError } from '../../errors.ts';
import type { AccountView } from '../../views/accounts.ts';
import type { SubAccountKeyView } from '../../views/subaccounts.ts';
import type { Platform } from '../../platform.ts';
import { checkIpEntries, normalizeIpEntry } from '../../rules/ip-allow.ts';
import type { AccountRecord } from '../../vault/registry.ts';
import type { ProposedView } from '../../views/approvals.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import type { Approvals } from '../../services/four-eyes/approvals.ts';
import { listSubAccounts, mainKey, registeredFor, type MainKey } from './main-key.ts';
import { REST } from '../../exchange/registry/index.ts';

const TYPE_WORDS = { 1: 'information and trading', 2: 'information, trading, deposits and withdrawals' };
const hint = (key: string) => (key.length > 10 ? `${key.slice(0, 4)}…${key.slice(-4)}` : '…');

export class SubAccountApiKeys {
  readonly #accounts: AccountService;
  readonly #platform: Platform;
  readonly #approvals: Approvals | undefined;

  constructor(accounts: AccountService, platform: Platform, approvals?: Approvals) {
    this.#accounts = accounts;
    this.#platform = platform;
    this.#approvals = approvals;
    // An approved key that can withdraw (four eyes): made as proposed, its secret kept as a direct one's.
    approvals?.useSender(REST.keyCreate.path, async ({ caller, body: input }) => {
      const main = await this.#main();
      const alias = await this.#alias(main, input.subAccountId);
      const made = await apiKeys.createKey(caller, input);
      const account = await this.#keep(made, input.subAccountId, alias, main.record.connection);
      return `The key was made and its secret is in the keychain: "${account.label}" signs with it. Add its IP allow-list on the key.`;
    });
  }

  #main() {
    return mainKey(this.#accounts);
  }

  #registered(subAccountId: string, connection: string): AccountRecord[] {
    return registeredFor(this.#accounts, subAccountId, connection);
  }

  async #alias(main: MainKey, subAccountId: string): Promise<string> {
    const found = (await listSubAccounts(this.#accounts, main)).find((s) => s.id === subAccountId);
    if (!found)
      throw new UserFacingError(
        'not_found',
        'The exchange lists no such sub-account any more.',
        'subAccountId',
      );
    return found.alias;
  }

  #keys(main: KeyCaller, subAccountId: string): Promise<apiKeys.SubAccountApiKey[]> {
    return apiKeys.listAllKeys(main, subAccountId);
  }

  /** The sub-account's key `apiKeyId`; refused when the exchange lists no such key of it. */
  async #key(main: KeyCaller, subAccountId: string, apiKeyId: string): Promise<apiKeys.SubAccountApiKey> {
    const key = (await this.#keys(main, subAccountId)).find((k) => k.id === apiKeyId);
    if (!key)
      throw new UserFacingError(
        'not_found',
        'The exchange lists no such key of this sub-account.',
        'apiKeyId',
      );
    return key;
  }

  /** The keys, secrets never included; each says which desk account signs with it. */
  async list(subAccountId: string): Promise<SubAccountKeyView[]> {
    const main = await this.#main();
    const desk = this.#registered(subAccountId, main.record.connection);
    return (await this.#keys(main.caller, subAccountId)).map((k) => {
      const account = desk.find((a) => a.apiKey === k.apiKey);
      return {
        id: k.id,
        title: k.title ?? '',
        apiKeyHint: hint(k.apiKey),
        type: k.type ?? null,
        enabled: k.isEnabled ?? true,
        ...(account ? { account: { id: account.id, label: account.label } } : {}),
      };
    });
  }

  /**
   * A new key for the sub-account, once confirmed: the secret goes from the answer into the keychain
   * and the key becomes the sub-account's account on the desk (its registered account is moved to the
   * new key, or a new one is added). The IP list, when given, is checked first and added after.
   */
  async create(
    subAccountId: string,
    input: { type: 1 | 2; title?: string | undefined; ips: string[] },
  ): Promise<{ account: AccountView; ips: string[] } | ProposedView> {
    const checked = checkIpEntries(input.ips);
    if ('issue' in checked)
      throw new UserFacingError('invalid_input', checked.issue.message, checked.issue.field);
    const main = await this.#main();
    const alias = await this.#alias(main, subAccountId);
    const [existing] = this.#registered(subAccountId, main.record.connection);
    const title = input.title?.trim() || `TXC Desk ${alias}`;
    const question = {
      title: `Create an API key for sub-account "${alias}"?`,
      facts: [
        { label: 'Sub-account', value: `${alias} (id ${subAccountId})` },
        { label: 'Key may', value: TYPE_WORDS[input.type] },
        { label: 'Title', value: title },
        {
          label: 'IP allow-list',
          value: checked.entries.length > 0 ? checked.entries.join(', ') : 'none: any address may use it',
        },
        {
          label: 'On the desk',
          value: existing
            ? `"${existing.label}" signs with the new key from now on`
            : `added as the account "${alias}"`,
        },
        { label: 'Secret', value: 'goes to the keychain, never on screen' },
        { label: 'Signed by', value: main.record.label },
      ],
      action: 'Create key',
      ...(input.type === 2
        ? { warning: 'This key can withdraw funds where its URL permissions allow it.' }
        : {}),
    };
    const fields = { subAccountId, type: input.type, title };
    const proposed = await this.#approvals?.proposeIfCovered(
      main.record.id,
      (c) => apiKeys.createKey(c, fields),
      {
        ...question,
        // The approved request is the key alone: its allow-list is set on the key once it is made.
        facts: question.facts.map((f) =>
          f.label === 'IP allow-list' ? { ...f, value: 'set on the key once it is made' } : f,
        ),
      },
    );
    if (proposed) return proposed;
    await requireConfirmation(this.#platform, question);
    const made = await apiKeys.createKey(main.caller, fields);
    const account = await this.#keep(made, subAccountId, alias, main.record.connection);
    let ips: string[] = [];
    for (const ip of checked.entries) ips = await apiKeys.addIp(main.caller, made.key.id, ip);
    return { account: this.#accounts.view(account), ips };
  }

  /** The new key's account on the desk: the sub-account's registered one moved to it, or a new one. */
  async #keep(
    made: apiKeys.CreatedApiKey,
    subAccountId: string,
    alias: string,
    connection: string,
  ): Promise<AccountRecord> {
    const [existing] = this.#registered(subAccountId, connection);
    return existing
      ? this.#accounts.registry.rotate(existing.id, made.key.apiKey, made.apiSecret)
      : this.#accounts.registry.add({
          label: this.#freeLabel(alias, made.key.apiKey),
          kind: 'sub',
          subAccountId,
          apiKey: made.key.apiKey,
          secret: made.apiSecret,
          connection,
        });
  }

  #freeLabel(alias: string, apiKey: string): string {
    const taken = new Set(this.#accounts.registry.list().map((a) => a.label.toLowerCase()));
    return taken.has(alias.toLowerCase()) ? `${alias} ${hint(apiKey)}`.slice(0, 64) : alias;
  }

  /** Deletes the key at the exchange once confirmed; a desk account signing with it leaves the desk. */
  async remove(subAccountId: string, apiKeyId: string): Promise<void> {
    const main = await this.#main();
    const alias = await this.#alias(main, subAccountId);
    const key = await this.#key(main.caller, subAccountId, apiKeyId);
    const account = this.#registered(subAccountId, main.record.connection).find(
      (a) => a.apiKey === key.apiKey,
    );
    await requireConfirmation(this.#platform, {
      title: `Delete the API key ${hint(key.apiKey)} of "${alias}"?`,
      facts: [
        { label: 'Sub-account', value: `${alias} (id ${subAccountId})` },
        { label: 'Key', value: `${key.apiKey}${key.title ? ` (${key.title})` : ''}` },
        {
          label: 'On the desk',
          value: account
            ? `"${account.label}" signs with it: removed, its secret deleted from the keychain`
            : 'not used',
        },
        { label: 'Signed by', value: main.record.label },
      ],
      action: 'Delete key',
      warning: 'The key stops at once, everywhere it is used.',
    });
    await apiKeys.deleteKey(main.caller, apiKeyId);
    if (account) await this.#accounts.registry.remove(account.id);
  }

  async ips(subAccountId: string, apiKeyId: string): Promise<string[]> {
    const main = await this.#main();
    await this.#key(main.caller, subAccountId, apiKeyId);
    return apiKeys.listIps(main.caller, apiKeyId);
  }

  /** Adds and removes addresses once confirmed (each checked first, the list kept to 50); answers the list. */
  async setIps(
    subAccountId: string,
    apiKeyId: string,
    change: { add: string[]; remove: string[] },
  ): Promise<string[]> {
    const main = await this.#main();
    const key = await this.#key(main.caller, subAccountId, apiKeyId);
    const current = await apiKeys.listIps(main.caller, apiKeyId);
    const removing = change.remove.map((text) => {
      const n = normalizeIpEntry(text);
      return 'entry' in n ? n.entry : text.trim();
    });
    const kept = current.filter((ip) => !removing.includes(ip));
    const checked = checkIpEntries(change.add, kept);
    if ('issue' in checked)
      throw new UserFacingError('invalid_input', checked.issue.message, checked.issue.field);
    const gone = current.filter((ip) => removing.includes(ip));
    if (checked.entries.length === 0 && gone.length === 0) return current;
    const after = kept.length + checked.entries.length;
    await requireConfirmation(this.#platform, {
      title: `Change the IP allow-list of key ${hint(key.apiKey)}?`,
      facts: [
        { label: 'Key', value: `${key.apiKey}${key.title ? ` (${key.title})` : ''}` },
        { label: 'Adds', value: checked.entries.length > 0 ? checked.entries.join(', ') : 'nothing' },
        { label: 'Removes', value: gone.length > 0 ? gone.join(', ') : 'nothing' },
        {
          label: 'Then',
          value: after === 0 ? 'any address may use the key' : `${String(after)} of 50 addresses`,
        },
        { label: 'Signed by', value: main.record.label },
      ],
      action: 'Change allow-list',
      ...(after > 0
        ? {
            warning:
              'Requests from any other address are refused, this computer’s too if it is not in the list.',
          }
        : {}),
    });
    let list = current;
    for (const ip of checked.entries) list = await apiKeys.addIp(main.caller, apiKeyId, ip);
    for (const ip of gone) list = await apiKeys.removeIp(main.caller, apiKeyId, ip);
    return list;
  }
}
