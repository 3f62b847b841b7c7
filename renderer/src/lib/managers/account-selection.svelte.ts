import type { AccountView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import type { PreferenceStore } from './storage.ts';
import { settled } from './errors.ts';

const SELECTED_KEY = 'txc.account.selected';

/** The account last chosen in this window's profile ('' when none). */
export function rememberedAccount(store: PreferenceStore): string {
  return store.getItem(SELECTED_KEY) ?? '';
}

/**
 * The account the one-account screens (Trade, Positions, Wallet, Mining) work on: one choice for the
 * whole window, remembered across starts, switched from the top bar or with Ctrl+1..9 (the favourites
 * in list order). Screens read `current` and `accounts`; they never keep their own copy.
 */
export class AccountSelection {
  accounts = $state<AccountView[]>([]);
  currentId = $state('');
  loading = $state(false);
  error = $state<IpcError | undefined>();
  readonly #api: TxcApi;
  readonly #store: PreferenceStore;
  readonly #connectionId: () => string | undefined;

  /**
   * `connectionId` names the running exchange; accounts of another one are not offered, nor those
   * whose key is not on this computer.
   */
  constructor(api: TxcApi, store: PreferenceStore, connectionId: () => string | undefined = () => undefined) {
    this.#api = api;
    this.#store = store;
    this.#connectionId = connectionId;
    this.currentId = rememberedAccount(store);
  }

  get current(): AccountView | undefined {
    return this.accounts.find((a) => a.id === this.currentId);
  }

  /** Favourite accounts in list order: the first nine answer Ctrl+1..9. */
  get favourites(): AccountView[] {
    return this.accounts.filter((a) => a.favourite);
  }

  /** Loads the registered accounts; keeps the remembered choice when it still exists, else the first. */
  async load(): Promise<void> {
    this.loading = true;
    try {
      const reply = await this.#api.accounts.list();
      if (!settled(reply, (error) => (this.error = error))) return;
      const running = this.#connectionId();
      // Accounts whose key this operator lacks (a teammate holds it) sign nothing here: not offered.
      const usable = reply.value.filter(
        (a) => (running === undefined || a.connection === running) && a.keyElsewhere !== true,
      );
      this.accounts = usable;
      if (!usable.some((a) => a.id === this.currentId)) this.#remember(usable[0]?.id ?? '');
    } finally {
      this.loading = false;
    }
  }

  /** Chooses an account by id; an unknown id is ignored. */
  choose(id: string): void {
    if (this.accounts.some((a) => a.id === id)) this.#remember(id);
  }

  /** Chooses the n-th favourite (1-based); answers the account chosen, if there is one. */
  chooseFavourite(n: number): AccountView | undefined {
    const account = this.favourites[n - 1];
    if (account) this.#remember(account.id);
    return account;
  }

  #remember(id: string): void {
    this.currentId = id;
    if (id) this.#store.setItem(SELECTED_KEY, id);
    else this.#store.removeItem(SELECTED_KEY);
  }
}
