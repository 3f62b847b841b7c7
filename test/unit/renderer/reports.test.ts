// The Reports screen's own logic: the period and its quick choices (UTC days), the report rows and
// words, the equity lines, the choices remembered across visits, and the tax-lot run's progress.
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { AccountView, EquityReportView, PositionsReportView } from '../../../main/ipc/contract.ts';
import {
  dayOf,
  periodDays,
  periodProblem,
  quickOf,
  quickPeriod,
  readScope,
} from '../../../renderer/src/lib/format/report-period.ts';
import { equityLines, lineMove, linePoints } from '../../../renderer/src/lib/format/report-series.ts';
import {
  comparisonWords,
  concentrationWords,
  differs,
  markerText,
  percentOf,
} from '../../../renderer/src/lib/format/report-words.ts';
import { DataGridState } from '../../../renderer/src/lib/managers/data-grid.svelte.ts';
import { REPORTS_KEY, ReportsManager } from '../../../renderer/src/lib/managers/reports.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { TaxLotsRun } from '../../../renderer/src/lib/managers/tax-lots.svelte.ts';
import { closedPositionColumns, markerColumns } from '../../../renderer/src/views/reports/report-columns.ts';
import {
  archiveColumns,
  recordBegins,
  scheduleWords,
} from '../../../renderer/src/views/settings/archive-columns.ts';
import { fakeBridge, NO_ANSWER } from './fake-bridge.ts';

/** Wednesday 2026-12-09, 15:00 UTC. */
const NOW = Date.UTC(2026, 11, 9, 15);
const TODAY = '2026-12-09';

describe('the period', () => {
  it('offers this week (from Monday), this month, the last 30 days and this year, each ending today', () => {
    expect(quickPeriod('week', TODAY)).toEqual({ from: '2026-12-07', to: TODAY });
    expect(quickPeriod('month', TODAY)).toEqual({ from: '2026-12-01', to: TODAY });
    expect(quickPeriod('last30', TODAY)).toEqual({ from: '2026-11-10', to: TODAY });
    expect(quickPeriod('year', TODAY)).toEqual({ from: '2026-01-01', to: TODAY });
    // A Monday is its own week's first day; a Sunday the last of the week begun six days before.
    expect(quickPeriod('week', '2026-12-07').from).toBe('2026-12-07');
    expect(quickPeriod('week', '2026-12-13').from).toBe('2026-12-07');
  });

  it('each quick choice is a readable period of its days, and is recognised as that choice', () => {
    const days = fc
      .integer({ min: 0, max: 40 * 365 })
      .map((n) => dayOf(Date.UTC(2000, 0, 1) + n * 86_400_000));
    fc.assert(
      fc.property(days, fc.constantFrom('week', 'month', 'last30', 'year' as const), (today, quick) => {
        const p = quickPeriod(quick, today);
        expect(periodProblem(p)).toBeUndefined();
        expect(p.to).toBe(today);
        const n = periodDays(p);
        if (quick === 'last30') expect(n).toBe(30);
        if (quick === 'week') expect(n).toBeLessThanOrEqual(7);
        if (quick === 'month') expect(n).toBe(Number(today.slice(8)));
        // "this week" on a Monday is the day itself, as "this month" on the 1st: either name fits
        const shared = quickOf(p, today);
        expect(quickPeriod(shared ?? quick, today)).toEqual(p);
      }),
    );
  });

  it('says in words what is wrong with a period typed by hand', () => {
    expect(periodProblem({ from: '2026-02-30', to: TODAY })).toBe(
      'The first day must be a date such as 2026-01-31.',
    );
    expect(periodProblem({ from: '2026-01-01', to: '' })).toBe('Choose the last day of the period.');
    expect(periodProblem({ from: '2026-01-01', to: '2026-1-5' })).toBe(
      'The last day must be a date such as 2026-01-31.',
    );
    expect(periodProblem({ from: TODAY, to: '2026-01-01' })).toBe(
      'The first day must not be after the last.',
    );
    expect(periodProblem({ from: '2000-01-01', to: TODAY })).toContain('at most ten years');
    expect(periodProblem({ from: '2026-01-01', to: '2026-01-01' })).toBeUndefined();
  });

  it('reads back only the scopes the screen writes', () => {
    expect(readScope({ kind: 'account', accountId: 'a1' })).toEqual({ kind: 'account', accountId: 'a1' });
    expect(readScope({ kind: 'group', group: ' ' })).toBeUndefined();
    expect(readScope({ kind: 'everyone' })).toBeUndefined();
    expect(readScope('desk')).toBeUndefined();
  });
});

