/**
 * A profile joined to its team desk: the store's connection and everything that follows it. On each
 * connect the registry is read up to date (the first time on this profile, its own accounts are then
 * shared); each notification reads the changed table again. Parts register what a table's
 * notification or a new connection should do (`follow`), so the log, the history replica and the
 * shared settings plug in the same way. A part whose pass was held back behind a transaction still
 * running on the server (`ChangePage.held`) is read again soon, and later each time it still is:
 * the change it waits for sent its notice already.
 */
import type { Logger } from '../log.ts';
import type { AccountRegistry } from '../vault/registry.ts';
import { TeamAccounts } from './accounts.ts';
import type { TeamStore } from './store.ts';

export interface TeamPart {
  /** The tables whose notifications this part reads again. */
  readonly tables: readonly string[];
  /**
   * Reads what changed (after a notification, and after each connect). Answers true when the read
   * stopped short of changes committed already (`ChangePage.held`), to be read again soon.
   */
  pull(): Promise<unknown>;
  /** After each connect, once pulled: send what waited while the store was away. */
  connected?(): Promise<void>;
  close?(): Promise<void> | void;
}

interface HeldPart {
  delayMs: number;
  timer?: ReturnType<typeof setTimeout>;
}

/** A held part is read again after this long, doubled each time it still is, up to the cap (ms). */
const HELD_FIRST_MS = 20;
const HELD_CAP_MS = 1_000;

export class TeamDesk {
  readonly store: TeamStore;
  readonly accounts: TeamAccounts;
  readonly #registry: AccountRegistry;
  readonly #log: Logger;
  readonly #parts: TeamPart[] = [];
  readonly #stops: Array<() => void> = [];
  /** The parts held back (`TeamPart.pull`), each with its wait and the timer of its next read. */
  readonly #held = new Map<TeamPart, HeldPart>();
  readonly #accountsPart: TeamPart;
  #closed = false;

  constructor(store: TeamStore, registry: AccountRegistry, log: Logger) {
    this.store = store;
    this.#registry = registry;
    this.#log = log;
    this.accounts = new TeamAccounts(store, registry, log);
    registry.useDesk(this.accounts);
    this.#accountsPart = { tables: ['accounts', 'key_holders'], pull: () => this.accounts.pull() };
    this.follow(this.#accountsPart);
    this.#stops.push(
      store.onNotify((table) => {
        for (const part of this.#parts) if (part.tables.includes(table)) this.#pull(part);
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
    if (this.store.connected) this.#pull(part);
  }

  /** Reads the part's changes (then `after`, e.g. what waited for the connection); a failure is logged. */
  #pull(part: TeamPart, after?: () => Promise<void> | undefined): void {
    part
      .pull()
      .then(async (held) => {
        this.#heldBack(part, held === true);
        await after?.();
      })
      .catch((error: unknown) => {
        this.#heldBack(part, false);
        this.#log.log('warn', `could not read the team's ${part.tables.join(', ')}`, error);
      });
  }

  /** A part's read was held back, or not: its next read is set, or called off. */
  #heldBack(part: TeamPart, held: boolean): void {
    const was = this.#held.get(part);
    if (!held || this.#closed) {
      clearTimeout(was?.timer);
      this.#held.delete(part);
      return;
    }
    if (was?.timer) return;
    const delayMs = was ? Math.min(was.delayMs * 2, HELD_CAP_MS) : HELD_FIRST_MS;
    if (delayMs === HELD_CAP_MS && was?.delayMs !== HELD_CAP_MS)
      this.#log.log(
        'warn',
        `the team's ${part.tables.join(', ')} wait for a transaction still open on the team server`,
      );
    const entry: HeldPart = { delayMs };
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      this.#pull(part);
    }, delayMs);
    entry.timer.unref();
    this.#held.set(part, entry);
  }

  async #connected(): Promise<void> {
    const first = this.#registry.teamCursor(`${this.store.deskId ?? 'desk'}:registry`) === undefined;
    try {
      const held = await this.accounts.pull();
      if (first) await this.accounts.shareLocal();
      this.#heldBack(this.#accountsPart, held);
    } catch (error) {
      this.#log.log('warn', 'could not read the team registry', error);
    }
    for (const part of this.#parts) {
      if (part === this.#accountsPart) continue;
      this.#pull(part, () => part.connected?.());
    }
  }

  /** Starts connecting (in the background: the app works on the exchange meanwhile). */
  start(): void {
    this.store.start();
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const entry of this.#held.values()) clearTimeout(entry.timer);
    this.#held.clear();
    for (const stop of this.#stops) stop();
    this.#registry.useDesk(undefined);
    for (const part of this.#parts) await part.close?.();
    await this.store.close();
  }
}
