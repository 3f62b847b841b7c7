// The renderer's only way to the app: the typed bridge the preload (or the test host) installs.
import type { TxcApi } from '../../../preload/bridge.ts';

export type { TxcApi };
export type { AppInfo, IpcError, Notice, Reply } from '../../../main/ipc/contract.ts';

declare global {
  interface Window {
    readonly txc: TxcApi;
  }
}

export function bridge(): TxcApi {
  if (!window.txc) throw new Error('The app bridge is missing: the page was opened outside TXC Desk.');
  return window.txc;
}
