/**
 * The collateral account per asset (`collateral-account/balance-summary`) and closing a position at
 * market (`collateral-account/position/close`): the close is booked as any close (closed-position
 * PnL, the collateral balance), its take-profit and stop-loss legs end with it, and the refusals are
 * as published.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await start({ seed: 51 });
});
afterAll(() => h.sandbox.close());

const post = (label: string, path: string, fields: Record<string, unknown> = {}) =>
  h.client(label).post(path, fields);
const MKT = '/api/v4/order/collateral/market';
const OPEN = '/api/v4/collateral-account/positions/open';
const SUMMARY = '/api/v4/collateral-account/balance-summary';
const CLOSE = '/api/v4/collateral-account/position/close';
type Row = {
  asset: string;
  balance: string;
  borrow: string;
  availableWithoutBorrow: string;
  availableWithBorrow: string;
};
const usdtRow = async (label: string) =>
  ((await post(label, SUMMARY, { ticker: 'USDT' })).body as Row[])[0] as Row;

describe('collateral-account/balance-summary', () => {
  it('gives each asset its balance, its borrow and what is free without and with borrowing', async () => {
    const all = await post('sub-alpha', SUMMARY);
    expect(all.status).toBe(200);
    const rows = all.body as Row[];
    expect(rows.map((r) => r.asset).sort()).toEqual(['BTC', 'ETH', 'LTC', 'UAH', 'USDT', 'XAU', 'XRP']);
    expect(rows.find((r) => r.asset === 'USDT')).toEqual({
      asset: 'USDT',
      balance: '10000',
      borrow: '0',
      availableWithoutBorrow: '10000',
      availableWithBorrow: '100000',
    });
    // a margin long borrows the quote currency beyond its own margin, and holds that margin
    await post('sub-alpha', MKT, { market: 'BTC_USDT', side: 'buy', amount: '0.01' });
    const [position] = (await post('sub-alpha', OPEN, { market: 'BTC_USDT' })).body as Array<{
      margin: string;
    }>;
    const borrows = (
      await post('sub-alpha', '/api/v4/collateral-account/borrow-history', {
        startTime: Math.floor(Date.now() / 1000) - 60,
      })
    ).body.records as Array<{ asset: string; amount: string }>;
    const row = await usdtRow('sub-alpha');
    expect(row.borrow).toBe(borrows.find((b) => b.asset === 'USDT')?.amount);
    expect(new Decimal(row.borrow).gt(0)).toBe(true);
    const balance = (await post('sub-alpha', '/api/v4/collateral-account/balance', { ticker: 'USDT' })).body
      .USDT;
    expect(row.balance).toBe(new Decimal(balance).toFixed());
    expect(row.availableWithoutBorrow).toBe(
      new Decimal(row.balance)
        .minus(position?.margin ?? '0')
        .toDecimalPlaces(8)
        .toFixed(),
    );
  });

  it('refuses an unknown ticker as published', async () => {
    const r = await post('sub-alpha', SUMMARY, { ticker: 'NOPE' });
    expect([r.status, r.body]).toEqual([
      422,
      { code: 30, message: 'Validation failed', errors: { ticker: ['ticker is invalid.'] } },
    ]);
  });
});

describe('collateral-account/position/close', () => {
  it('closes the whole position at market, books its PnL and ends its take-profit and stop-loss', async () => {
    const opened = await post('sub-noretail', MKT, {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.002',
      takeProfit: '90000',
      stopLoss: '30000',
    });
    expect(opened.status).toBe(200);
    const [p] = (await post('sub-noretail', OPEN, { market: 'BTC_PERP' })).body as Array<{
      positionId: number;
      tpsl: unknown;
    }>;
    expect(p?.tpsl).not.toBeNull();
    const r = await post('sub-noretail', CLOSE, {
      positionId: p?.positionId,
      market: 'BTC_PERP',
      positionSide: 'BOTH',
    });
    expect([r.status, r.body]).toEqual([200, {}]);
    expect((await post('sub-noretail', OPEN, { market: 'BTC_PERP' })).body).toEqual([]);
    // the legs ended with the position
    expect((await post('sub-noretail', '/api/v4/orders', { market: 'BTC_PERP' })).body).toEqual([]);
    const closed = (await post('sub-noretail', '/api/v4/collateral-account/positions/closed-pnl'))
      .body as Array<{
      positionId: number;
    }>;
    expect(closed.map((c) => c.positionId)).toContain(p?.positionId);
    const again = await post('sub-noretail', CLOSE, { positionId: p?.positionId, market: 'BTC_PERP' });
    expect([again.status, again.body.code]).toEqual([422, 104]);
  });

  it("refuses another account's position, a wrong market and a missing id as published", async () => {
    await post('sub-alpha', MKT, { market: 'BTC_PERP', side: 'sell', amount: '0.001' });
    const [theirs] = (await post('sub-alpha', OPEN, { market: 'BTC_PERP' })).body as Array<{
      positionId: number;
    }>;
    const other = await post('sub-noretail', CLOSE, { positionId: theirs?.positionId, market: 'BTC_PERP' });
    expect([other.status, other.body.code]).toEqual([422, 104]);
    const market = await post('sub-alpha', CLOSE, { positionId: theirs?.positionId, market: 'BTC_USDT' });
    expect([market.status, market.body.code]).toEqual([422, 104]);
    const missing = await post('sub-alpha', CLOSE, { market: 'BTC_PERP' });
    expect([missing.status, missing.body.code, Object.keys(missing.body.errors)]).toEqual([
      422,
      30,
      ['positionId'],
    ]);
    expect((await post('sub-alpha', OPEN, { market: 'BTC_PERP' })).body).toHaveLength(1);
  });
});
