import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './support.ts';
import type { Harness } from './support.ts';

const MKT = '/api/v4/order/collateral/market';
const OPEN = '/api/v4/collateral-account/positions/open';
let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 29 });
});
afterAll(async () => {
  await h.sandbox.close();
});

const post = (label: string, path: string, fields: Record<string, unknown> = {}) =>
  h.client(label).post(path, fields);

describe('collateral market orders', () => {
  it('one-way mode ignores positionSide and answers BOTH; reduceOnly cuts to the position', async () => {
    const open = await post('sub-alpha', MKT, {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      positionSide: 'SHORT',
    });
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({
      positionSide: 'BOTH',
      status: 'FILLED',
      dealStock: '0.001',
      reduceOnly: false,
    });
    const pos = await post('sub-alpha', OPEN, { market: 'BTC_PERP' });
    expect(pos.body).toHaveLength(1);
    // as the exchange lists an open position: funding so far and pending, no TP/SL, no hedge flag
    expect(pos.body[0]).toMatchObject({
      amount: '0.001',
      positionSide: 'BOTH',
      funding: '0',
      unrealizedFunding: '0',
      tpsl: null,
    });
    expect(pos.body[0]).not.toHaveProperty('isHedge');
    const sameSide = await post('sub-alpha', MKT, {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      reduceOnly: true,
    });
    expect([sameSide.status, sameSide.body.code]).toEqual([422, 116]);
    const close = await post('sub-alpha', MKT, {
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.005',
      reduceOnly: true,
    });
    expect(close.body).toMatchObject({ amount: '0.001', status: 'FILLED', reduceOnly: true });
    expect((await post('sub-alpha', OPEN, { market: 'BTC_PERP' })).body).toEqual([]);
    const none = await post('sub-alpha', MKT, {
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.001',
      reduceOnly: true,
    });
    expect([none.status, none.body.code]).toEqual([422, 116]);
  });

  it('validates OTO prices and their combination with reduceOnly', async () => {
    const both = await post('sub-alpha', MKT, {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      reduceOnly: true,
      stopLoss: '60000',
    });
    expect([both.status, Object.keys(both.body.errors)]).toEqual([422, ['reduceOnly']]);
    const tick = await post('sub-alpha', MKT, {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      takeProfit: '70000.05',
    });
    expect([tick.status, tick.body.code, Object.keys(tick.body.errors)]).toEqual([422, 33, ['takeProfit']]);
  });

  it('creates OTO legs; the take-profit closes the position and cancels its stop-loss sibling', async () => {
    const o = await post('sub-alpha', MKT, {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      stopLoss: '60000',
      takeProfit: '64500',
    });
    expect(o.body.oto).toEqual({ otoId: expect.any(Number), stopLoss: '60000', takeProfit: '64500' });
    const legs = (await post('sub-alpha', '/api/v4/orders', { market: 'BTC_PERP' })).body as Array<
      Record<string, unknown>
    >;
    expect(legs).toHaveLength(2);
    expect(
      legs.every((l) => l['type'] === 'stop market' && l['reduceOnly'] === true && l['activated'] === 0),
    ).toBe(true);
    // another account lifts the asks above the take-profit
    const sweep = await post('main', MKT, { market: 'BTC_PERP', side: 'buy', amount: '0.07' });
    expect(sweep.status).toBe(200);
    expect((await post('sub-alpha', OPEN, { market: 'BTC_PERP' })).body).toEqual([]);
    expect((await post('sub-alpha', '/api/v4/orders', { market: 'BTC_PERP' })).body).toEqual([]);
    const hist = await post('sub-alpha', '/api/v4/collateral-account/positions/history', {
      market: 'BTC_PERP',
    });
    expect(hist.body.length).toBeGreaterThanOrEqual(2);
    const last = hist.body[0];
    expect(last).toMatchObject({ amount: '0', side: 'BOTH', isHedge: false, liquidationPrice: null });
    expect('positionSide' in last).toBe(false);
    expect(Object.keys(last.orderDetail).sort()).toEqual([
      'fundingFee',
      'id',
      'price',
      'realizedPnl',
      'tradeAmount',
      'tradeFee',
    ]);
  });

  it('hedge mode requires a matching LONG or SHORT side (code 114) and keeps both positions', async () => {
    const on = await post('sub-maker', '/api/v4/collateral-account/hedge-mode/update', { hedgeMode: true });
    expect(on.body).toEqual({ hedgeMode: true });
    expect((await post('sub-maker', '/api/v4/collateral-account/hedge-mode')).body).toEqual({
      hedgeMode: true,
    });
    for (const positionSide of [undefined, 'BOTH', 'SHORT']) {
      const r = await post('sub-maker', MKT, {
        market: 'ETH_PERP',
        side: 'buy',
        amount: '0.01',
        positionSide,
      });
      expect([r.status, r.body.code], String(positionSide)).toEqual([422, 114]);
    }
    const long = await post('sub-maker', MKT, {
      market: 'ETH_PERP',
      side: 'buy',
      amount: '0.01',
      positionSide: 'LONG',
    });
    expect(long.body.positionSide).toBe('LONG');
    const short = await post('sub-maker', MKT, {
      market: 'ETH_PERP',
      side: 'sell',
      amount: '0.02',
      positionSide: 'SHORT',
    });
    expect(short.body.positionSide).toBe('SHORT');
    const pos = (await post('sub-maker', OPEN, { market: 'ETH_PERP' })).body as Array<
      Record<string, unknown>
    >;
    expect(pos.map((p) => [p['positionSide'], p['amount']]).sort()).toEqual([
      ['LONG', '0.01'],
      ['SHORT', '-0.02'],
    ]);
    const off = await post('sub-maker', '/api/v4/collateral-account/hedge-mode/update', { hedgeMode: false });
    expect(off.status).toBe(422);
    const hist = await post('sub-maker', '/api/v4/collateral-account/positions/history', {});
    expect(hist.body.every((r: { isHedge: boolean }) => r.isHedge)).toBe(true);
  });

  it('requires TradFi entitlement for a TradFi market', async () => {
    const denied = await post('main', MKT, { market: 'XAU_PERP', side: 'buy', amount: '0.01' });
    expect(denied.status).toBe(422);
    expect(denied.body.message).toBe('api.tradeErrors.tradFi.restricted');
    const ok = await post('sub-alpha', MKT, { market: 'XAU_PERP', side: 'buy', amount: '0.01' });
    expect(ok.status).toBe(200);
  });

  it('changes leverage within the allowed set, the market cap and the margin', async () => {
    const bad = await post('sub-noretail', '/api/v4/collateral-account/leverage', { leverage: 7 });
    expect([bad.status, bad.body.code, Object.keys(bad.body.errors)]).toEqual([422, 30, ['leverage']]);
    const open = await post('sub-noretail', MKT, { market: 'ETH_PERP', side: 'buy', amount: '0.5' });
    expect(open.status).toBe(200);
    const cap = await post('sub-noretail', '/api/v4/collateral-account/leverage', { leverage: 100 });
    expect([cap.status, Object.keys(cap.body.errors)]).toEqual([422, ['leverage']]);
    const margin = await post('sub-noretail', '/api/v4/collateral-account/leverage', { leverage: 1 });
    expect([margin.status, Object.keys(margin.body.errors)]).toEqual([422, ['leverage']]);
    const ok = await post('sub-noretail', '/api/v4/collateral-account/leverage', { leverage: 20 });
    expect(ok.body).toEqual({ leverage: 20 });
  });

  it('answers the collateral balance by ticker', async () => {
    const r = await post('sub-noretail', '/api/v4/collateral-account/balance', { ticker: 'USDT' });
    expect(Object.keys(r.body)).toEqual(['USDT']);
    expect(Number(r.body.USDT)).toBeLessThan(1000); // fees paid
  });

  it('rejects moving held deposit funds to the collateral balance with code 20', async () => {
    const r = await post('main', '/api/v4/main-account/transfer', {
      from: 'main',
      to: 'collateral',
      ticker: 'USDT',
      amount: '99600',
    });
    expect([r.status, r.body.code, Object.keys(r.body.errors)]).toEqual([422, 20, ['amount']]);
    const ok = await post('main', '/api/v4/main-account/transfer', {
      from: 'main',
      to: 'collateral',
      ticker: 'USDT',
      amount: '100',
    });
    expect(ok.status).toBe(201);
  });
});

