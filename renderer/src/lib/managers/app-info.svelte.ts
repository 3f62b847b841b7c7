import type { AppInfo, IpcError, TxcApi } from '../api.ts';

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
    if (reply.ok) {
      this.info = reply.value;
      this.error = undefined;
    } else {
      this.error = reply.error;
    }
  }
}
