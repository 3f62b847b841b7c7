import type { DepositAddressView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';

/**
 * Wallet -> Deposit for the account in the top bar (a sub-account's through its own key): the address
 * and memo of a ticker and network with what the exchange accepts; copying asks main, which puts the
 * exchange's own answer on the clipboard; a new address where the exchange allows it.
 */
export class DepositDraft {
  ticker = $state('USDT');
  network = $state('');
  shown = $state<DepositAddressView | undefined>();
  error = $state<IpcError | undefined>();
  busy = $state<'read' | 'new' | undefined>();
  copied = $state<'address' | 'memo' | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  edit(): void {
    this.shown = undefined;
    this.error = undefined;
    this.copied = undefined;
  }

  #target() {
    return { ticker: this.ticker, ...(this.network ? { network: this.network } : {}) };
  }

  async show(accountId: string | undefined): Promise<void> {
    if (!accountId || this.busy) return;
    this.busy = 'read';
    this.edit();
    const reply = await this.#api.wallet.depositAddress({ accountId, ...this.#target() });
    this.busy = undefined;
    if (reply.ok) this.shown = reply.value;
    else this.error = reply.error;
  }

  async newAddress(accountId: string | undefined): Promise<void> {
    if (!accountId || this.busy) return;
    this.busy = 'new';
    this.error = undefined;
    this.copied = undefined;
    const reply = await this.#api.wallet.newDepositAddress({ accountId, ...this.#target() });
    this.busy = undefined;
    if (reply.ok) this.shown = reply.value;
    else this.error = reply.error;
  }

  async copy(accountId: string | undefined, part: 'address' | 'memo'): Promise<void> {
    if (!accountId) return;
    this.copied = undefined;
    const reply = await this.#api.wallet.copyDepositAddress({ accountId, ...this.#target(), part });
    if (reply.ok && reply.value.copied) this.copied = part;
    else if (!reply.ok) this.error = reply.error;
  }
}
