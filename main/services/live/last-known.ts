import type { Cache } from '../../cache/index.ts';

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

const slot = (account: string, kind: string, scope: string) => `${kind}\n${scope}\n${account}`;

/**
 * What each screen last showed for an account, kept in the cache so it can be painted at once,
 * offline too, with its age. Kinds in use: those of `KnownKinds` (views/known.ts) and the
 * desk board's own ('keys.state', 'pnl.realized_today', 'desk.prices').
 * Values are the shaped views main returns to the renderer, never a secret. A reading older than the
 * stored one never replaces it.
 *
 * Everything stored or read here is also held in memory (a value, or that there is none): what was
 * just written is answered from memory, never read back from the cache; the cache is read once per
 * value this process has not seen yet. Values held are shared: callers never change them.
 */
export class LastKnown {
  readonly #cache: Cache;
  readonly #now: () => number;
  /** `kind\nscope\naccount` -> the value, or null when the cache has none. */
  readonly #held = new Map<string, Known<unknown> | null>();

  constructor(cache: Cache, now: () => number = Date.now) {
    this.#cache = cache;
    this.#now = now;
  }

  #hold(account: string, kind: string, scope: string, known: Known<unknown>): void {
    const key = slot(account, kind, scope);
    const before = this.#held.get(key);
    if (before && before.asOfMs > known.asOfMs) return;
    this.#held.set(key, known);
  }

  /** The value held in memory: undefined when this process has not seen the slot yet. */
  peek<T>(account: string, kind: string, scope = ''): Known<T> | null | undefined {
    return this.#held.get(slot(account, kind, scope)) as Known<T> | null | undefined;
  }

  /** Holds the values now (read at once by the next recall) without writing them; `rememberAll` stores them. */
  hold(entries: readonly LastKnownWrite[]): void {
    const now = this.#now();
    for (const e of entries)
      this.#hold(e.account, e.kind, e.scope ?? '', { value: e.value, asOfMs: e.takenAtMs ?? now });
  }

  async remember<T>(
    account: string,
    kind: string,
    value: T,
    scope = '',
    takenAtMs = this.#now(),
  ): Promise<void> {
    await this.rememberAll([{ account, kind, value, scope, takenAtMs }]);
  }

  /** Stores one kind for many accounts in one transaction (a desk-wide refresh). */
  async rememberMany<T>(
    kind: string,
    entries: readonly { account: string; value: T; scope?: string; takenAtMs?: number }[],
  ): Promise<void> {
    await this.rememberAll(entries.map((e) => ({ ...e, kind })));
  }

  /** Stores values of any kinds and accounts in one transaction (a batch of a board refresh, a window of pushes). */
  async rememberAll(entries: readonly LastKnownWrite[]): Promise<void> {
    if (entries.length === 0) return;
    const now = this.#now();
    const rows = entries.map((e) => ({
      account: e.account,
      kind: e.kind,
      scope: e.scope ?? '',
      takenAtMs: e.takenAtMs ?? now,
      value: e.value,
    }));
    for (const r of rows) this.#hold(r.account, r.kind, r.scope, { value: r.value, asOfMs: r.takenAtMs });
    await this.#cache.lastKnown.put(rows);
  }

  async recall<T>(account: string, kind: string, scope = ''): Promise<Known<T> | null> {
    return (await this.recallAll<T>(kind, [account], scope)).get(account) ?? null;
  }

  /**
   * The values of a kind for the given accounts (all accounts with one when not given): from memory
   * when every account asked is held there, otherwise the others are read from the cache once.
   */
  async recallAll<T>(kind: string, accounts?: readonly string[], scope = ''): Promise<Map<string, Known<T>>> {
    const out = new Map<string, Known<T>>();
    const missing: string[] = [];
    for (const account of accounts ?? []) {
      const held = this.#held.get(slot(account, kind, scope));
      if (held === undefined) missing.push(account);
      else if (held) out.set(account, held as Known<T>);
    }
    if (accounts && missing.length === 0) return out;
    const entries = await this.#cache.lastKnown.list({
      kind,
      scope,
      ...(accounts ? { accounts: missing } : {}),
    });
    for (const e of entries) this.#hold(e.account, kind, scope, { value: e.value, asOfMs: e.takenAtMs });
    // What the cache has not is held as none (unless a value came meanwhile).
    for (const account of missing) {
      const key = slot(account, kind, scope);
      if (!this.#held.has(key)) this.#held.set(key, null);
    }
    const read = accounts ? missing : entries.map((e) => e.account);
    for (const account of read) {
      const held = this.#held.get(slot(account, kind, scope));
      if (held) out.set(account, held as Known<T>);
    }
    return out;
  }
}
