/**
 * A profile joined to its team desk: the store's connection and everything that follows it. On each
 * connect the registry is read up to date (the first time on this profile, its own accounts are then
 * shared); each notification reads the changed table again. Parts register what a table's
 * notification or a new connection should do (`follow`), so the log, the history replica and the
 * shared settings plug in the same way.
 */
import type { Logger } from '../log.ts';
import type { AccountRegistry } from '../vault/registry.ts';
import { TeamAccounts } from './accounts.ts';
import type { TeamStore } from './store.ts';

export interface TeamPart {
  /** The tables whose notifications this part reads again. */
  readonly tables: readonly string[];
  /** Reads what changed (after a notification, and after each connect). */
  pull(): Promise<void>;
  /** After each connect, once pulled: send what waited while the store was away. */
  connected?(): Promise<void>;
  close?(): Promise<void> | void;
}

export class TeamDesk {
  readonly store: TeamStore;
  readonly accounts: TeamAccounts;
  readonly #registry: AccountRegistry;
  readonly #log: Logger;
  readonly #parts: TeamPart[] = [];
  readonly #stops: Array<() => void> = [];

  constructor(store: TeamStore, registry: AccountRegistry, log: Logger) {
    this.store = store;
    this.#registry = registry;
    this.#log = log;
    this.accounts = new TeamAccounts(store, registry, log);
    registry.useDesk(this.accounts);
    this.follow({ tables: ['accounts', 'key_holders'], pull: () => this.accounts.pull() });
    this.#stops.push(
      store.onNotify((table) => {
        for (const part of this.#parts) if (part.tables.includes(table)) this.#run(part.pull(), table);
      }),
      store.onConnected(() => void this.#connected()),
    );
    // Joined just now: the store connected before the desk followed it.
    if (store.connected) void this.#connected();
  }

  get operator(): string {
    return this.store.operator;
  }

  /** Adds a part that follows the store (see `TeamPart`). */
  follow(part: TeamPart): void {
    this.#parts.push(part);
    if (this.store.connected) this.#run(part.pull(), part.tables.join(', '));
  }

  #run(work: Promise<void>, what: string): void {
    work.catch((error: unknown) => this.#log.log('warn', `could not read the team's ${what}`, error));
  }

  async #connected(): Promise<void> {
    const first = this.#registry.teamCursor(`${this.store.deskId ?? 'desk'}:registry`) === undefined;
    try {
      await this.accounts.pull();
      if (first) await this.accounts.shareLocal();
    } catch (error) {
      this.#log.log('warn', 'could not read the team registry', error);
    }
    for (const part of this.#parts) {
      if (part.tables.includes('accounts')) continue;
      this.#run(
        part.pull().then(() => part.connected?.()),
        part.tables.join(', '),
      );
    }
  }

  /** Starts connecting (in the background: the app works on the exchange meanwhile). */
  start(): void {
    this.store.start();
  }

  async close(): Promise<void> {
    for (const stop of this.#stops) stop();
    this.#registry.useDesk(undefined);
    for (const part of this.#parts) await part.close?.();
    await this.store.close();
  }
}
