import type {
  ExchangeSubAccountView,
  HoldingsView,
  SubAccountKeyView,
  SweepToMainView,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { ipLines } from './create-batch.svelte.ts';
import { settled } from './errors.ts';

/**
 * The sub-accounts as the exchange lists them, and one chosen at a time: its name and permissions,
 * block and unblock, the check before deleting (what it holds) with the sweep to main, and its API
 * keys with their IP allow-lists. Main asks its own question before every change.
 */
export class SubAccountLifecycle {
  rows = $state<ExchangeSubAccountView[]>([]);
  loading = $state(false);
  loaded = $state(false);
  error = $state<IpcError | undefined>();
  filter = $state('');
  chosenId = $state('');
  form = $state({ alias: '', spot: true, collateral: true });
  busy = $state<string | undefined>();
  actionError = $state<IpcError | undefined>();
  outcome = $state<string | undefined>();
  holdings = $state<HoldingsView | undefined>();
  swept = $state<SweepToMainView | undefined>();
  keys = $state<SubAccountKeyView[]>([]);
  keyForm = $state({ type: '1' as '1' | '2', title: '', ips: '' });
  /** The key whose IP list is open, its list, and the entries typed to add. */
  ipKey = $state<string | undefined>();
  ips = $state<string[]>([]);
  ipAdd = $state('');
  readonly #api: TxcApi;
  readonly #changed: () => void;

  constructor(api: TxcApi, changed: () => void) {
    this.#api = api;
    this.#changed = changed;
  }

  get chosen(): ExchangeSubAccountView | undefined {
    return this.rows.find((r) => r.subAccountId === this.chosenId);
  }

  get shown(): ExchangeSubAccountView[] {
    const f = this.filter.trim().toLowerCase();
    return f ? this.rows.filter((r) => r.alias.toLowerCase().includes(f)) : this.rows;
  }

  async load(): Promise<void> {
    this.loading = true;
    const reply = await this.#api.subaccounts.list();
    this.loading = false;
    this.loaded = true;
    if (!settled(reply, (error) => (this.error = error))) return;
    this.rows = reply.value;
  }

  choose(subAccountId: string): void {
    this.chosenId = subAccountId;
    const row = this.chosen;
    this.form = {
      alias: row?.alias ?? '',
      spot: row?.permissions?.spotEnabled ?? true,
      collateral: row?.permissions?.collateralEnabled ?? true,
    };
    this.clear();
    this.keys = [];
    this.ipKey = undefined;
    if (row) void this.loadKeys();
  }

  clear(): void {
    this.actionError = undefined;
    this.outcome = undefined;
    this.holdings = undefined;
    this.swept = undefined;
  }

  /** Runs one change of the chosen sub-account; the list is read again after it. */
  async #act(name: string, run: (id: string) => Promise<{ ok: boolean; error?: IpcError }>, done: string) {
    const id = this.chosenId;
    if (!id || this.busy) return false;
    this.busy = name;
    this.clear();
    const reply = await run(id);
    this.busy = undefined;
    if (!reply.ok) {
      this.actionError = reply.error;
      return false;
    }
    this.outcome = done;
    await this.load();
    this.#changed();
    return true;
  }

  saveEdit(): Promise<boolean> {
    const { alias, spot, collateral } = this.form;
    return this.#act(
      'edit',
      (subAccountId) =>
        this.#api.subaccounts.edit({
          subAccountId,
          alias,
          permissions: { spotEnabled: spot, collateralEnabled: collateral },
        }),
      `✓ Saved: "${alias.trim()}", transfers to spot ${spot ? 'on' : 'off'}, to collateral ${collateral ? 'on' : 'off'}.`,
    );
  }

  setBlocked(blocked: boolean): Promise<boolean> {
    const name = this.chosen?.alias ?? '';
    return this.#act(
      blocked ? 'block' : 'unblock',
      (subAccountId) => this.#api.subaccounts.setBlocked({ subAccountId, blocked }),
      blocked
        ? `✓ "${name}" is blocked: its keys are refused at the exchange until it is unblocked.`
        : `✓ "${name}" is unblocked: its keys work again.`,
    );
  }

  /** Deletes after main's check: refused while it holds something, when the sweep is offered. */
  async remove(): Promise<void> {
    const id = this.chosenId;
    const name = this.chosen?.alias ?? '';
    const ok = await this.#act(
      'delete',
      (subAccountId) => this.#api.subaccounts.delete({ subAccountId }),
      `✓ "${name}" was deleted at the exchange.`,
    );
    if (ok) {
      this.chosenId = '';
      return;
    }
    if (this.actionError?.code === 'holds_funds') {
      const reply = await this.#api.subaccounts.holdings({ subAccountId: id });
      if (reply.ok) this.holdings = reply.value;
    }
  }

  /** Empties the chosen sub-account into the main account (main asks first); shows what moved. */
  async sweep(): Promise<void> {
    const id = this.chosenId;
    if (!id || this.busy) return;
    this.busy = 'sweep';
    this.actionError = undefined;
    const reply = await this.#api.subaccounts.sweepToMain({ subAccountId: id });
    this.busy = undefined;
    if (!reply.ok) {
      this.actionError = reply.error;
      return;
    }
    this.swept = reply.value.sweep;
    this.holdings = reply.value.holdings;
    this.outcome = reply.value.holdings.empty
      ? '✓ Swept: it holds nothing now and can be deleted.'
      : 'Swept what could move; it still holds what is listed below.';
    this.#changed();
  }

  async loadKeys(): Promise<void> {
    const id = this.chosenId;
    const reply = await this.#api.subaccounts.keys({ subAccountId: id });
    if (id !== this.chosenId) return;
    if (reply.ok) this.keys = reply.value;
    else this.actionError = reply.error;
  }

  async createKey(): Promise<void> {
    const { type, title, ips } = this.keyForm;
    const done = await this.#act(
      'key',
      (subAccountId) =>
        this.#api.subaccounts.createKey({
          subAccountId,
          type: type === '2' ? 2 : 1,
          ...(title.trim() ? { title: title.trim() } : {}),
          ips: ipLines(ips),
        }),
      '✓ The new key is registered on the desk; its secret went to the keychain and is never shown.',
    );
    if (done) this.keyForm = { type, title: '', ips: '' };
    await this.loadKeys();
  }

  async deleteKey(apiKeyId: string): Promise<void> {
    await this.#act(
      'deleteKey',
      (subAccountId) => this.#api.subaccounts.deleteKey({ subAccountId, apiKeyId }),
      '✓ The key was deleted at the exchange.',
    );
    if (this.ipKey === apiKeyId) this.ipKey = undefined;
    await this.loadKeys();
  }

  async openIps(apiKeyId: string): Promise<void> {
    this.ipKey = apiKeyId;
    this.ips = [];
    this.ipAdd = '';
    const reply = await this.#api.subaccounts.keyIps({ subAccountId: this.chosenId, apiKeyId });
    if (reply.ok) this.ips = reply.value;
    else this.actionError = reply.error;
  }

  async changeIps(add: string[], remove: string[]): Promise<void> {
    const apiKeyId = this.ipKey;
    if (!apiKeyId || this.busy) return;
    this.busy = 'ips';
    this.actionError = undefined;
    this.outcome = undefined;
    const reply = await this.#api.subaccounts.setKeyIps({
      subAccountId: this.chosenId,
      apiKeyId,
      add,
      remove,
    });
    this.busy = undefined;
    if (!reply.ok) {
      this.actionError = reply.error;
      return;
    }
    this.ips = reply.value;
    this.ipAdd = '';
    this.outcome = `✓ The key allows ${reply.value.length === 0 ? 'any address' : `${String(reply.value.length)} of 50 addresses`}.`;
  }
}
