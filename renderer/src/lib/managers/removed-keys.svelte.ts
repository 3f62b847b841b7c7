import type { RemovedKeyView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';

/**
 * Keys still on this computer of accounts a teammate removed from the team desk: listed with who
 * removed each and when, and deleted from the keychain only after main's own question. Read again
 * whenever the desk's accounts change.
 */
export class RemovedKeysManager {
  keys = $state<RemovedKeyView[]>([]);
  error = $state<IpcError | undefined>();
  /** The key being deleted (its account's id). */
  busy = $state<string | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    const reply = await this.#api.accounts.removedKeys();
    if (reply.ok) this.keys = reply.value;
    else this.error = reply.error;
  }

  /** Asks main to delete the key; main asks the person natively first (No leaves it and says nothing). */
  async delete(id: string): Promise<void> {
    if (this.busy) return;
    this.busy = id;
    const reply = await this.#api.accounts.deleteRemovedKey({ id });
    this.busy = undefined;
    this.error = reply.ok || reply.error.code === 'not_confirmed' ? undefined : reply.error;
    await this.load();
  }

  listen(): () => void {
    return this.#api.on('accounts.changed', () => void this.load());
  }
}
