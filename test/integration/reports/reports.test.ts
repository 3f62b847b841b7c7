/**
 * Every report through the router of a real core, on a small desk's history (`desk-history.ts`), each
 * figure computed a second way here: by hand from the deals, with decimal.js, as a desk's accountant
 * would check it.
 */
import { Decimal } from 'decimal.js';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ActivityReportView,
  EquityReportView,
  ExposureReportView,
  PnlReportView,
  PositionsReportView,
  TaxLotsView,
} from '../../../main/ipc/contract.ts';
import type { Platform } from '../../../main/platform.ts';
import { headlessPlatform } from '../../../main/platform.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { D1, D2, H, writeDesk, type Desk } from './desk-history.ts';

let core: TestCore;
let desk: Desk;
const { ok } = procedureCalls(() => core);
const out = mkdtempSync(join(tmpdir(), 'txc-reports-'));
let saveAs = '';
const platform: Platform = { ...headlessPlatform, chooseFileToSave: () => Promise.resolve(saveAs) };

beforeAll(async () => {
  core = await createTestCore({ platform });
  desk = await writeDesk(core);
}, 60_000);
afterAll(async () => {
  await core?.close();
});

/** Enough digits for every share the ledger takes (decimal.js keeps 20 by default). */
const Dec = Decimal.clone({ precision: 60 });
const D = (x: Decimal.Value) => new Dec(x);
/** Rounded as the ledger rounds a share of a cost: half away from zero at 18 decimals. */
const at18 = (x: Decimal) => x.toDecimalPlaces(18, Decimal.ROUND_HALF_UP);
const plain = (x: Decimal) => x.toFixed();
const query = (of: object, from = '2026-03-01', to = '2026-04-30') => ({ of, from, to });

describe('realized PnL by account, market and day', () => {
  it("adds up A's average cost, B's positions and C's sale with no known cost, fees and funding apart", async () => {
    const report = await ok<PnlReportView>('reports.pnl', query({ kind: 'desk' }));
    // A: 0.5 BTC at 30,000, its 0.0005 BTC fee leaving at cost (30), then 0.5 at 31,000 (+31 USDT fee)
    const held = D('0.9995');
    const cost = D(30000).minus(30).plus(31000);
    const soldD2 = at18(cost.times('0.6').div(held));
    const aD2 = D(37800).minus(soldD2);
    const aD3 = D(24369.5).minus(cost.minus(soldD2));
    // B: long 0.1 closed +100; short 0.2 closed by a buy of 0.3 (+400), the rest long 0.1 liquidated at 50,000 (-900)
    const bD2 = D(100);
    const bD3 = D(400).minus(900);
    const byDay = Object.fromEntries(report.byDay.map((r) => [r.day, r]));
    expect(byDay['2026-03-02']).toMatchObject({
      realized: '0',
      fees: plain(D(30).plus(31).plus(3)),
      funding: '-0.6',
    });
    expect(byDay['2026-03-03']).toMatchObject({
      realized: plain(aD2.plus(bD2)),
      fees: plain(D('37.8').plus('3.05').plus('6.1')),
      funding: '0.2',
    });
    expect(byDay['2026-04-10']).toMatchObject({
      realized: plain(aD3.plus(bD3)),
      fees: plain(D('24.3695').plus('8.85').plus(3)),
    });
    // A ends flat: its realized is sales less purchases, and net is that less the fees paid in USDT
    const a = report.byAccount.find((r) => r.account === desk.a);
    expect(a).toMatchObject({
      realized: '1199.5',
      fees: '123.1695',
      net: plain(D(62169.5).minus(61000).minus('93.1695')),
    });
    const b = report.byAccount.find((r) => r.account === desk.b);
    expect(b).toMatchObject({ realized: '-400', fees: '21', funding: '-0.4', net: '-421.4' });
    const c = report.byMarket.find((r) => r.market === 'ETH_USDT');
    expect(c).toMatchObject({ realized: '0', fees: '3', unmatched: '1', net: '-3' });
    const total = report.totals.find((t) => t.quote === 'USDT');
    expect(total).toMatchObject({
      deals: 9,
      realized: '799.5',
      fees: '147.1695',
      funding: '-0.4',
      net: plain(D('799.5').minus('147.1695').minus('0.4')),
    });
    expect(report.pendingSeries).toBe(0);
  });

  it('reads one account, or a group, alone', async () => {
    const one = await ok<PnlReportView>('reports.pnl', query({ kind: 'account', accountId: desk.c }));
    expect(one.totals).toEqual([expect.objectContaining({ deals: 1, net: '-3' })]);
    const group = await ok<PnlReportView>('reports.pnl', query({ kind: 'group', group: 'g1' }));
    expect(group.byAccount.map((r) => r.account).sort()).toEqual([desk.b, desk.c].sort());
    const march = await ok<PnlReportView>('reports.pnl', query({ kind: 'desk' }, '2026-03-01', '2026-03-31'));
    expect(march.byDay.map((d) => d.day)).toEqual(['2026-03-02', '2026-03-03']);
  });
});

