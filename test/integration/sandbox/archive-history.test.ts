/**
 * The sandbox's closed-position PnL, funding history and convert history: answers in the published
 * shapes, figures that add up to the position's own history and deals, the published paging and
 * window rules, and the six-month horizon.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restFixture, shapeDiff } from '../../support/published.ts';
import { start, type Harness } from './support.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let h: Harness;
let nowMs = Date.now() - 20 * DAY;

beforeAll(async () => {
  h = await start({ seed: 77, now: () => nowMs, simulate: true });
});
afterAll(async () => {
  await h.sandbox.close();
});

const post = (label: string, path: string, fields: Record<string, unknown> = {}) =>
  h.client(label).post(path, fields);
const posted = (label: string, path: string, fields: Record<string, unknown> = {}) =>
  h.client(label).ok(path, fields);

const MKT = '/api/v4/order/collateral/market';
const CLOSED = '/api/v4/collateral-account/positions/closed-pnl';
const FUNDING = '/api/v4/collateral-account/funding-history';
const CONVERTS = '/api/v4/convert/history';

describe('closed-position PnL and funding', () => {
  it('a long held over two funding periods, then closed: one funding record per period, one closed record whose figures add up', async () => {
    const opened = await posted('sub-alpha', MKT, { market: 'BTC_PERP', side: 'buy', amount: '0.01' });
    nowMs += 8 * HOUR;
    await posted('sub-alpha', '/api/v4/collateral-account/summary');
    nowMs += 8 * HOUR;
    await posted('sub-alpha', '/api/v4/collateral-account/summary');
    const closing = await posted('sub-alpha', MKT, {
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.01',
      reduceOnly: true,
    });

    const funding = await posted('sub-alpha', FUNDING, { market: 'BTC_PERP' });
    expect(shapeDiff(funding, restFixture('funding-history').response)).toEqual([]);
    expect(funding.records).toHaveLength(2);
    // a positive rate: the long pays, so each amount is negative, and it is the position times the mark times the rate
    for (const f of funding.records as Array<Record<string, string>>) {
      expect(new Decimal(f['fundingAmount'] ?? '0').isNeg()).toBe(true);
      expect(
        new Decimal(f['positionAmount'] ?? '0')
          .times(f['settlementPrice'] ?? '0')
          .times(f['fundingRate'] ?? '0')
          .neg()
          .toFixed(),
      ).toBe(f['fundingAmount']);
    }
    expect(Number(funding.records[0].fundingTime)).toBeGreaterThan(Number(funding.records[1].fundingTime));

    const closed = await posted('sub-alpha', CLOSED);
    expect(shapeDiff(closed, restFixture('closed-pnl').response)).toEqual([]);
    expect(closed).toHaveLength(1);
    const record = closed[0] as Record<string, string>;
    // the exchange's own words: grossPnl has the fees deducted, netPnl = grossPnl - totalFunding
    const deals = (await posted('sub-alpha', '/api/v4/trade-account/executed-history', {
      market: 'BTC_PERP',
    })) as Array<Record<string, string | number>>;
    const mine = deals.filter((d) => d['orderId'] === opened.orderId || d['orderId'] === closing.orderId);
    const fees = mine.reduce((s, d) => s.plus(String(d['fee'])), new Decimal(0));
    const bought = mine
      .filter((d) => d['side'] === 'buy')
      .reduce((s, d) => s.plus(String(d['deal'])), new Decimal(0));
    const sold = mine
      .filter((d) => d['side'] === 'sell')
      .reduce((s, d) => s.plus(String(d['deal'])), new Decimal(0));
    expect(record['totalTradeFee']).toBe(fees.toFixed());
    expect(record['grossPnl']).toBe(sold.minus(bought).minus(fees).toFixed());
    const paid = (funding.records as Array<Record<string, string>>).reduce(
      (s, f) => s.minus(f['fundingAmount'] ?? '0'),
      new Decimal(0),
    );
    expect(record['totalFunding']).toBe(paid.toFixed());
    expect(record['netPnl']).toBe(new Decimal(record['grossPnl'] ?? '0').minus(paid).toFixed());
    expect(record).toMatchObject({ market: 'BTC_PERP', closedSize: '0.01', amount: '0', side: 'BOTH' });
  });

  it('pages and windows as published, and refuses what the exchange refuses', async () => {
    expect((await post('sub-alpha', CLOSED, { limit: 101 })).body).toMatchObject({ code: 30 });
    expect((await post('sub-alpha', CLOSED, { offset: 9_990, limit: 20 })).body).toMatchObject({ code: 30 });
    expect((await post('sub-alpha', CLOSED, { startDate: 20, endDate: 10 })).body).toMatchObject({
      code: 30,
    });
    expect(await posted('sub-alpha', CLOSED, { endDate: Math.floor(nowMs / 1000) - 86_400 })).toEqual([]);
    expect((await post('sub-alpha', FUNDING, { market: 'NOPE_PERP' })).body).toMatchObject({ code: 31 });
    expect((await post('sub-alpha', FUNDING, { limit: 0 })).body).toMatchObject({ code: 30 });
    expect((await posted('sub-alpha', FUNDING, { offset: 1, limit: 1 })).records).toHaveLength(1);
  });
});

describe('convert history', () => {
  it('lists each convert newest first within a window of at most 30 days', async () => {
    for (const amount of ['10', '20']) {
      await posted('main', '/api/v4/convert/auto-confirm', { from: 'USDT', to: 'BTC', amount });
      nowMs += 1000;
    }
    const now = Math.floor(nowMs / 1000);
    const page = await posted('main', CONVERTS, { from: String(now - 3600), to: String(now) });
    expect(shapeDiff(page, restFixture('convert-history').response)).toEqual([]);
    expect(page.total).toBe(2);
    expect(page.records.map((r: { give: string }) => r.give)).toEqual(['20', '10']);
    expect(page.records[0].path).toEqual([{ from: 'USDT', to: 'BTC', rate: page.records[0].rate }]);
    const wide = await post('main', CONVERTS, { from: String(now - 31 * 86_400), to: String(now) });
    expect(wide.body).toMatchObject({ code: 30, errors: { from: ['api.validation.dateTime.maxRange'] } });
  });
});

describe('the six-month horizon', () => {
  it('serves no closed position, funding payment or convert older than six months', async () => {
    nowMs += 190 * DAY;
    expect(await posted('sub-alpha', CLOSED)).toEqual([]);
    expect((await posted('sub-alpha', FUNDING)).records).toEqual([]);
    const now = Math.floor(nowMs / 1000);
    const old = await post('main', CONVERTS, {
      from: String(now - 200 * 86_400),
      to: String(now - 190 * 86_400),
    });
    expect(old.body).toMatchObject({ code: 30, errors: { from: ['validation.numeric_field_length'] } });
  });
});
