import type {
  AccountView,
  ActivityReportView,
  EquityReportView,
  ExposureReportView,
  PnlReportView,
  PositionsReportView,
} from '../../../../main/ipc/contract.ts';
import type { IpcError, Reply, TxcApi } from '../api.ts';
import {
  dayOf,
  isDay,
  periodProblem,
  quickOf,
  quickPeriod,
  readScope,
  type QuickPeriod,
  type ReportPeriod,
  type ReportScopeChoice,
} from '../format/report-period.ts';
import { ReplyGuard } from './reply-guard.ts';
import { readJson, type PreferenceStore } from './storage.ts';

export const REPORTS_KEY = 'txc.reports';

export const REPORT_TABS = [
  { id: 'pnl', label: 'Realized PnL' },
  { id: 'positions', label: 'Closed positions' },
  { id: 'equity', label: 'Equity & balances' },
  { id: 'activity', label: 'Volume, fees & funding' },
  { id: 'exposure', label: 'Exposure' },
  { id: 'tax', label: 'Tax lots' },
] as const;

export type ReportTab = (typeof REPORT_TABS)[number]['id'];

/** The CSV files a tab exports (`reports.exportCsv`), each with its button's words. */
export const TAB_EXPORTS: Record<ReportTab, ReadonlyArray<{ report: ExportKind; label: string }>> = {
  pnl: [{ report: 'pnl', label: 'PnL…' }],
  positions: [{ report: 'positions', label: 'Closed positions…' }],
  equity: [
    { report: 'equity', label: 'Equity…' },
    { report: 'balances', label: 'Balances…' },
    { report: 'markers', label: 'Deposits & transfers…' },
  ],
  activity: [
    { report: 'activity', label: 'Volume & fees…' },
    { report: 'funding', label: 'Funding…' },
  ],
  exposure: [{ report: 'exposure', label: 'Exposure…' }],
  tax: [],
};

export type ExportKind =
  'pnl' | 'activity' | 'funding' | 'positions' | 'equity' | 'balances' | 'markers' | 'exposure';

interface Remembered {
  of: ReportScopeChoice;
  /** A quick choice is remembered as the choice ("this month" stays this month), else the days. */
  quick?: QuickPeriod;
  from?: string;
  to?: string;
  tab?: ReportTab;
}

function isRemembered(v: unknown): v is Remembered {
  return typeof v === 'object' && v !== null && readScope((v as Remembered).of) !== undefined;
}

interface Loaded {
  pnl?: PnlReportView;
  positions?: PositionsReportView;
  equity?: EquityReportView;
  activity?: ActivityReportView;
  exposure?: ExposureReportView;
}

/**
 * The Reports screen's choices (whose history, which days, which report; remembered as `txc.reports`)
 * and the report it shows, read from main's archive. A newer choice drops the answers to older ones.
 */
export class ReportsManager {
  accounts = $state<AccountView[]>([]);
  of = $state<ReportScopeChoice>({ kind: 'desk' });
  period = $state<ReportPeriod>({ from: '', to: '' });
  tab = $state<ReportTab>('pnl');
  loaded = $state.raw<Loaded>({});
  loading = $state(false);
  error = $state<IpcError | undefined>();
  accountsError = $state<IpcError | undefined>();
  exporting = $state<ExportKind | undefined>();
  exported = $state<{ file: string | null; rows: number } | undefined>();
  exportError = $state<IpcError | undefined>();
  /** A sync asked from this screen is under way. */
  syncing = $state(false);
  syncError = $state<IpcError | undefined>();
  readonly #api: TxcApi;
  readonly #store: PreferenceStore;
  readonly #now: () => number;
  readonly #replies = new ReplyGuard();

  constructor(api: TxcApi, store: PreferenceStore, now: () => number = Date.now) {
    this.#api = api;
    this.#store = store;
    this.#now = now;
    const saved = readJson(store, REPORTS_KEY, isRemembered);
    const today = this.today;
    this.of = readScope(saved?.of) ?? { kind: 'desk' };
    this.tab = saved?.tab && REPORT_TABS.some((t) => t.id === saved.tab) ? saved.tab : 'pnl';
    const quick = saved?.quick;
    if (quick) this.period = quickPeriod(quick, today);
    else if (saved?.from && saved.to && isDay(saved.from) && isDay(saved.to))
      this.period = { from: saved.from, to: saved.to };
    else this.period = quickPeriod('month', today);
  }

  get today(): string {
    return dayOf(this.#now());
  }

  /** The quick choice the period is today, if any. */
  get quick(): QuickPeriod | undefined {
    return quickOf(this.period, this.today);
  }

  get periodProblem(): string | undefined {
    return periodProblem(this.period);
  }

  get groups(): string[] {
    const names = Object.fromEntries(this.accounts.flatMap((a) => a.groups.map((g) => [g, true])));
    return Object.keys(names).sort((a, b) => a.localeCompare(b));
  }

  label(id: string): string {
    return this.accounts.find((a) => a.id === id)?.label ?? `account …${id.slice(-4)}`;
  }

  /** Whose history, in words. */
  get whose(): string {
    const of = this.of;
    if (of.kind === 'desk') return 'Whole desk';
    if (of.kind === 'group') return `Group ${of.group}`;
    return this.label(of.accountId);
  }

  get query(): { of: ReportScopeChoice; from: string; to: string } {
    return { of: this.of, from: this.period.from, to: this.period.to };
  }

  #remember(): void {
    const quick = this.quick;
    const value: Remembered = {
      of: this.of,
      tab: this.tab,
      ...(quick ? { quick } : { from: this.period.from, to: this.period.to }),
    };
    this.#store.setItem(REPORTS_KEY, JSON.stringify(value));
  }

