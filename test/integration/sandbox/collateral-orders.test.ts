/**
 * The collateral order endpoints beyond the market order (`order/collateral/limit`, `/stop-limit`,
 * `/trigger-market`, `/oco`): each field refused as the exchange refuses it, hedge mode and
 * reduce-only, resting orders filled into positions, triggers, and OCO legs canceling each other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './support.ts';
import type { Harness } from './support.ts';

const LIMIT = '/api/v4/order/collateral/limit';
const STOP_LIMIT = '/api/v4/order/collateral/stop-limit';
const TRIGGER = '/api/v4/order/collateral/trigger-market';
const OCO = '/api/v4/order/collateral/oco';
const MKT = '/api/v4/order/collateral/market';
const OPEN = '/api/v4/collateral-account/positions/open';
const ORDERS = '/api/v4/orders';
const CANCEL = '/api/v4/order/cancel';
const HEDGE = '/api/v4/collateral-account/hedge-mode/update';
const MARKET = 'BTC_PERP';
/** The fixture's starting price of BTC_PERP (tick 0.1, step 0.0001, min total 5). */
const START = 64260;

let h: Harness;
beforeAll(async () => {
  h = await start({ seed: 32 });
});
afterAll(async () => {
  await h.sandbox.close();
});

const post = (label: string, path: string, fields: Record<string, unknown> = {}) =>
  h.client(label).post(path, fields);
const base = { market: MARKET, side: 'buy', amount: '0.001' };
const valid: Record<string, Record<string, unknown>> = {
  [LIMIT]: { ...base, price: '60000' },
  [STOP_LIMIT]: { ...base, price: '70000', activation_price: '69000' },
  [TRIGGER]: { ...base, activation_price: '69000' },
  [OCO]: { ...base, side: 'sell', price: '69000', activation_price: '60000', stop_limit_price: '59900' },
};
const status = (id: number) => h.sandbox.control.engine.orders.get(id)?.status;
const cancelAll = async (label: string) => {
  const open = (await post(label, ORDERS, { market: MARKET })).body as Array<{ orderId: number }>;
  for (const o of open) await post(label, CANCEL, { market: MARKET, orderId: o.orderId });
};

describe.each(Object.keys(valid))('%s', (path) => {
  it('takes a valid order and answers the Order, resting and waiting', async () => {
    const r = await post('sub-alpha', path, { ...valid[path], clientOrderId: 'conf-1' });
    expect(r.status).toBe(200);
    const order = path === OCO ? r.body.take_profit : r.body;
    expect(order).toMatchObject({ market: MARKET, positionSide: 'BOTH', left: '0.001' });
    // the OCO answer names reduceOnly once, for the pair
    expect(path === OCO ? r.body.reduceOnly : order.reduceOnly).toBe(false);
    if (path === OCO) {
      expect(r.body.id).toBe(r.body.take_profit.orderId);
      expect(r.body.stop_loss).toMatchObject({
        type: 'stop limit',
        price: '59900',
        activation_price: '60000',
        activation_condition: 'lte',
        activated: 0,
      });
    }
    await cancelAll('sub-alpha');
  });

  const fields = Object.keys(valid[path] as object);
  it.each(fields)('refuses a missing %s', async (field) => {
    const { [field]: _gone, ...rest } = valid[path] as Record<string, unknown>;
    const r = await post('sub-alpha', path, rest);
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual([field]);
  });

  it('refuses prices off the tick (code 33) and amounts off the step (code 32), and a bad side or position side', async () => {
    const priced = fields.filter((f) => f.includes('price'));
    for (const field of priced) {
      const r = await post('sub-alpha', path, { ...valid[path], [field]: '60000.05' });
      expect([r.status, r.body.code, Object.keys(r.body.errors)]).toEqual([422, 33, [field]]);
    }
    const step = await post('sub-alpha', path, { ...valid[path], amount: '0.00015' });
    expect([step.body.code, Object.keys(step.body.errors)]).toEqual([32, ['amount']]);
    const bad = await post('sub-alpha', path, { ...valid[path], side: 'long' });
    expect(Object.keys(bad.body.errors)).toEqual(['side']);
    const ps = await post('sub-alpha', path, { ...valid[path], positionSide: 'UP' });
    expect(Object.keys(ps.body.errors)).toEqual(['positionSide']);
    const spot = await post('sub-alpha', path, { ...valid[path], market: 'BTC_USDT_X' });
    expect(Object.keys(spot.body.errors)).toEqual(['market']);
  });

  it('refuses reduce-only with no position (code 116)', async () => {
    const r = await post('sub-alpha', path, { ...valid[path], reduceOnly: true });
    expect([r.status, r.body.code]).toEqual([422, 116]);
  });

  it('in hedge mode wants the position side the order opens (code 114)', async () => {
    expect((await post('sub-noretail', HEDGE, { hedgeMode: true })).status).toBe(200);
    const without = await post('sub-noretail', path, valid[path]);
    expect([without.status, without.body.code]).toEqual([422, 114]);
    const both = await post('sub-noretail', path, { ...valid[path], positionSide: 'BOTH' });
    expect(both.body.code).toBe(114);
    const opens = (valid[path] as { side: string }).side === 'buy' ? 'LONG' : 'SHORT';
    const ok = await post('sub-noretail', path, { ...valid[path], positionSide: opens });
    expect(ok.status).toBe(200);
    await cancelAll('sub-noretail');
    expect((await post('sub-noretail', HEDGE, { hedgeMode: false })).status).toBe(200);
  });
});

