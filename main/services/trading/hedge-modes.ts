/**
 * Each key's hedge mode, as collateral orders need it: read at most once a minute. The mode can
 * change on the exchange's own site meanwhile; an order refused for its position side drops it.
 */
import * as collateral from '../../exchange/endpoints/collateral.ts';
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';

/** How long a reading of an account's hedge mode is used for collateral orders. */
export const HEDGE_MODE_TTL_MS = 60_000;

export class HedgeModes {
  readonly #now: () => number;
  /** API key -> its account's hedge mode and when it was read. */
  readonly #modes = new Map<string, { hedgeMode: boolean; at: number }>();

  constructor(now: () => number) {
    this.#now = now;
  }

  /** The key's hedge mode; undefined when the exchange does not tell (the key may not read it). */
  async read(caller: KeyCaller): Promise<boolean | undefined> {
    const key = caller.credentials.apiKey;
    const known = this.#modes.get(key);
    if (known && this.#now() - known.at < HEDGE_MODE_TTL_MS) return known.hedgeMode;
    try {
      const hedgeMode = await collateral.hedgeMode(caller);
      this.#modes.set(key, { hedgeMode, at: this.#now() });
      return hedgeMode;
    } catch {
      return undefined;
    }
  }

  forget(apiKey: string): void {
    this.#modes.delete(apiKey);
  }
}