describe('volume, fees and funding by market and month', () => {
  it('sums each month of each market, fees as charged and valued', async () => {
    const report = await ok<ActivityReportView>('reports.activity', query({ kind: 'desk' }));
    const row = (market: string, month: string) =>
      report.volume.find((r) => r.market === market && r.month === month);
    expect(row('BTC_USDT', '2026-03')).toMatchObject({
      deals: 3,
      bought: '1',
      sold: '0.6',
      boughtValue: '61000',
      soldValue: '37800',
      volume: '98800',
      feesQuote: '68.8',
      feesBase: '0.0005',
      feesValue: '98.8',
    });
    expect(row('BTC_USDT', '2026-04')).toMatchObject({
      deals: 1,
      sold: '0.3995',
      volume: '24369.5',
      feesValue: '24.3695',
    });
    expect(row('BTC_PERP', '2026-03')).toMatchObject({ deals: 3, volume: '24300', feesValue: '12.15' });
    expect(report.funding).toEqual([
      {
        account: desk.b,
        market: 'BTC_PERP',
        month: '2026-03',
        quote: 'USDT',
        payments: 2,
        paid: '0.6',
        received: '0.2',
        net: '-0.4',
      },
    ]);
    expect(report.fundingTotals).toEqual([
      { quote: 'USDT', paid: '0.6', received: '0.2', net: '-0.4', payments: 2 },
    ]);
  });
});

describe("closed positions beside the exchange's own PnL, and their win/loss", () => {
  it('shows the one that differs first, with the difference, and counts wins and losses', async () => {
    const report = await ok<PositionsReportView>('reports.positions', query({ kind: 'desk' }));
    expect(report.compared).toBe(3);
    expect(report.differing).toBe(1);
    expect(report.positions[0]).toMatchObject({
      positionId: 3,
      exchangeGross: '-903',
      appGross: plain(D(-900).minus('2.95')),
      difference: '-0.05',
    });
    const byId = Object.fromEntries(report.positions.map((p) => [p.positionId, p]));
    expect(byId[1]).toMatchObject({
      exchangeGross: '93.95',
      appGross: '93.95',
      difference: '0',
      exchangeNet: '93.55',
    });
    expect(byId[2]).toMatchObject({
      exchangeGross: '388',
      appGross: plain(D(400).minus('6.1').minus('5.9')),
      difference: '0',
    });
    const [usdt] = report.winLoss;
    expect(usdt).toMatchObject({
      positions: 3,
      wins: 2,
      losses: 1,
      wonTotal: '481.55',
      lostTotal: '-903',
      largestLoss: '-903',
    });
    expect(usdt?.winRate).toBeCloseTo(2 / 3, 10);
    expect(usdt?.profitFactor).toBe(plain(D('481.55').div(903).toDecimalPlaces(18, Decimal.ROUND_DOWN)));
  });
});

