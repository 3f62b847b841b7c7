import type { IpcError, Reply } from '../api.ts';
import { settled } from './errors.ts';

/**
 * What a manager that reads through the bridge shows while it reads: whether a read is out, and the
 * error of the last answer (none once an answer is a value). A read that a later one overtook (another
 * market, account or list asked meanwhile) leaves both alone, and its answer is dropped.
 */
export class Reading {
  loading = $state(false);
  error = $state<IpcError | undefined>();
  /** Bumped by every read: the answer of an older one is dropped. */
  #asked = 0;

  /** The answer of `ask`, said in `loading` and `error`; undefined when a later read overtook it. */
  protected async read<T>(ask: () => Promise<Reply<T>>): Promise<Reply<T> | undefined> {
    const asked = ++this.#asked;
    this.loading = true;
    const reply = await ask();
    if (asked !== this.#asked) return undefined;
    this.loading = false;
    settled(reply, (error) => (this.error = error));
    return reply;
  }

  /** Drops the read that is out (nothing is to be read any more): its answer will not be shown. */
  protected dropRead(): void {
    this.#asked++;
    this.loading = false;
  }
}
