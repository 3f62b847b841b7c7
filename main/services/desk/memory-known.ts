/** Last-seen values kept in memory only (until the cache's last-known store is wired in). */
import type { Known } from './board-rows.ts';
import type { KnownStore } from './board.ts';

export class MemoryKnown implements KnownStore {
  readonly #kinds = new Map<string, Map<string, Known<unknown>>>();

  rememberMany<T>(
    kind: string,
    entries: { account: string; value: T; scope?: string; takenAtMs?: number }[],
  ): Promise<void> {
    let map = this.#kinds.get(kind);
    if (!map) this.#kinds.set(kind, (map = new Map()));
    for (const e of entries) map.set(e.account, { value: e.value, asOfMs: e.takenAtMs ?? Date.now() });
    return Promise.resolve();
  }

  recallAll<T>(kind: string, accounts?: string[]): Promise<Map<string, Known<T>>> {
    const map = (this.#kinds.get(kind) ?? new Map()) as Map<string, Known<T>>;
    if (!accounts) return Promise.resolve(new Map(map));
    const out = new Map<string, Known<T>>();
    for (const a of accounts) {
      const k = map.get(a);
      if (k) out.set(a, k);
    }
    return Promise.resolve(out);
  }
}