describe('equity and balance history', () => {
  it("carries each account's last reading on, sums them, and marks the deposit and the transfer", async () => {
    const report = await ok<EquityReportView>(
      'reports.equity',
      query({ kind: 'desk' }, '2026-03-02', '2026-03-03'),
    );
    expect(report.bucketS).toBe(3600);
    const at = (t: number) => report.equity.find((p) => p.time === t);
    expect(at(D1)).toEqual({ time: D1, equity: '1000', accounts: 1 });
    expect(at(D1 + 11 * H)?.equity).toBe('1000');
    expect(at(D1 + 12 * H)).toEqual({ time: D1 + 12 * H, equity: '1500', accounts: 2 });
    expect(at(D2)?.equity).toBe('1600');
    expect(report.markers).toEqual([
      { time: D1 + 23 * H, account: desk.a, kind: 'deposit', ticker: 'USDT', amount: '100' },
      { time: D2 + H, account: desk.b, kind: 'transfer-in', ticker: 'USDT', amount: '50' },
      { time: D2 + H, account: desk.a, kind: 'transfer-out', ticker: 'USDT', amount: '50' },
    ]);
    const usdt = (t: number) => report.balances.find((p) => p.asset === 'USDT' && p.time === t)?.amount;
    expect([usdt(D1), usdt(D1 + 12 * H), usdt(D2)]).toEqual(['500', '1000', '1100']);
    const bOnly = await ok<EquityReportView>(
      'reports.equity',
      query({ kind: 'account', accountId: desk.b }, '2026-03-02', '2026-03-03'),
    );
    expect(bOnly.markers.map((m) => m.kind)).toEqual(['transfer-in']);
  });
});

describe('exposure and concentration by asset', () => {
  it('values holdings and open positions at the last prices, with shares and the largest holder', async () => {
    const report = await ok<ExposureReportView>('reports.exposure', query({ kind: 'desk' }));
    const btc = report.assets.find((x) => x.asset === 'BTC');
    // A holds 0.5 BTC, B is short 0.2 on the perpetual: net 0.3 at the mark 61,000
    expect(btc).toMatchObject({
      holdings: '0.5',
      positions: '-0.2',
      net: '0.3',
      price: '61000',
      priceFrom: 'mark',
      value: '18300',
      topAccount: desk.a,
    });
    const usdt = report.assets.find((x) => x.asset === 'USDT');
    expect(usdt).toMatchObject({ holdings: '1100', value: '1100', priceFrom: 'stable' });
    expect(report.grossValue).toBe('19400');
    const shares = [18300 / 19400, 1100 / 19400];
    expect(btc?.share).toBeCloseTo(shares[0] as number, 5);
    expect(report.concentration).toBeCloseTo((shares[0] as number) ** 2 + (shares[1] as number) ** 2, 3);
    // Each account at its size, long or short: A 0.5 BTC and 600 USDT, B short 0.2 BTC and 500 USDT;
    // their shares are of the two together, so they add up to the whole.
    const a = D('0.5').times(61000).plus(600);
    const b = D('0.2').times(61000).plus(500);
    expect(report.byAccount.map((x) => [x.account, x.value])).toEqual([
      [desk.a, plain(a)],
      [desk.b, plain(b)],
    ]);
    expect(report.byAccount[0]?.share).toBeCloseTo(a.div(a.plus(b)).toNumber(), 5);
    expect(report.byAccount.reduce((t, x) => t + (x.share ?? 0), 0)).toBeCloseTo(1, 5);
  });
});

