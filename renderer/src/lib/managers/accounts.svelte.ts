import type { AccountView, DeskBalanceView, ImportReport } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';

/** Non-zero spot balances in words: "USDT 50000 · BTC 1 (0.5 frozen)", largest list first by asset name. */
export function balanceSummary(view: DeskBalanceView | undefined): string {
  if (!view) return 'loading…';
  if (!view.ok) return view.error?.message ?? 'unavailable';
  const parts: string[] = [];
  for (const [asset, b] of Object.entries(view.balances ?? {})) {
    const zero = (s: string) => /^0*(\.0*)?$/.test(s);
    if (zero(b.available) && zero(b.freeze)) continue;
    parts.push(zero(b.freeze) ? `${asset} ${b.available}` : `${asset} ${b.available} (${b.freeze} frozen)`);
  }
  return parts.length === 0 ? 'no balance' : parts.join(' · ');
}

/** Groups as typed in one field: "Desk A, hedging" -> ["Desk A", "hedging"]. */
export function parseGroups(text: string): string[] {
  const groups = text
    .split(',')
    .map((g) => g.trim())
    .filter((g) => g.length > 0);
  return groups.filter((g, i) => groups.indexOf(g) === i);
}

/** Rows of an import report with failures first, each keeping its file order. */
export function failuresFirst(report: ImportReport): ImportReport['rows'] {
  return [...report.rows.filter((r) => !r.ok), ...report.rows.filter((r) => r.ok)];
}

export interface NewAccountForm {
  label: string;
  kind: 'main' | 'sub';
  subAccountId: string;
  apiKey: string;
  groups: string;
}

/**
 * The registered accounts with their spot balances (each arriving as a `desk.balance` event), and the
 * edits of the Accounts screen. The secret never passes through here: main reads it from the clipboard.
 */
export class AccountsManager {
  accounts = $state<AccountView[]>([]);
  balances = $state<Record<string, DeskBalanceView>>({});
  loading = $state(false);
  /** The last failure of list or balances. */
  error = $state<IpcError | undefined>();
  /** The last failure of an edit, with the account it concerns. */
  editError = $state<{ id: string; error: IpcError } | undefined>();
  addError = $state<IpcError | undefined>();
  importReport = $state<ImportReport | undefined>();
  importError = $state<IpcError | undefined>();
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /** Starts listening to balances as they arrive; returns a function that stops. */
  listen(): () => void {
    return this.#api.on('desk.balance', (view) => this.#balance(view));
  }

  #balance(view: DeskBalanceView): void {
    this.balances = { ...this.balances, [view.account]: view };
  }

  async load(): Promise<void> {
    this.loading = true;
    const reply = await this.#api.accounts.list();
    this.loading = false;
    if (!reply.ok) {
      this.error = reply.error;
      return;
    }
    this.error = undefined;
    this.accounts = reply.value;
    // Balances as last read (no request per account); "Refresh balances" reads them again.
    if (reply.value.length > 0) void this.knownBalances();
  }

  /** Balances as last read; only accounts never read are asked for (at most 1,000 at a time). */
  async knownBalances(): Promise<void> {
    const reply = await this.#api.desk.knownBalances();
    const known: Record<string, true> = {};
    if (reply.ok)
      for (const view of reply.value) {
        known[view.account] = true;
        this.#balance(view);
      }
    const missing = this.accounts.filter((a) => !known[a.id]).map((a) => a.id);
    for (let i = 0; i < missing.length; i += 1000) {
      const answer = await this.#api.desk.balances({ accountIds: missing.slice(i, i + 1000) });
      if (answer.ok) for (const view of answer.value) this.#balance(view);
    }
  }

  async refreshBalances(): Promise<void> {
    const reply = await this.#api.desk.balances();
    if (!reply.ok) {
      this.error = reply.error;
      return;
    }
    for (const view of reply.value) this.#balance(view);
  }

  #replace(account: AccountView): void {
    this.accounts = this.accounts.map((a) => (a.id === account.id ? account : a));
  }

  async #edit(
    id: string,
    run: () => Promise<{ ok: true; value: AccountView } | { ok: false; error: IpcError }>,
  ): Promise<boolean> {
    const reply = await run();
    if (!reply.ok) {
      this.editError = { id, error: reply.error };
      return false;
    }
    this.editError = undefined;
    this.#replace(reply.value);
    return true;
  }

  rename(id: string, label: string): Promise<boolean> {
    return this.#edit(id, () => this.#api.accounts.rename({ id, label }));
  }

  setFavourite(id: string, favourite: boolean): Promise<boolean> {
    return this.#edit(id, () => this.#api.accounts.update({ id, favourite }));
  }

  setGroups(id: string, groups: string): Promise<boolean> {
    return this.#edit(id, () => this.#api.accounts.update({ id, groups: parseGroups(groups) }));
  }

  rotate(id: string, apiKey: string): Promise<boolean> {
    return this.#edit(id, () => this.#api.accounts.rotateFromClipboard({ id, apiKey }));
  }

  async remove(id: string): Promise<boolean> {
    const reply = await this.#api.accounts.remove({ id });
    if (!reply.ok) {
      this.editError = { id, error: reply.error };
      return false;
    }
    this.editError = undefined;
    this.accounts = this.accounts.filter((a) => a.id !== id);
    return true;
  }

  async add(form: NewAccountForm): Promise<boolean> {
    const subAccountId = form.subAccountId.trim();
    const groups = parseGroups(form.groups);
    const reply = await this.#api.accounts.addFromClipboard({
      label: form.label,
      kind: form.kind,
      apiKey: form.apiKey,
      ...(subAccountId ? { subAccountId } : {}),
      ...(groups.length > 0 ? { groups } : {}),
    });
    if (!reply.ok) {
      this.addError = reply.error;
      return false;
    }
    this.addError = undefined;
    this.accounts = [...this.accounts, reply.value];
    void this.#api.desk.balances({ accountIds: [reply.value.id] });
    return true;
  }

  async importCsv(): Promise<void> {
    const reply = await this.#api.accounts.importCsv();
    if (!reply.ok) {
      this.importError = reply.error;
      return;
    }
    this.importError = undefined;
    this.importReport = reply.value;
    if (reply.value.rows.some((r) => r.ok)) await this.load();
  }
}
