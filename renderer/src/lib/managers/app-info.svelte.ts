import type { AppInfo, TxcApi } from '../api.ts';
import { Reading } from './reading.svelte.ts';

/** The running app's identity for the status bar, loaded once through the bridge. */
export class AppInfoManager extends Reading {
  info = $state<AppInfo | undefined>();

  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    super();
    this.#api = api;
  }

  async load(): Promise<void> {
    const reply = await this.read(() => this.#api.app.info());
    if (reply?.ok) this.info = reply.value;
  }
}
