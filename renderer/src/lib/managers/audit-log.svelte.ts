import type { AccountView, AuditEntryView, IpcError } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import { settled } from './errors.ts';

export const PAGE = 200;

/** The log of signed requests the app sent (paths and outcomes only), newest first, page by page. */
export class AuditLog {
  rows = $state<AuditEntryView[]>([]);
  accounts = $state<AccountView[]>([]);
  filter = $state<{
    accountId: string;
    path: string;
    outcome: '' | 'ok' | 'rejected' | 'failed';
    operator: string;
  }>({
    accountId: '',
    path: '',
    outcome: '',
    operator: '',
  });
  /** In a team desk: its operators, to filter by. */
  operators = $state<string[]>([]);
  loading = $state(false);
  error = $state<IpcError | undefined>();
  /** More entries may follow the last page read. */
  more = $state(false);
  readonly #api: TxcApi;

  constructor(api: TxcApi) {
    this.#api = api;
  }

  label(id: string): string {
    return id === 'unregistered' ? 'not registered' : (this.accounts.find((a) => a.id === id)?.label ?? id);
  }

  /** The first page for the filter (`older`: the page after the rows shown). */
  async load(older = false): Promise<void> {
    if (this.loading) return;
    this.loading = true;
    if (!older && this.accounts.length === 0) {
      const list = await this.#api.accounts.list();
      if (list.ok) this.accounts = list.value;
      const team = await this.#api.team.state();
      if (team.ok && team.value.joined) {
        const members = await this.#api.team.members();
        if (members.ok) this.operators = members.value.map((m) => m.name);
        else if (team.value.operator) this.operators = [team.value.operator];
      }
    }
    const f = this.filter;
    const before = older ? this.rows.at(-1)?.id : undefined;
    const reply = await this.#api.history.auditLog({
      ...(f.accountId ? { accountId: f.accountId } : {}),
      ...(f.path.trim() ? { path: f.path.trim() } : {}),
      ...(f.outcome ? { outcome: f.outcome } : {}),
      ...(f.operator ? { operator: f.operator } : {}),
      ...(before ? { before } : {}),
      limit: PAGE,
    });
    this.loading = false;
    if (!settled(reply, (error) => (this.error = error))) return;
    this.rows = older ? [...this.rows, ...reply.value] : reply.value;
    this.more = reply.value.length === PAGE;
  }
}
