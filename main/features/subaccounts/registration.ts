/**
 * A sub-account's registration here, with the main key: finding the ones the exchange has that are
 * not registered yet, registering them, and registering one again with a regenerated API key (its
 * keys' list, new keys and IP lists are `api-keys.ts`). A regenerated secret goes from the
 * exchange's answer straight into the keychain; it never reaches the renderer, a log or an error.
 */
import * as admin from '../../exchange/endpoints/sub-account-admin.ts';
import * as subAccounts from '../../exchange/endpoints/sub-accounts.ts';
import { UserFacingError } from '../../errors.ts';
import type { AccountView } from '../../views/accounts.ts';
import type { FoundSubAccountView } from '../../views/subaccounts.ts';
import type { Platform } from '../../platform.ts';
import type { ProposedView } from '../../views/approvals.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import type { Approvals } from '../../services/four-eyes/approvals.ts';
import { REST } from '../../exchange/registry/index.ts';

const MAIN_NEEDED = 'the exchange lists and manages sub-accounts for its key only.';

export class SubAccountRegistration {
  readonly #accounts: AccountService;
  readonly #platform: Platform;
  readonly #approvals: Approvals | undefined;

  constructor(accounts: AccountService, platform: Platform, approvals?: Approvals) {
    this.#accounts = accounts;
    this.#platform = platform;
    this.#approvals = approvals;
    // An approved reset (four eyes): sent as proposed, the new pair kept as a direct reset keeps it.
    approvals?.useSender(REST.keyReset.path, async ({ caller, body }) => {
      const sub = this.#accounts.registry.list().find((a) => a.apiKey === body.apiKeyId);
      if (!sub)
        throw new UserFacingError(
          'not_found',
          'The key to reset is not in the registry any more: nothing was sent.',
        );
      const { stored } = await this.#reset(caller, sub);
      return stored
        ? `The key of "${sub.label}" was reset; its new secret is in the keychain.`
        : `The key of "${sub.label}" was reset: enter the new key pair from the exchange's site (Replace key).`;
    });
  }

  /** The main account's sub-accounts on the exchange that no registered account stands for yet. */
  async unregistered(): Promise<FoundSubAccountView[]> {
    const main = this.#accounts.mainAccount(MAIN_NEEDED);
    const caller = await this.#accounts.caller(main.id);
    const known = new Set(
      this.#accounts.registry
        .list((a) => a.connection === main.connection && !!a.subAccountId)
        .map((a) => a.subAccountId),
    );
    // The pages of the sub-accounts already known are asked for at once.
    return (await admin.listAll(caller, { expected: known.size }))
      .filter((s) => !known.has(s.id))
      .map((s) => ({
        subAccountId: s.id,
        alias: s.alias,
        ...(s.email ? { email: s.email } : {}),
        ...(s.status ? { status: s.status } : {}),
      }));
  }

  /**
   * Registers chosen sub-accounts found on the exchange under their alias (or the label given). They
   * have no key pair yet: each needs its key entered (Replace key) before it signs anything.
   */
  async register(chosen: ReadonlyArray<{ subAccountId: string; label: string }>): Promise<AccountView[]> {
    const main = this.#accounts.mainAccount(MAIN_NEEDED);
    const listed = new Map((await this.unregistered()).map((s) => [s.subAccountId, s]));
    const missing = chosen.find((c) => !listed.has(c.subAccountId));
    if (missing)
      throw new UserFacingError(
        'not_found',
        `The exchange lists no unregistered sub-account with id ${missing.subAccountId}.`,
        'subAccounts',
      );
    const added = [];
    for (const c of chosen)
      added.push(
        this.#accounts.view(
          await this.#accounts.registry.addAwaitingKey({
            label: c.label,
            subAccountId: c.subAccountId,
            connection: main.connection,
          }),
        ),
      );
    return added;
  }

  /**
   * Regenerates a registered sub-account's key with the main key, once confirmed in main's dialog
   * naming the sub-account. The old pair stops working at once. When the answer carries the new pair
   * it replaces the old one in the registry and the keychain (`stored`); otherwise the person must
   * enter the new pair from the exchange's site (Replace key), and the answer says so.
   */
  async reset(subId: string): Promise<{ account: AccountView; stored: boolean } | ProposedView> {
    const sub = this.#accounts.onThisConnection(subId);
    if (sub.kind !== 'sub')
      throw new UserFacingError('invalid_input', `"${sub.label}" is not a sub-account.`, 'accountId');
    if (!sub.apiKey)
      throw new UserFacingError(
        'key_missing',
        `"${sub.label}" has no API key in the app yet: there is nothing to reset.`,
        'accountId',
      );
    const main = this.#accounts.mainAccount(MAIN_NEEDED);
    const caller = await this.#accounts.caller(main.id);
    const question = {
      title: `Reset the API key of sub-account "${sub.label}"?`,
      facts: [
        { label: 'Sub-account', value: `${sub.label}${sub.subAccountId ? ` (id ${sub.subAccountId})` : ''}` },
        { label: 'Key now', value: sub.apiKey },
        { label: 'Signed by', value: main.label },
        { label: 'New secret', value: 'stored in the keychain, never shown' },
      ],
      action: 'Reset key',
      warning:
        'The current key and secret stop working at once, everywhere they are used (bots, other apps).',
    };
    const apiKey = sub.apiKey;
    const proposed = await this.#approvals?.proposeIfCovered(
      main.id,
      (c) => subAccounts.resetApiKey(c, apiKey),
      question,
    );
    if (proposed) return proposed;
    await requireConfirmation(this.#platform, question);
    return this.#reset(caller, sub);
  }

  async #reset(
    caller: KeyCaller,
    sub: { id: string; apiKey: string },
  ): Promise<{ account: AccountView; stored: boolean }> {
    const fresh = await subAccounts.resetApiKey(caller, sub.apiKey);
    if (!fresh)
      return { account: this.#accounts.view(this.#accounts.onThisConnection(sub.id)), stored: false };
    return {
      account: this.#accounts.view(
        await this.#accounts.registry.rotate(sub.id, fresh.apiKey, fresh.apiSecret),
      ),
      stored: true,
    };
  }
}
