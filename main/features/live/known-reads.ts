/**
 * Reads that leave a last known state behind: whatever a screen's read answers from the exchange is
 * kept (LastKnown) under its account, kind and scope, so the next time the screen opens, offline too,
 * it paints that at once with its age. Keeping it never delays or fails the read.
 */
import type { KnownEntryView, KnownKind, KnownKinds } from '../../views/known.ts';
import type { Logger } from '../../log.ts';
import type { LastKnown } from '../../services/live/last-known.ts';

export class KnownReads {
  readonly #store: LastKnown;
  readonly #log: Logger;

  constructor(store: LastKnown, log: Logger) {
    this.#store = store;
    this.#log = log;
  }

  /** Runs `read` against the exchange and keeps what it answered; its failure is the caller's. */
  async fresh<K extends KnownKind, T extends KnownKinds[K]>(
    account: string,
    kind: K,
    read: () => Promise<T>,
    scope = '',
  ): Promise<T> {
    const takenAtMs = Date.now();
    const value = await read();
    this.keep(account, kind, value, scope, takenAtMs);
    return value;
  }

  /** Keeps a value seen some other way (a push, one entry of a fan-out). */
  keep<K extends KnownKind>(
    account: string,
    kind: K,
    value: KnownKinds[K],
    scope = '',
    takenAtMs = Date.now(),
  ): void {
    this.#store
      .remember(account, kind, value, scope, takenAtMs)
      .catch((error: unknown) => this.#log.log('warn', `could not keep the last known ${kind}`, error));
  }

  /** Keeps one kind for many accounts at once (a fan-out's answers), in one write. */
  keepMany<K extends KnownKind>(kind: K, entries: Array<{ account: string; value: KnownKinds[K] }>): void {
    this.#store
      .rememberMany(kind, entries)
      .catch((error: unknown) => this.#log.log('warn', `could not keep the last known ${kind}`, error));
  }

  /** The last known values of a kind for the given accounts (all when omitted), oldest account first. */
  async recall(kind: KnownKind, accounts?: readonly string[], scope = ''): Promise<KnownEntryView[]> {
    const all = await this.#store.recallAll(kind, accounts, scope);
    return [...all].map(([account, known]) => ({ account, asOfMs: known.asOfMs, value: known.value }));
  }
}
