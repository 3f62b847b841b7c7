import type { BatchOutcome, KeyCapabilityView, KeyDiffView } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import type { PermissionRow } from '../format/key-permissions.ts';
import { isProposed, proposedWords } from '../format/proposed.ts';
import { failuresFirst } from './batch-log.svelte.ts';
import { recall } from './known.svelte.ts';
import { settled } from './errors.ts';

/** A key's URL permissions as this app last set them (URL -> enabled), with when. */
export interface KnownPermissions {
  value: Record<string, boolean>;
  asOfMs: number;
}

/**
 * One URL-permission change over the keys of the chosen sub-accounts: the capabilities offered (main's
 * table), the per-key diff previewed, then applied (failures first), and what each key was last set to
 * (the exchange cannot read a key's settings back).
 */
export class SubAccountPermissions {
  /** What a key may do, in named capabilities (main's table), offered as checkboxes. */
  capabilities = $state<KeyCapabilityView[]>([]);
  preview = $state<KeyDiffView[] | undefined>();
  results = $state<BatchOutcome[] | undefined>();
  /** The edit was proposed for a second admin's approval instead (team desk, four eyes), in words. */
  proposed = $state<string | undefined>();
  error = $state<IpcError | undefined>();
  applying = $state(false);
  /** Each sub-account key's URL permissions as this app last set them (by account id). */
  known = $state<Partial<Record<string, KnownPermissions>>>({});
  readonly #api: TxcApi;
  readonly #chosen: () => string[];
  readonly #registered: () => string[];
  readonly #onBatch: () => void;

  /**
   * `chosen`: the sub-accounts the change is for; `registered`: every registered sub-account (whose
   * last settings are shown); `onBatch` runs after a change was applied (the audit log has a new entry).
   */
  constructor(api: TxcApi, chosen: () => string[], registered: () => string[], onBatch: () => void) {
    this.#api = api;
    this.#chosen = chosen;
    this.#registered = registered;
    this.#onBatch = onBatch;
  }

  #urls(rows: readonly PermissionRow[]) {
    return rows.filter((r) => r.url.trim()).map((r) => ({ url: r.url.trim(), enable: r.enable }));
  }

  /** The key permissions last set of the registered sub-accounts. */
  async recall(): Promise<void> {
    this.known = await recall(this.#api, 'keys.permissions', this.#registered());
  }

  async loadCapabilities(): Promise<void> {
    const reply = await this.#api.subaccounts.keyCapabilities();
    if (reply.ok) this.capabilities = reply.value;
    else this.error = reply.error;
  }

  /** The diff of the change over every chosen key; nothing is sent. */
  async previewChange(rows: readonly PermissionRow[]): Promise<boolean> {
    this.results = undefined;
    const reply = await this.#api.subaccounts.previewPermissions({
      accountIds: this.#chosen(),
      urls: this.#urls(rows),
    });
    if (!reply.ok) {
      this.error = reply.error;
      this.preview = undefined;
      return false;
    }
    this.error = undefined;
    this.preview = reply.value;
    return true;
  }

  async apply(rows: readonly PermissionRow[]): Promise<boolean> {
    this.applying = true;
    const reply = await this.#api.subaccounts.applyPermissions({
      accountIds: this.#chosen(),
      urls: this.#urls(rows),
    });
    this.applying = false;
    if (!settled(reply, (error) => (this.error = error))) return false;
    this.preview = undefined;
    if (isProposed(reply.value)) {
      this.proposed = proposedWords(reply.value);
      this.results = undefined;
      return true;
    }
    this.proposed = undefined;
    this.results = failuresFirst(reply.value);
    this.#onBatch();
    await this.recall();
    return true;
  }
}