describe('resting collateral orders, triggers and links', () => {
  const position = async (label: string) =>
    ((await post(label, OPEN, { market: MARKET })).body as Array<{ amount: string }>)[0]?.amount;

  it('a resting limit bid fills when the market comes down to it and opens the position', async () => {
    const bid = await post('sub-alpha', LIMIT, { ...base, amount: '0.002', price: String(START - 500) });
    expect(bid.body).toMatchObject({ type: 'limit', left: '0.002', dealStock: '0' });
    expect(await position('sub-alpha')).toBeUndefined();
    h.sandbox.control.setPrice(MARKET, String(START - 1000));
    expect(status(bid.body.orderId)).toBe('FILLED');
    expect(await position('sub-alpha')).toBe('0.002');
    await post('sub-alpha', MKT, { ...base, side: 'sell', amount: '0.002', reduceOnly: true });
    h.sandbox.control.setPrice(MARKET, String(START));
  });

  it('a stop-limit and a trigger-market wait for their price, then execute', async () => {
    const stop = await post('sub-alpha', STOP_LIMIT, {
      ...base,
      activation_price: String(START + 1000),
      price: String(START + 3000),
    });
    const trigger = await post('sub-alpha', TRIGGER, { ...base, activation_price: String(START + 1000) });
    expect(trigger.body).not.toHaveProperty('price');
    // waiting: the active orders say so (activated 0)
    const open = (await post('sub-alpha', ORDERS, { market: MARKET })).body as Array<Record<string, unknown>>;
    expect(open.map((o) => [o['orderId'], o['activated'], o['activationCondition']])).toEqual([
      [trigger.body.orderId, 0, 'gte'],
      [stop.body.orderId, 0, 'gte'],
    ]);
    h.sandbox.control.setPrice(MARKET, String(START + 1500));
    expect([status(stop.body.orderId), status(trigger.body.orderId)]).toEqual(['FILLED', 'FILLED']);
    expect(await position('sub-alpha')).toBe('0.002');
    await post('sub-alpha', MKT, { ...base, side: 'sell', amount: '0.002', reduceOnly: true });
    h.sandbox.control.setPrice(MARKET, String(START));
  });

  it('an OCO whose limit leg fills cancels its stop leg', async () => {
    await post('sub-alpha', MKT, { ...base, amount: '0.002' });
    const oco = await post('sub-alpha', OCO, {
      ...valid[OCO],
      amount: '0.002',
      price: String(START + 800),
      activation_price: String(START - 800),
      stop_limit_price: String(START - 900),
      reduceOnly: true,
    });
    expect(oco.status).toBe(200);
    h.sandbox.control.setPrice(MARKET, String(START + 1200));
    expect([status(oco.body.take_profit.orderId), status(oco.body.stop_loss.orderId)]).toEqual([
      'FILLED',
      'CANCELED',
    ]);
    expect(await position('sub-alpha')).toBeUndefined();
    h.sandbox.control.setPrice(MARKET, String(START));
  });

  it('an OCO whose stop leg triggers cancels its limit leg; canceling one leg cancels the other', async () => {
    await post('sub-alpha', MKT, { ...base, amount: '0.002' });
    const oco = await post('sub-alpha', OCO, {
      ...valid[OCO],
      amount: '0.002',
      price: String(START + 800),
      activation_price: String(START - 800),
      stop_limit_price: String(START - 2000),
    });
    h.sandbox.control.setPrice(MARKET, String(START - 1000));
    expect([status(oco.body.stop_loss.orderId), status(oco.body.take_profit.orderId)]).toEqual([
      'FILLED',
      'CANCELED',
    ]);
    expect(await position('sub-alpha')).toBeUndefined();
    h.sandbox.control.setPrice(MARKET, String(START));
    const next = await post('sub-alpha', OCO, valid[OCO]);
    await post('sub-alpha', CANCEL, { market: MARKET, orderId: next.body.take_profit.orderId });
    expect(status(next.body.stop_loss.orderId)).toBe('CANCELED');
    expect((await post('sub-alpha', ORDERS, { market: MARKET })).body).toEqual([]);
  });

  it('a limit order with OTO legs places them once it executed', async () => {
    const bid = await post('sub-alpha', LIMIT, {
      ...base,
      price: String(START - 500),
      stopLoss: String(START - 3000),
      takeProfit: String(START + 3000),
    });
    expect(bid.body.oto).toEqual({
      otoId: bid.body.orderId,
      stopLoss: String(START - 3000),
      takeProfit: String(START + 3000),
    });
    const otoLegs = () =>
      [...h.sandbox.control.engine.orders.values()].filter((o) => o.otoId === bid.body.orderId);
    expect(otoLegs()).toEqual([]);
    h.sandbox.control.setPrice(MARKET, String(START - 1000));
    expect(otoLegs().map((o) => [o.tpsl, o.side, o.open])).toEqual([
      ['take_profit', 'sell', true],
      ['stop_loss', 'sell', true],
    ]);
    const [open] = (await post('sub-alpha', OPEN, { market: MARKET })).body as Array<{ tpsl: unknown }>;
    expect(open?.tpsl).toMatchObject({ takeProfit: String(START + 3000), stopLoss: String(START - 3000) });
    await post('sub-alpha', MKT, { ...base, side: 'sell', reduceOnly: true });
    h.sandbox.control.setPrice(MARKET, String(START));
    expect(otoLegs().every((o) => !o.open)).toBe(true);
  });

  it('resting orders hold margin: an order beyond what is left is refused (code 10)', async () => {
    // sub-noretail holds 1,000 USDT of collateral
    const first = await post('sub-noretail', LIMIT, { ...base, amount: '0.12', price: '60000' });
    expect(first.status).toBe(200);
    const second = await post('sub-noretail', LIMIT, { ...base, amount: '0.12', price: '60000' });
    expect([second.status, second.body.code]).toEqual([422, 10]);
    await cancelAll('sub-noretail');
  });

  it('modifies a resting collateral limit order over REST, keeping it an OCO leg', async () => {
    const oco = await post('sub-alpha', OCO, valid[OCO]);
    const changed = await post('sub-alpha', '/api/v4/order/modify', {
      market: MARKET,
      orderId: oco.body.take_profit.orderId,
      price: '69500',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ price: '69500', positionSide: 'BOTH' });
    expect(status(oco.body.stop_loss.orderId)).toBeUndefined();
    await post('sub-alpha', CANCEL, { market: MARKET, orderId: changed.body.orderId });
    expect(status(oco.body.stop_loss.orderId)).toBe('CANCELED');
  });
});

describe('links across a restart', () => {
  it('an OCO pair and a waiting OTO order keep their links when the sandbox starts again from its data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'txc-collateral-'));
    try {
      const first = await start({ seed: 33, dataDir: dir });
      const c1 = first.client('sub-alpha');
      const oco = await c1.post(OCO, valid[OCO]);
      const bid = await c1.post(LIMIT, {
        ...base,
        price: String(START - 500),
        stopLoss: String(START - 3000),
      });
      expect([oco.status, bid.status]).toEqual([200, 200]);
      await first.sandbox.close();
      const second = await start({ seed: 33, dataDir: dir });
      try {
        const c2 = second.client('sub-alpha');
        const engine = second.sandbox.control.engine;
        await c2.post(CANCEL, { market: MARKET, orderId: oco.body.stop_loss.orderId });
        expect(engine.orders.get(oco.body.take_profit.orderId)?.status).toBe('CANCELED');
        second.sandbox.control.setPrice(MARKET, String(START - 1000));
        const legs = [...engine.orders.values()].filter((o) => o.otoId === bid.body.orderId);
        expect(legs.map((o) => [o.tpsl, o.open])).toEqual([['stop_loss', true]]);
      } finally {
        await second.sandbox.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
