/**
 * What a desk makes new at the mining pool: a mining account, and a read-only watcher link to mining
 * accounts to hand out (asked first in main's own question: whoever holds the link sees what it
 * allows until it expires). The sign gate holds both to the desk's admins (registry/mining.ts).
 */
import * as mining from '../../exchange/endpoints/mining.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import type { WatcherLinkView } from '../../views/mining.ts';

/** A watcher link as the screen asks for it (validated by the procedure's schema). */
export type WatcherLinkRequest = mining.WatcherLinkCreate;

const SEES: Record<WatcherLinkRequest['permissions'][number], string> = {
  dashboard: 'the dashboard (hashrate, workers online)',
  rewards: 'the rewards',
  workers: 'each worker',
};
const LASTS: Record<WatcherLinkRequest['liveUntil'], string> = {
  '1h': 'for 1 hour',
  '24h': 'for 24 hours',
  '7d': 'for 7 days',
  always: 'until it is deleted at the exchange: it never expires',
};

export class MiningCreate {
  readonly #accounts: AccountService;
  readonly #platform: Pick<Platform, 'confirm'>;

  constructor(accounts: AccountService, platform: Pick<Platform, 'confirm'>) {
    this.#accounts = accounts;
    this.#platform = platform;
  }

  /** A new mining account of the account's user; answers it as the exchange made it. */
  async account(accountId: string, name: string): Promise<{ name: string; createdAt: number }> {
    const made = await mining.createAccount(await this.#accounts.caller(accountId), name);
    return { name: made.name, createdAt: made.createdAt };
  }

  /** A new watcher link, once main's question is answered. */
  async watcherLink(accountId: string, request: WatcherLinkRequest): Promise<WatcherLinkView> {
    const caller = await this.#accounts.caller(accountId);
    const label = this.#accounts.registry.get(accountId)?.label ?? accountId;
    await requireConfirmation(this.#platform, {
      title: `Make a watcher link to ${request.accounts.join(', ')}?`,
      facts: [
        { label: 'Account', value: label },
        { label: 'Mining accounts', value: request.accounts.join(', ') },
        { label: 'Link name', value: request.name },
        { label: 'It shows', value: request.permissions.map((p) => SEES[p]).join(', ') },
        { label: 'It works', value: LASTS[request.liveUntil] },
      ],
      action: 'Make link',
      warning:
        'Anyone who has the link can open it and see these figures, without a login. It cannot move funds or change anything.',
    });
    const made = await mining.createWatcherLink(caller, request);
    return {
      id: made.id,
      name: request.name,
      link: made.link,
      accounts: request.accounts,
      permissions: request.permissions,
      createdAtMs: made.createdAt * 1000,
      liveUntilMs: made.liveUntil == null ? null : made.liveUntil * 1000,
    };
  }
}