describe('the report rows and words', () => {
  const position = {
    account: 'acc-b',
    market: 'BTC_PERP',
    positionId: 3,
    side: 'BOTH',
    openedAt: 1,
    closedAt: 1_773_100_000,
    quote: 'USDT',
    exchangeGross: '-903',
    exchangeNet: '-903',
    appGross: '-902.95',
    difference: '-0.05',
  };

  it('shows the exchange’s PnL, the app’s and their difference on each closed position', () => {
    const grid = new DataGridState(
      'reports-positions',
      closedPositionColumns((id) => `Desk ${id}`),
      memoryStore(),
    );
    grid.rows = [
      position,
      { ...position, positionId: 4, exchangeGross: null, difference: null, note: 'no record' },
    ];
    const text = (row: number, column: string) =>
      grid.cellText(grid.columns.find((c) => c.id === column) as never, grid.rows[row] as never);
    expect(text(0, 'exchange')).toBe('-903');
    expect(text(0, 'app')).toBe('-902.95');
    expect(text(0, 'difference')).toBe('-0.05');
    expect(text(0, 'account')).toBe('Desk acc-b');
    expect(text(0, 'side')).toBe('one-way');
    expect(text(1, 'exchange')).toBe('not in archive');
    expect(text(1, 'difference')).toBe('–');
    expect(differs(position)).toBe(true);
    expect(differs({ difference: '0' })).toBe(false);
    expect(differs({ difference: null })).toBe(false);
  });

  it('counts what differs in words, never hiding a difference', () => {
    const r = (x: Partial<PositionsReportView>) => ({
      compared: 3,
      differing: 0,
      exchangeOnly: 0,
      appOnly: 0,
      ...x,
    });
    expect(comparisonWords(r({}))).toBe("The exchange's PnL and the app's agree on all 3 closed positions.");
    expect(comparisonWords(r({ differing: 1 }))).toContain('1 of 3 closed positions differ');
    expect(comparisonWords(r({ exchangeOnly: 2 }))).toContain('2 positions only the exchange states');
    expect(comparisonWords(r({ compared: 0 }))).toBe('No closed positions in this period.');
  });

  it('writes money out with its sign, shares as percentages, and the concentration as equal assets', () => {
    expect(markerText({ kind: 'deposit', amount: '1000', ticker: 'USDT' })).toBe('+1,000 USDT deposit');
    expect(markerText({ kind: 'transfer-out', amount: '50', ticker: 'USDT' })).toBe('−50 USDT transfer out');
    const markers = new DataGridState(
      'reports-markers',
      markerColumns((id) => id),
      memoryStore(),
    );
    markers.rows = [{ time: 1, account: 'a', kind: 'withdrawal', ticker: 'BTC', amount: '0.5' }];
    const amount = markers.columns.find((c) => c.id === 'amount');
    expect(markers.cellText(amount as never, markers.rows[0] as never)).toBe('-0.5');
    expect(percentOf(2 / 3)).toBe('66.7 %');
    expect(percentOf(null)).toBe('–');
    expect(concentrationWords(1)).toBe('Everything is in one asset.');
    expect(concentrationWords(0.5)).toBe('Concentration 0.500: as concentrated as 2.0 equal assets.');
    expect(concentrationWords(null)).toContain('No priced holdings');
  });

  it('draws equity or one asset’s balance, and says how it moved, exactly', () => {
    const report: Pick<EquityReportView, 'equity' | 'balances'> = {
      equity: [
        { time: 10, equity: '1000.1', accounts: 1 },
        { time: 20, equity: '1600.3', accounts: 2 },
      ],
      balances: [
        { time: 20, asset: 'USDT', amount: '1100' },
        { time: 10, asset: 'USDT', amount: '500' },
        { time: 10, asset: 'BTC', amount: '0.4' },
      ],
    };
    expect(equityLines(report)).toEqual(['equity', 'BTC', 'USDT']);
    expect(linePoints(report, 'USDT')).toEqual([
      { time: 10, value: '500' },
      { time: 20, value: '1100' },
    ]);
    expect(lineMove(linePoints(report, 'equity'))).toEqual({
      first: '1000.1',
      last: '1600.3',
      change: new Decimal('1600.3').minus('1000.1').toFixed(),
    });
    expect(lineMove([])).toBeUndefined();
  });

  it('says per account how far back its record goes and how much only the archive holds', () => {
    const account = {
      account: 'a',
      label: 'Desk A',
      syncedUntil: null,
      risk: 'never' as const,
      daysToHorizon: null,
      running: false,
      families: [
        { family: 'deals' as const, records: 10, oldest: 2000, newest: 3000, archiveOnly: 4 },
        { family: 'funding' as const, records: 5, oldest: 1000, newest: 3000, archiveOnly: 2 },
        { family: 'orders' as const, records: 0, oldest: null, newest: null, archiveOnly: 0 },
      ],
    };
    expect(recordBegins(account)).toBe(1000);
    expect(scheduleWords(null)).toContain('off');
    expect(scheduleWords(6 * 3_600_000)).toBe('Every account syncs by itself every 6 hours.');
    expect(scheduleWords(90 * 60_000)).toBe('Every account syncs by itself every 90 minutes.');
    const grid = new DataGridState('settings-archive', archiveColumns(), memoryStore());
    grid.rows = [account];
    const cell = (id: string) =>
      grid.cellText(grid.columns.find((c) => c.id === id) as never, account as never);
    expect(cell('records')).toBe('15');
    expect(cell('archiveOnly')).toBe('6');
    expect(cell('synced')).toBe('never');
    expect(cell('risk')).toBe('Never synced');
    const risk = grid.columns.find((c) => c.id === 'risk');
    expect(risk?.kind === 'text' && risk.hint?.(account)).toContain('out of reach');
  });
});

