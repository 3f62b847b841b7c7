import type { AccountView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { SubAccountBalances } from './sub-account-balances.svelte.ts';
import { SubAccountPermissions } from './sub-account-permissions.svelte.ts';
import { SubAccountSelection } from './sub-account-selection.svelte.ts';
import { SubAccountSweep } from './sub-account-sweep.svelte.ts';
import { settled } from './errors.ts';

export { permissionRows, permissionWord, type PermissionRow } from '../format/key-permissions.ts';
export type { SweepForm, SweepResult } from './sub-account-sweep.svelte.ts';

/**
 * The Sub-accounts screen: every registered sub-account with its balances (read with the main key,
 * `balances`), a choice of them (`selection`), sweeps between main and the chosen ones (`sweep`:
 * preview, then run) and one URL-permission change over their keys (`permissions`: diff preview, then
 * apply). Key replacement takes the new secret from the clipboard in main; it never passes through here.
 */
export class SubAccountsManager {
  accounts = $state<AccountView[]>([]);
  loading = $state(false);
  error = $state<IpcError | undefined>();
  readonly balances: SubAccountBalances;
  readonly selection: SubAccountSelection;
  readonly sweep: SubAccountSweep;
  readonly permissions: SubAccountPermissions;
  rotateError = $state<{ id: string; error: IpcError } | undefined>();
  rotated = $state<string | undefined>();
  readonly #api: TxcApi;
  readonly #blockedBy: () => string | undefined;

  /**
   * `onBatch` runs after each sweep or permission batch (the audit log has a new entry); `blockedBy`
   * says why work on the exchange cannot be done now (it is unreachable).
   */
  constructor(
    api: TxcApi,
    onBatch: () => void = () => undefined,
    blockedBy: () => string | undefined = () => undefined,
  ) {
    this.#api = api;
    this.#blockedBy = blockedBy;
    this.balances = new SubAccountBalances(api, () => this.subs);
    // A changed choice makes earlier previews stale.
    this.selection = new SubAccountSelection(() => {
      this.sweep.clear();
      this.permissions.preview = undefined;
    });
    this.sweep = new SubAccountSweep(
      api,
      () => this.selection.ids,
      async () => {
        onBatch();
        await this.balances.refresh();
      },
    );
    this.permissions = new SubAccountPermissions(
      api,
      () => this.selection.ids,
      () => this.subs.map((s) => s.id),
      onBatch,
    );
  }

  get subs(): AccountView[] {
    return this.accounts.filter((a) => a.kind === 'sub');
  }

  /** Why sweeps, permission changes and key replacement are off now; undefined when they can run. */
  get blocked(): string | undefined {
    return this.#blockedBy();
  }

  async load(): Promise<void> {
    this.loading = true;
    const reply = await this.#api.accounts.list();
    this.loading = false;
    if (!settled(reply, (error) => (this.error = error))) return;
    this.accounts = reply.value;
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup for this line, not state
    this.selection.keep(new Set(reply.value.map((a) => a.id)));
    if (this.subs.length === 0) return;
    await Promise.all([this.balances.open(), this.permissions.recall()]);
  }

  /** Replaces a sub-account's key pair after a reset: the new secret comes from the clipboard in main. */
  async rotate(id: string, apiKey: string): Promise<boolean> {
    this.rotated = undefined;
    const reply = await this.#api.accounts.rotateFromClipboard({ id, apiKey });
    if (!reply.ok) {
      this.rotateError = { id, error: reply.error };
      return false;
    }
    this.rotateError = undefined;
    this.accounts = this.accounts.map((a) => (a.id === id ? reply.value : a));
    this.rotated = id;
    return true;
  }
}
