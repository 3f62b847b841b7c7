import type { AccountView, DeskBalanceView, ImportReport } from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { Arrivals } from './arrivals.svelte.ts';
import { recall } from './known.svelte.ts';
import {
  balanceSummary,
  countSaved,
  EAGER_READ_ACCOUNTS,
  LIVE_BALANCES,
  type SavedShown,
  type ShownBalance,
  type SpotBalances,
} from './account-balances.ts';
import { settled } from './errors.ts';

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
 * The registered accounts with their spot balances (each arriving as a `board.balance` event), and the
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
  /** The balances last seen per account (kept by main), painted until the exchange answers. */
  saved = $state<Partial<Record<string, { value: SpotBalances; asOfMs: number }>>>({});
  /** When each account's balances came from the exchange in this window. */
  readAt = $state<Record<string, number>>({});
  readonly #api: TxcApi;
  /** Answers that arrived and are not drawn yet. */
  readonly #arrived = new Arrivals<DeskBalanceView>((views) => this.#balances(views));

  constructor(api: TxcApi) {
    this.#api = api;
  }

  /**
   * Starts listening to balances as they arrive: each account's read (`board.balance`) and the balances
   * main merged its WebSocket's `balanceSpot` pushes into (`known.pushed`); returns a function that stops.
   */
  listen(): () => void {
    const stops = [
      this.#api.on('board.balance', (view) => this.#arrived.add(view)),
      this.#api.on('known.pushed', ({ accountId, values }) => {
        const spot = values['balances.spot'];
        if (spot) this.#pushed(accountId, spot);
      }),
      // Changed here or by a teammate (team desk): labels, groups and who holds which key.
      this.#api.on('accounts.changed', () => void this.#relist()),
    ];
    return () => {
      for (const stop of stops) stop();
      this.#arrived.stop();
      void this.#unsubscribe();
    };
  }

  #live: string[] = [];

  /** Main merged the account's pushes: its balances as main keeps them now (never merged again here). */
  #pushed(account: string, balances: SpotBalances): void {
    const view = this.balances[account];
    if (!view?.ok) return;
    this.#balance({ ...view, balances });
  }

  /** Follows the spot balances of the first accounts live (their `balanceSpot` channel). */
  async #subscribe(ids: readonly string[]): Promise<void> {
    await this.#unsubscribe();
    const replies = await Promise.all(
      ids
        .slice(0, LIVE_BALANCES)
        .map((accountId) => this.#api.live.subscribe({ accountId, channel: 'balanceSpot', topic: '*' })),
    );
    this.#live = replies.flatMap((r) => (r.ok ? [r.value] : []));
  }

  async #unsubscribe(): Promise<void> {
    const ids = this.#live;
    this.#live = [];
    await Promise.all(ids.map((id) => this.#api.live.unsubscribe({ id })));
  }

  #balance(view: DeskBalanceView): void {
    this.#balances([view]);
  }

  #balances(views: readonly DeskBalanceView[]): void {
    const balances = { ...this.balances };
    const readAt = { ...this.readAt };
    const now = Date.now();
    for (const view of views) {
      balances[view.account] = view;
      if (view.ok) readAt[view.account] = now;
    }
    this.balances = balances;
    this.readAt = readAt;
  }

  /**
   * The balances a row shows: the exchange's answer, else the saved ones with their time, else why
   * they are not known (never "no balance" for balances that could not be read).
   */
  shown(id: string): ShownBalance {
    const view = this.balances[id];
    if (view?.ok) return { text: balanceSummary(view), asOfMs: this.readAt[id] ?? null, source: 'exchange' };
    const saved = this.saved[id];
    if (saved)
      return {
        text: `saved: ${balanceSummary({ account: id, ok: true, balances: saved.value })}`,
        asOfMs: saved.asOfMs,
        source: 'cache',
      };
    return {
      text: view ? `not known: ${view.error?.message ?? 'unavailable'}` : 'reading…',
      asOfMs: null,
      source: 'none',
    };
  }

  /**
   * The rows that show saved balances: how many, how many of them because the exchange did not answer
   * (the others were not asked: a large desk reads on "Refresh balances"), and when the oldest were taken.
   */
  get savedShown(): SavedShown {
    return countSaved(
      this.accounts.map((a) => {
        const shown = this.shown(a.id);
        return shown.source === 'cache'
          ? { asOfMs: shown.asOfMs ?? 0, failed: this.balances[a.id]?.ok === false }
          : undefined;
      }),
    );
  }

  async load(): Promise<void> {
    this.loading = true;
    const reply = await this.#api.accounts.list();
    this.loading = false;
    if (!settled(reply, (error) => (this.error = error))) return;
    this.accounts = reply.value;
    if (reply.value.length === 0) return;
    const ids = reply.value.map((a) => a.id);
    void recall(this.#api, 'balances.spot', ids).then((saved) => (this.saved = { ...saved }));
    // A small desk reads every balance at once; a large one asks only for accounts never read (each
    // read is a request on that account's key), and "Refresh balances" reads them all again.
    // Read first, then follow: a push changes only some tickers of balances already read.
    const read = ids.length <= EAGER_READ_ACCOUNTS ? this.refreshBalances() : this.knownBalances();
    void read.then(() => this.#subscribe(ids));
  }

  /**
   * Asks only for the balances of accounts never read (at most 1,000 at a time); the others show as
   * saved, with their time, until "Refresh balances".
   */
  async knownBalances(): Promise<void> {
    const reply = await this.#api.board.knownBalances();
    const known: Record<string, true> = {};
    if (reply.ok) for (const view of reply.value) known[view.account] = true;
    const missing = this.accounts.filter((a) => !known[a.id]).map((a) => a.id);
    if (missing.length === 0) return;
    this.#arrived.start(missing.length);
    try {
      for (let i = 0; i < missing.length; i += 1000) {
        const answer = await this.#api.board.balances({ accountIds: missing.slice(i, i + 1000) });
        if (answer.ok) this.#read(answer.value);
      }
    } finally {
      this.#arrived.done();
    }
  }

  async refreshBalances(): Promise<void> {
    this.#arrived.start(this.accounts.length);
    const reply = await this.#api.board.balances().finally(() => this.#arrived.done());
    if (!reply.ok) {
      this.error = reply.error;
      return;
    }
    this.#read(reply.value);
  }

  /** A read's answers, all of them: those still waiting to be drawn go first. */
  #read(views: readonly DeskBalanceView[]): void {
    this.#arrived.flush();
    this.#balances(views);
  }

  /** A read of balances under way: how many accounts have answered of how many. */
  get reading(): { done: number; total: number } | undefined {
    return this.#arrived.reading;
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

  /** The registry's list again, without reading any balance (a teammate's change). */
  async #relist(): Promise<void> {
    const reply = await this.#api.accounts.list();
    if (reply.ok) this.accounts = reply.value;
  }

  /** Keeps the secret of an account a teammate registered in this keychain (from the clipboard). */
  importKey(id: string): Promise<boolean> {
    return this.#edit(id, () => this.#api.accounts.importKeyFromClipboard({ id }));
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
    if (!settled(reply, (error) => (this.addError = error))) return false;
    this.accounts = [...this.accounts, reply.value];
    void this.#api.board.balances({ accountIds: [reply.value.id] });
    return true;
  }

  async importCsv(): Promise<void> {
    const reply = await this.#api.accounts.importCsv();
    if (!settled(reply, (error) => (this.importError = error))) return;
    this.importReport = reply.value;
    if (reply.value.rows.some((r) => r.ok)) await this.load();
  }
}