const accounts: AccountView[] = [
  { id: 'a1', label: 'Desk A', groups: ['g1'] },
  { id: 'a2', label: 'Desk B', groups: ['g1', 'g2'] },
].map(
  (a) =>
    ({
      ...a,
      kind: 'sub',
      subAccountId: null,
      apiKeyHint: '',
      connection: 'c',
      tags: [],
      favourite: false,
      webhook: false,
    }) as AccountView,
);

describe('the choices, remembered', () => {
  it('keeps a quick choice as the choice, a typed period as its days, and the scope and tab', async () => {
    const store = memoryStore();
    const { api, calls } = fakeBridge({ 'accounts.list': { ok: true, value: accounts } });
    const first = new ReportsManager(api, store, () => NOW);
    expect(first.period).toEqual({ from: '2026-12-01', to: TODAY });
    expect(first.quick).toBe('month');
    await first.init();
    expect(first.groups).toEqual(['g1', 'g2']);
    first.setScope({ kind: 'group', group: 'g2' });
    first.choose('year');
    first.show('equity');
    // A week later "this year" is still this year, to the new day.
    const later = new ReportsManager(api, store, () => NOW + 7 * 86_400_000);
    expect(later.period).toEqual({ from: '2026-01-01', to: '2026-12-16' });
    expect(later.of).toEqual({ kind: 'group', group: 'g2' });
    expect(later.tab).toBe('equity');
    expect(later.whose).toBe('Group g2');
    later.setPeriod({ from: '2026-03-01', to: '2026-04-30' });
    expect(JSON.parse(store.getItem(REPORTS_KEY) ?? '{}')).toMatchObject({
      from: '2026-03-01',
      to: '2026-04-30',
    });
    // Each read asks for what was chosen.
    const asked = calls.filter(([p]) => p === 'reports.equity').at(-1)?.[1];
    expect(asked).toEqual({ of: { kind: 'group', group: 'g2' }, from: '2026-03-01', to: '2026-04-30' });
  });

  it('falls back to the whole desk when the remembered account is gone, and asks nothing for a wrong period', async () => {
    const store = memoryStore({
      [REPORTS_KEY]: JSON.stringify({ of: { kind: 'account', accountId: 'gone' } }),
    });
    const { api, calls } = fakeBridge({ 'accounts.list': { ok: true, value: accounts } });
    const reports = new ReportsManager(api, store, () => NOW);
    await reports.init();
    expect(reports.of).toEqual({ kind: 'desk' });
    const before = calls.length;
    reports.setPeriod({ from: '2026-05-01', to: '2026-04-01' });
    await reports.load();
    expect(reports.periodProblem).toBe('The first day must not be after the last.');
    expect(calls.slice(before).filter(([p]) => p.startsWith('reports.'))).toEqual([]);
  });
});

