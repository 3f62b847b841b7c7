/**
 * What the Mining screen makes new at the pool: a mining account, and a read-only watcher link to
 * the chosen one (main asks its own question first, naming what the link shows and for how long).
 */
import type { WatcherLinkView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import type { MiningManager } from './mining.svelte.ts';

export type WatcherPermission = 'dashboard' | 'rewards' | 'workers';
export type WatcherLifetime = '1h' | '24h' | '7d' | 'always';

export const PERMISSION_WORDS: Record<WatcherPermission, string> = {
  dashboard: 'Dashboard',
  rewards: 'Rewards',
  workers: 'Workers',
};
export const LIFETIME_WORDS: Record<WatcherLifetime, string> = {
  '1h': '1 hour',
  '24h': '24 hours',
  '7d': '7 days',
  always: 'Never expires',
};

/** A name the pool takes: letters, digits and underscores; the problem in words, or undefined. */
export function nameProblem(name: string, what: string): string | undefined {
  const typed = name.trim();
  if (typed === '') return `Give the ${what} a name.`;
  if (typed.length > 255) return `The ${what}'s name can be at most 255 characters.`;
  if (!/^[a-zA-Z0-9_]+$/.test(typed))
    return `The ${what}'s name may hold only letters, digits and underscores (_).`;
  return undefined;
}

export class MiningCreate {
  accountName = $state('');
  accountBusy = $state(false);
  accountError = $state<IpcError | undefined>();
  accountResult = $state<string | undefined>();

  linkName = $state('');
  permissions = $state<WatcherPermission[]>(['dashboard']);
  lifetime = $state<WatcherLifetime>('7d');
  linkBusy = $state(false);
  linkError = $state<IpcError | undefined>();
  /** The link made last, to copy and hand out. */
  made = $state<WatcherLinkView | undefined>();

  readonly #api: TxcApi;
  readonly #mining: MiningManager;

  constructor(api: TxcApi, mining: MiningManager) {
    this.#api = api;
    this.#mining = mining;
  }

  /** Makes the mining account and opens it; answers whether it was made. */
  async createAccount(): Promise<boolean> {
    const accountId = this.#mining.accountId;
    const name = this.accountName.trim();
    if (!accountId || nameProblem(name, 'mining account')) return false;
    this.accountBusy = true;
    try {
      const reply = await this.#api.mining.createAccount({ accountId, name });
      if (!reply.ok) {
        this.accountError = reply.error;
        return false;
      }
      this.accountError = undefined;
      this.accountResult = `Mining account ${reply.value.name} made. Point its miners at the pool's stratum addresses.`;
      this.accountName = '';
      this.#mining.chosen = reply.value.name;
      await this.#mining.loadAccounts();
      return true;
    } finally {
      this.accountBusy = false;
    }
  }

  toggle(permission: WatcherPermission, on: boolean): void {
    const rest = this.permissions.filter((p) => p !== permission);
    this.permissions = on ? [...rest, permission] : rest;
  }

  /** Makes a watcher link to the chosen mining account; answers whether it was made. */
  async createLink(): Promise<boolean> {
    const accountId = this.#mining.accountId;
    const miningAccount = this.#mining.chosen;
    const name = this.linkName.trim();
    if (!accountId || !miningAccount || nameProblem(name, 'link') || this.permissions.length === 0)
      return false;
    this.linkBusy = true;
    try {
      const order: WatcherPermission[] = ['dashboard', 'rewards', 'workers'];
      const reply = await this.#api.mining.createWatcherLink({
        accountId,
        accounts: [miningAccount],
        name,
        permissions: order.filter((p) => this.permissions.includes(p)),
        liveUntil: this.lifetime,
      });
      if (!reply.ok) {
        this.linkError = reply.error;
        return false;
      }
      this.linkError = undefined;
      this.made = reply.value;
      this.linkName = '';
      await this.#mining.loadLinks();
      return true;
    } finally {
      this.linkBusy = false;
    }
  }
}