describe('collateral history rules', () => {
  it('validates the positions history window', async () => {
    const now = Math.floor(Date.now() / 1000);
    const order = await post('main', '/api/v4/collateral-account/positions/history', {
      startDate: now,
      endDate: now - 10,
    });
    expect(order.status).toBe(422);
    const future = await post('main', '/api/v4/collateral-account/positions/history', {
      endDate: now + 3600,
    });
    expect(future.status).toBe(422);
  });

  it('orders borrow history newest first, ties by asset then sub-second time', async () => {
    const r = await post('main', '/api/v4/collateral-account/borrow-history', {});
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ limit: 100, offset: 0 });
    const recs = r.body.records as Array<{ asset: string; timestamp: number; principal: string }>;
    expect(Object.keys(recs[0] ?? {}).sort()).toEqual([
      'amount',
      'asset',
      'interest',
      'principal',
      'status',
      'timestamp',
    ]);
    const times = recs.map((x) => x.timestamp);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const tieTime = times.find((t, i) => times.indexOf(t) !== i);
    const tie = recs.filter((x) => x.timestamp === tieTime);
    expect(tie.map((x) => x.asset)).toEqual(['BTC', 'BTC', 'USDT']);
    const seeded = h.sandbox.control.positions.borrows.filter(
      (b) => b.timestamp === tieTime && b.asset === 'BTC',
    );
    const newestFirst = [...seeded].sort((a, b) => b.createdAtMs - a.createdAtMs).map((b) => b.principal);
    expect(tie.slice(0, 2).map((x) => x.principal)).toEqual(newestFirst);
    const statuses = new Set(recs.map((x) => (x as unknown as { status: string }).status));
    expect([...statuses].sort()).toEqual(['active', 'liquidated', 'repaid']);
  });

  it('pages borrow history and rejects bad bounds, assets and windows', async () => {
    const path = '/api/v4/collateral-account/borrow-history';
    const page = await post('main', path, { limit: 2, offset: 1 });
    const all = await post('main', path, {});
    expect(page.body.records).toEqual(all.body.records.slice(1, 3));
    expect(
      (await post('main', path, { asset: 'BTC' })).body.records.every(
        (x: { asset: string }) => x.asset === 'BTC',
      ),
    ).toBe(true);
    for (const [fields, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ offset: 10001 }, 'offset'],
      [{ startTime: 100, endTime: 100 }, 'endTime'],
      [{ asset: 'DOGE' }, 'asset'],
    ] as const) {
      const r = await post('main', path, fields);
      expect([r.status, Object.keys(r.body.errors)], JSON.stringify(fields)).toEqual([422, [field]]);
    }
    const blocked = await post('sub-noretail', path, { asset: 'ETH' });
    expect([blocked.status, Object.keys(blocked.body.errors)]).toEqual([422, ['asset']]);
    // a short borrows the base asset; ETH is blocked in this account's region and left out of "all"
    await post('sub-noretail', MKT, { market: 'ETH_PERP', side: 'sell', amount: '0.9' });
    expect(h.sandbox.control.positions.borrows.some((b) => b.asset === 'ETH')).toBe(true);
    const regional = await post('sub-noretail', path, {});
    expect(regional.body.records.length).toBeGreaterThan(0);
    expect(regional.body.records.some((x: { asset: string }) => x.asset === 'ETH')).toBe(false);
    // two heavy records in one window exceed the engine budget; one of them alone does not
    const heavy = await post('sub-alpha', path, {});
    expect(heavy.status).toBe(422);
    const now = Math.floor(Date.now() / 1000);
    const narrow = await post('sub-alpha', path, { startTime: now - 40 * 86_400 - 3600 });
    expect(narrow.status).toBe(200);
  });
});
