import type { ConnectionStatus } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';

/** Which exchange the app talks to (embedded sandbox or live), for the top bar's badge. */
export class ConnectionManager {
  status = $state<ConnectionStatus | undefined>();
  error = $state<IpcError | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    const reply = await this.#api.connection.status();
    if (reply.ok) {
      this.status = reply.value;
      this.error = undefined;
    } else {
      this.error = reply.error;
    }
  }

  /** "Sandbox" or "Live"; undefined until known. */
  get label(): string | undefined {
    if (!this.status) return undefined;
    return this.status.kind === 'live' ? 'Live' : 'Sandbox';
  }
}
