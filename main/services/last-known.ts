import type { Cache } from '../cache/index.ts';

/** One value to store: its account, kind and scope, and when it was taken. */
export interface LastKnownWrite {
  account: string;
  kind: string;
  /** '' when the kind has one value per account. */
  scope?: string;
  value: unknown;
  /** Now when not given. */
  takenAtMs?: number;
}

/** A value as it was last seen, and when (ms since the epoch). */
export interface Known<T> {
  value: T;
  asOfMs: number;
}

/**
 * What each screen last showed for an account, kept in the cache so it can be painted at once,
 * offline too, with its age. Kinds in use: those of `KnownKinds` (domains/known/views.ts) and the
 * desk board's own ('keys.state', 'pnl.realized_today', 'desk.prices').
 * Values are the shaped views main returns to the renderer, never a secret. A reading older than the
 * stored one never replaces it.
 */
export class LastKnown {
  readonly #cache: Cache;
  readonly #now: () => number;

  constructor(cache: Cache, now: () => number = Date.now) {
    this.#cache = cache;
    this.#now = now;
  }

  async remember<T>(
    account: string,
    kind: string,
    value: T,
    scope = '',
    takenAtMs = this.#now(),
  ): Promise<void> {
    await this.#cache.lastKnown.put([{ account, kind, scope, takenAtMs, value }]);
  }

  /** Stores one kind for many accounts in one transaction (a desk-wide refresh). */
  async rememberMany<T>(
    kind: string,
    entries: readonly { account: string; value: T; scope?: string; takenAtMs?: number }[],
  ): Promise<void> {
    if (entries.length === 0) return;
    const now = this.#now();
    await this.#cache.lastKnown.put(
      entries.map((e) => ({
        account: e.account,
        kind,
        scope: e.scope ?? '',
        takenAtMs: e.takenAtMs ?? now,
        value: e.value,
      })),
    );
  }

  /** Stores values of any kinds and accounts in one transaction (a batch of a board refresh, a window of pushes). */
  async rememberAll(entries: readonly LastKnownWrite[]): Promise<void> {
    if (entries.length === 0) return;
    const now = this.#now();
    await this.#cache.lastKnown.put(
      entries.map((e) => ({
        account: e.account,
        kind: e.kind,
        scope: e.scope ?? '',
        takenAtMs: e.takenAtMs ?? now,
        value: e.value,
      })),
    );
  }

  async recall<T>(account: string, kind: string, scope = ''): Promise<Known<T> | null> {
    const entry = await this.#cache.lastKnown.get(account, kind, scope);
    return entry ? { value: entry.value as T, asOfMs: entry.takenAtMs } : null;
  }

  async recallAll<T>(kind: string, accounts?: readonly string[], scope = ''): Promise<Map<string, Known<T>>> {
    const entries = await this.#cache.lastKnown.list({
      kind,
      scope,
      ...(accounts ? { accounts: [...accounts] } : {}),
    });
    return new Map(entries.map((e) => [e.account, { value: e.value as T, asOfMs: e.takenAtMs }]));
  }
}