  async init(): Promise<void> {
    const reply = await this.#api.accounts.list();
    if (reply.ok) {
      this.accounts = reply.value;
      this.accountsError = undefined;
      const of = this.of;
      // A remembered account or group that is no longer there: the whole desk instead.
      if (
        (of.kind === 'account' && !reply.value.some((a) => a.id === of.accountId)) ||
        (of.kind === 'group' && !this.groups.includes(of.group))
      )
        this.of = { kind: 'desk' };
    } else this.accountsError = reply.error;
    await this.load();
  }

  setScope(of: ReportScopeChoice): void {
    this.of = of;
    this.#changed();
  }

  setPeriod(period: ReportPeriod): void {
    this.period = period;
    this.#changed();
  }

  choose(quick: QuickPeriod): void {
    this.setPeriod(quickPeriod(quick, this.today));
  }

  show(tab: ReportTab): void {
    this.tab = tab;
    this.#remember();
    this.exported = undefined;
    this.exportError = undefined;
    if (!this.#has(tab)) void this.load();
  }

  #changed(): void {
    this.#remember();
    this.loaded = {};
    this.exported = undefined;
    this.exportError = undefined;
    void this.load();
  }

  /** Whether the shown report, read, holds nothing at all (one empty state instead of empty tables). */
  get emptyReport(): boolean {
    const l = this.loaded;
    switch (this.tab) {
      case 'pnl':
        return l.pnl !== undefined && l.pnl.totals.length === 0 && l.pnl.byDay.length === 0;
      case 'positions':
        return (
          l.positions !== undefined && l.positions.positions.length === 0 && l.positions.winLoss.length === 0
        );
      case 'equity':
        return l.equity !== undefined && l.equity.equity.length === 0 && l.equity.markers.length === 0;
      case 'activity':
        return l.activity !== undefined && l.activity.volume.length === 0 && l.activity.funding.length === 0;
      case 'exposure':
        return l.exposure !== undefined && l.exposure.assets.length === 0;
      case 'tax':
        return false;
    }
  }

  #has(tab: ReportTab): boolean {
    return tab === 'tax' || this.loaded[tab] !== undefined;
  }

  /** Reads the shown report for the current choices (again, on Retry). */
  async load(): Promise<void> {
    const asked = this.#replies.next();
    const tab = this.tab;
    if (tab === 'tax' || this.periodProblem) {
      this.loading = false;
      this.error = undefined;
      return;
    }
    this.loading = true;
    this.error = undefined;
    // Realized PnL is shown with the exchange's closed-position figures beside it: both are read.
    const [reply, positions] = await Promise.all([
      this.#read(tab),
      tab === 'pnl' && !this.loaded.positions ? this.#read('positions') : undefined,
    ]);
    if (asked.stale) return;
    this.loading = false;
    if (!reply.ok) {
      this.error = reply.error;
      return;
    }
    this.loaded = {
      ...this.loaded,
      ...(positions?.ok ? { positions: positions.value as PositionsReportView } : {}),
      [tab]: reply.value,
    };
  }

  /** Syncs the history of the accounts in scope now; the report is read again as each sync ends. */
  async syncNow(): Promise<void> {
    const of = this.of;
    const ids =
      of.kind === 'account'
        ? [of.accountId]
        : of.kind === 'group'
          ? this.accounts.filter((a) => a.groups.includes(of.group)).map((a) => a.id)
          : undefined;
    this.syncError = undefined;
    const reply = await this.#api.vault.sync(ids ? { accountIds: ids } : undefined);
    if (!reply.ok) this.syncError = reply.error;
    else this.syncing = reply.value.length > 0;
  }

  /** A sync that ended makes the reports read again. Returns a function that stops listening. */
  listen(): () => void {
    return this.#api.on('sync.finished', () => {
      this.syncing = false;
      this.loaded = {};
      void this.load();
    });
  }

  #read(tab: Exclude<ReportTab, 'tax'>): Promise<Reply<Loaded[typeof tab]>> {
    const q = this.query;
    const reports = this.#api.reports;
    switch (tab) {
      case 'pnl':
        return reports.pnl(q);
      case 'positions':
        return reports.positions(q);
      case 'equity':
        return reports.equity(q);
      case 'activity':
        return reports.activity(q);
      case 'exposure':
        return reports.exposure(q);
    }
  }

  /** Writes one report of the current choices as a CSV file the person picks. */
  async exportCsv(report: ExportKind): Promise<void> {
    if (this.exporting || this.periodProblem) return;
    this.exporting = report;
    this.exported = undefined;
    this.exportError = undefined;
    const reply = await this.#api.reports.exportCsv({ report, query: this.query });
    this.exporting = undefined;
    if (reply.ok) this.exported = reply.value;
    else this.exportError = reply.error;
  }
}
