/**
 * What each account's orders added in the last minute, in main's memory only (no request, no file):
 * the velocity budget reads it before an order goes, and every order and value-adding change that
 * passed the gate is counted here, whatever sent it (ticket, desk, ladder, hotkey, modify). An order
 * the exchange refused outright is taken off again.
 */
import { Dec } from '../../rules/decimal.ts';
import { inWindow, sentWithin, VELOCITY_WINDOW_MS, type SentValue } from '../../rules/velocity.ts';

export class VelocityLedger {
  readonly #now: () => number;
  /** Key -> the values it sent within the window (older ones dropped as it is read or written). */
  readonly #sent = new Map<string, SentValue[]>();
  #swept = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** USDT the key's orders added within the last minute. */
  recent(key: string): Dec {
    const sent = this.#sent.get(key);
    return sent ? sentWithin(sent, this.#now()) : new Dec(0);
  }

  /** Counts `usdt` for the key from now; answers how to take it off again (the order was refused). */
  record(key: string, usdt: Dec): () => void {
    const at = this.#now();
    const entry: SentValue = { at, usdt };
    this.#sent.set(key, [...inWindow(this.#sent.get(key) ?? [], at), entry]);
    // once a window, keys whose window emptied are forgotten: the map holds the accounts trading now
    if (at - this.#swept >= VELOCITY_WINDOW_MS) {
      this.#swept = at;
      for (const [other, sent] of this.#sent) if (inWindow(sent, at).length === 0) this.#sent.delete(other);
    }
    return () => {
      const sent = this.#sent.get(key);
      if (sent)
        this.#sent.set(
          key,
          sent.filter((s) => s !== entry),
        );
    };
  }
}
