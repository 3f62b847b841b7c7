import type { AppInfo, IpcError, TxcApi } from '../api.ts';
import { settled } from './errors.ts';

/** The running app's identity for the status bar, loaded once through the bridge. */
export class AppInfoManager {
  info = $state<AppInfo | undefined>();
  error = $state<IpcError | undefined>();
  loading = $state(false);

  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    this.loading = true;
    const reply = await this.#api.app.info();
    this.loading = false;
    if (settled(reply, (error) => (this.error = error))) this.info = reply.value;
  }
}
