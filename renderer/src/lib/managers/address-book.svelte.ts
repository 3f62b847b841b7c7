import type { AddressEntryView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';

export type AddressEntry = AddressEntryView;

export interface AddressFields {
  label: string;
  network: string;
  address: string;
  memo: string;
}

/** The profile's address book: listed, added to (main checks the address for its network), removed from. */
export class AddressBookManager {
  entries = $state<AddressEntry[]>([]);
  fields = $state<AddressFields>({ label: '', network: 'ERC20', address: '', memo: '' });
  error = $state<IpcError | undefined>();
  busy = $state(false);
  /** The label of the entry added last, for the screen to confirm. */
  added = $state<string | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    const reply = await this.#api.wallet.addressBook();
    if (reply.ok) this.entries = reply.value;
    else this.error = reply.error;
  }

  /** The entries on one network, for picking when withdrawing. */
  on(network: string): AddressEntry[] {
    return this.entries.filter((e) => e.network === network.toUpperCase());
  }

  async add(): Promise<boolean> {
    if (this.busy) return false;
    const f = this.fields;
    this.busy = true;
    const reply = await this.#api.wallet.addAddress({
      label: f.label.trim(),
      network: f.network,
      address: f.address.trim(),
      ...(f.memo.trim() ? { memo: f.memo.trim() } : {}),
    });
    this.busy = false;
    if (!reply.ok) {
      this.error = reply.error;
      this.added = undefined;
      return false;
    }
    this.error = undefined;
    this.added = reply.value.label;
    this.fields = { ...f, label: '', address: '', memo: '' };
    await this.load();
    return true;
  }

  async remove(id: string): Promise<void> {
    const reply = await this.#api.wallet.removeAddress({ id });
    if (!reply.ok) this.error = reply.error;
    this.added = undefined;
    await this.load();
  }
}