describe('answers arriving late', () => {
  it('shows the report of the newest choice, whatever order the answers come back in', async () => {
    const pending: Array<{ input: unknown; answer: (v: unknown) => void }> = [];
    const { api } = fakeBridge((procedure, input) =>
      procedure === 'accounts.list'
        ? { ok: true, value: accounts }
        : procedure === 'reports.activity'
          ? new Promise((answer) => pending.push({ input, answer }))
          : NO_ANSWER,
    );
    const store = memoryStore({ [REPORTS_KEY]: JSON.stringify({ of: { kind: 'desk' }, tab: 'activity' }) });
    const reports = new ReportsManager(api, store, () => NOW);
    const started = reports.init();
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    reports.setScope({ kind: 'account', accountId: 'a2' });
    expect(pending).toHaveLength(2);
    const view = (n: number) => ({
      volume: [],
      funding: [],
      fundingTotals: [{ quote: 'USDT', paid: String(n), received: '0', net: '0', payments: n }],
    });
    pending[1]?.answer({ ok: true, value: view(2) });
    await vi.waitFor(() => expect(reports.loaded.activity?.fundingTotals[0]?.paid).toBe('2'));
    pending[0]?.answer({ ok: true, value: view(1) });
    // the first choice's read ends with this answer: whatever it did with it is done
    await started;
    expect(reports.loaded.activity?.fundingTotals[0]?.paid).toBe('2');
    expect(reports.loading).toBe(false);
  });
});

describe('the tax-lot run', () => {
  it('follows its job’s progress, ignores another job’s, and keeps the outcome', async () => {
    let answer: (v: unknown) => void = () => undefined;
    const { api, emit, listening } = fakeBridge((procedure) =>
      procedure === 'reports.taxLots'
        ? new Promise((resolve) => (answer = resolve))
        : { ok: true, value: true },
    );
    const run = new TaxLotsRun(api);
    const started = run.start({
      of: { kind: 'desk' },
      period: { from: '2026-01-01', to: TODAY },
      whose: 'Whole desk',
      method: 'LIFO',
      feesDeductible: false,
    });
    await Promise.resolve();
    expect(run.running).toBe(true);
    expect(run.cancellable).toBe(false);
    emit('reports.progress', { job: 'j1', deals: 400, total: 1000 });
    emit('reports.progress', { job: 'other', deals: 5, total: 5 });
    expect(run.progress).toEqual({ deals: 400, total: 1000 });
    expect(run.cancellable).toBe(true);
    const view = {
      job: 'j1',
      file: '/tmp/t.csv',
      method: 'LIFO',
      feesDeductible: false,
      disposals: 2,
      lines: 3,
      totals: [],
      unknownCost: 0,
      cancelled: false,
    };
    answer({ ok: true, value: view });
    await started;
    expect(run.running).toBe(false);
    expect(run.result).toEqual(view);
    expect(listening()).toBe(false);
  });
});