describe('the tax-lot report', () => {
  const lines = (file: string) =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(','));

  it('FIFO, fees deductible: each disposal against the oldest lots, cost and proceeds to the unit', async () => {
    saveAs = join(out, 'fifo.csv');
    const view = await ok<TaxLotsView>('reports.taxLots', {
      query: query({ kind: 'desk' }),
      method: 'FIFO',
      feesDeductible: true,
    });
    const rows = lines(saveAs).map((r) => [
      r[0] === desk.a ? 'A' : r[0] === desk.c ? 'C' : r[0],
      r[1],
      r[4],
      r[5]?.slice(0, 10),
      r[8],
      r[9],
      r[10],
    ]);
    // lot 1: 0.4995 BTC for 30,000 (its BTC fee in the cost); lot 2: 0.5 BTC for 31,031
    const p1 = D('37762.2');
    const part1 = at18(p1.times('0.4995').div('0.6'));
    const cost2a = at18(D(31031).times('0.1005').div('0.5'));
    expect(rows).toEqual([
      ['A', 'BTC', '0.4995', '2026-03-02', '30000', plain(part1), plain(part1.minus(30000))],
      [
        'A',
        'BTC',
        '0.1005',
        '2026-03-02',
        plain(cost2a),
        plain(p1.minus(part1)),
        plain(p1.minus(part1).minus(cost2a)),
      ],
      [
        'A',
        'BTC',
        '0.3995',
        '2026-03-02',
        plain(D(31031).minus(cost2a)),
        '24345.1305',
        plain(D('24345.1305').minus(D(31031).minus(cost2a))),
      ],
      ['C', 'ETH', '1', 'unknown', '', '2997', ''],
    ]);
    // the whole of A: proceeds less costs is its net PnL
    expect(view).toMatchObject({ disposals: 3, lines: 4, unknownCost: 1, cancelled: false });
    expect(view.totals).toEqual([
      {
        quote: 'USDT',
        proceeds: '62107.3305',
        cost: '61031',
        gain: '1076.3305',
        shortTerm: '1076.3305',
        longTerm: '0',
      },
    ]);
  });

  it('LIFO, fees not deductible: the newest lots first, fees out of cost and proceeds', async () => {
    saveAs = join(out, 'lifo.csv');
    const view = await ok<TaxLotsView>('reports.taxLots', {
      query: query({ kind: 'account', accountId: desk.a }),
      method: 'LIFO',
      feesDeductible: false,
    });
    // lot 1: 0.4995 BTC costing 30,000 x 0.4995 / 0.5; lot 2: 0.5 BTC for 31,000
    const lot1 = at18(D(30000).times('0.4995').div('0.5'));
    const take1 = at18(lot1.times('0.1').div('0.4995'));
    const rows = lines(saveAs).map((r) => [r[4], r[8], r[9]]);
    expect(rows).toEqual([
      ['0.5', '31000', '31500'],
      ['0.1', plain(take1), '6300'],
      ['0.3995', plain(lot1.minus(take1)), '24369.5'],
    ]);
    expect(view.totals[0]).toMatchObject({ proceeds: '62169.5', cost: plain(D(31000).plus(lot1)) });
  });

  it('writes every report as CSV', async () => {
    saveAs = join(out, 'pnl.csv');
    const pnl = await ok<{ file: string; rows: number }>('reports.exportCsv', {
      report: 'pnl',
      query: query({ kind: 'desk' }),
    });
    const csv = lines(pnl.file);
    // one line per day, account and market; funding on its market's line
    expect(csv).toContainEqual([
      '2026-03-02',
      desk.b,
      'BTC_PERP',
      'USDT',
      '1',
      '6000',
      '0',
      '3',
      '-0.6',
      '-3.6',
    ]);
    expect(pnl.rows).toBe(csv.length);
    for (const report of ['activity', 'funding', 'positions', 'equity', 'balances', 'markers', 'exposure']) {
      saveAs = join(out, `${report}.csv`);
      const result = await ok<{ file: string; rows: number }>('reports.exportCsv', {
        report,
        query: query({ kind: 'desk' }),
      });
      expect(result.rows, report).toBeGreaterThan(0);
      expect(lines(result.file), report).toHaveLength(result.rows);
    }
  });
});
