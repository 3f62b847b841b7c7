import type {
  AccountView,
  CachedDealView,
  DealPageView,
  DealTotalsView,
  SyncStateView,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, TxcApi } from '../api.ts';
import { formatLocalTime, zoneName } from '../format/time.ts';
import { ReplyGuard, type Asked } from './reply-guard.ts';
import { settled } from './errors.ts';

/** Rows fetched per `history.deals` call. */
export const PAGE_SIZE = 200;

export interface DealFilterInput {
  accounts?: string[];
  market?: string;
}

/** How old the cached data of some accounts is, in words, from their `syncedUntil` (Unix seconds). */
export function cacheAge(states: readonly SyncStateView[], nowMs: number, timeZone?: string): string {
  if (states.length === 0) return 'No account has cached history yet.';
  const never = states.filter((s) => s.syncedUntil === null);
  const synced = states.filter((s) => s.syncedUntil !== null);
  if (synced.length === 0) return 'Never synced: press Sync to fetch the history into the local cache.';
  const oldest = Math.min(...synced.map((s) => s.syncedUntil as number));
  const age = ageInWords(nowMs - oldest * 1000);
  const when = `${formatLocalTime(oldest * 1000, timeZone)} ${zoneName(oldest * 1000, timeZone)}`;
  const rest = never.length > 0 ? ` ${never.length} of ${states.length} accounts never synced.` : '';
  return `Cached history complete up to ${when} (${age}).${rest}`;
}

export function ageInWords(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return 'just now';
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} days ago`;
}

/**
 * The History screen's data: cached deals loaded page by page (newest first, keyset cursor), totals per
 * market, the cache's age and CSV export, all for one filter. Everything reads the local cache.
 */
export class HistoryManager {
  accounts = $state<AccountView[]>([]);
  /** '' is every account. */
  account = $state('');
  market = $state('');
  /** In a team desk: the operators, and the one whose orders' deals are shown ('' every deal). */
  operators = $state<string[]>([]);
  operator = $state('');
  rows = $state.raw<readonly CachedDealView[]>([]);
  next = $state<DealPageView['next']>(null);
  /** Deals before this (Unix seconds) are in this computer's archive only: the exchange serves six months. */
  archiveSince = $state<number | null>(null);
  loading = $state(false);
  error = $state<IpcError | undefined>();
  totals = $state<DealTotalsView | undefined>();
  totalsError = $state<IpcError | undefined>();
  states = $state<SyncStateView[]>([]);
  syncError = $state<IpcError | undefined>();
  exported = $state<{ file: string | null; rows: number } | undefined>();
  exportError = $state<IpcError | undefined>();
  readonly #api: TxcApi;
  readonly #pageSize: number;
  /** Every filter change makes the pages and totals of an older filter stale. */
  readonly #views = new ReplyGuard();

  constructor(api: TxcApi, pageSize = PAGE_SIZE) {
    this.#api = api;
    this.#pageSize = pageSize;
  }

  get filter(): DealFilterInput {
    const market = this.market.trim().toUpperCase();
    return {
      ...(this.account ? { accounts: [this.account] } : {}),
      ...(market ? { market } : {}),
      ...(this.operator ? { operator: this.operator } : {}),
    };
  }

  /** Whether the exchange no longer serves this deal: only this computer's archive holds it. */
  archiveOnly(deal: CachedDealView): boolean {
    return this.archiveSince !== null && deal.time < this.archiveSince;
  }

  /** How many of the loaded deals only the archive holds. */
  get archiveOnlyCount(): number {
    return this.rows.filter((d) => this.archiveOnly(d)).length;
  }

  label(id: string): string {
    return this.accounts.find((a) => a.id === id)?.label ?? `account …${id.slice(-4)}`;
  }

  /** Sync states of the accounts in the filter. */
  get shownStates(): SyncStateView[] {
    return this.account ? this.states.filter((s) => s.account === this.account) : this.states;
  }

  get syncing(): boolean {
    return this.shownStates.some((s) => s.running);
  }

  /** Starts listening: a finished sync reloads what is shown. Returns a function that stops. */
  listen(): () => void {
    const stops = [
      this.#api.on('sync.finished', () => void this.reload()),
      // A teammate's sync reached this computer's replica.
      this.#api.on('history.changed', (c) => {
        if (c.table === 'deals') void this.reload();
      }),
      this.#api.on('sync.progress', (p) => {
        this.states = this.states.map((s) => (s.account === p.account ? { ...s, running: true } : s));
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }

  async init(): Promise<void> {
    const reply = await this.#api.accounts.list();
    if (reply.ok) this.accounts = reply.value;
    else this.error = reply.error;
    const team = await this.#api.team.state();
    if (team.ok && team.value.joined) {
      const members = await this.#api.team.members();
      this.operators = members.ok
        ? members.value.map((m) => m.name)
        : team.value.operator
          ? [team.value.operator]
          : [];
    }
    await this.reload();
  }

  setOperator(operator: string): void {
    this.operator = operator;
    void this.reload();
  }

  /** The first page, the totals and the cache's age for the current filter. */
  async reload(): Promise<void> {
    const asked = this.#views.next();
    this.rows = [];
    this.next = null;
    await Promise.all([this.#page(asked, null), this.#totals(asked), this.loadStatus()]);
  }

  async loadStatus(): Promise<void> {
    const reply = await this.#api.sync.status();
    if (reply.ok) this.states = reply.value;
    else this.syncError = reply.error;
  }

  /** The next page, if there is one and none is on its way. */
  async loadMore(): Promise<void> {
    if (!this.next || this.loading) return;
    await this.#page(this.#views.newest(), this.next);
  }

  async #page(asked: Asked, cursor: DealPageView['next']): Promise<void> {
    this.loading = true;
    const reply = await this.#api.history.deals({
      filter: this.filter,
      limit: this.#pageSize,
      ...(cursor ? { cursor } : {}),
    });
    if (asked.stale) return;
    this.loading = false;
    if (!settled(reply, (error) => (this.error = error))) return;
    this.rows = [...this.rows, ...reply.value.rows];
    this.next = reply.value.next;
    this.archiveSince = reply.value.archiveSince;
  }

  async #totals(asked: Asked): Promise<void> {
    const reply = await this.#api.history.totals({ filter: this.filter });
    if (asked.stale) return;
    if (settled(reply, (error) => (this.totalsError = error))) this.totals = reply.value;
  }

  setAccount(id: string): void {
    this.account = id;
    void this.reload();
  }

  setMarket(market: string): void {
    this.market = market;
    void this.reload();
  }

  async sync(): Promise<void> {
    const reply = await this.#api.sync.start(this.account ? { accountIds: [this.account] } : {});
    if (!settled(reply, (error) => (this.syncError = error))) return;
    const started = reply.value;
    this.states = this.states.map((s) => (started.includes(s.account) ? { ...s, running: true } : s));
  }

  /**
   * Saves every cached deal, of every account and market, whatever the screen's filters show (the
   * grid's own Export CSV saves exactly the rows shown).
   */
  async exportAll(): Promise<void> {
    this.exported = undefined;
    const reply = await this.#api.history.exportCsv({ filter: {} });
    if (!settled(reply, (error) => (this.exportError = error))) return;
    this.exported = reply.value;
  }
}
