import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './support.ts';
import type { Harness } from './support.ts';

let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 5 });
});
afterAll(async () => {
  await h.sandbox.close();
});

const order = { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '50000' };

function openOrders(): number {
  const id = h.sandbox.control.state.accounts.get('acc-2')?.id ?? '';
  return h.sandbox.control.engine.openOrders(id).length;
}

describe('fault injection', () => {
  it('is off by default', async () => {
    for (let i = 0; i < 20; i++)
      expect((await h.client('sub-alpha').post('/api/v4/main-account/balance')).status).toBe(200);
  });

  it('answers 503 without applying the request', async () => {
    h.sandbox.control.setFaults({ errorRate: 1 });
    const before = openOrders();
    const r = await h.client('sub-alpha').post('/api/v4/order/new', order);
    h.sandbox.control.setFaults(undefined);
    expect(r.status).toBe(503);
    expect(openOrders()).toBe(before);
  });

  it('drops the response after applying the request', async () => {
    h.sandbox.control.setFaults({ dropRate: 1 });
    const before = openOrders();
    await expect(h.client('sub-alpha').post('/api/v4/order/new', order)).rejects.toThrow();
    h.sandbox.control.setFaults(undefined);
    expect(openOrders()).toBe(before + 1);
  });

  it('mixes failures at the requested rate, repeatably per seed', async () => {
    const run = async (): Promise<number[]> => {
      h.sandbox.control.setFaults({ errorRate: 0.5, seed: 9 });
      const out: number[] = [];
      for (let i = 0; i < 30; i++)
        out.push((await h.client('main').post('/api/v4/main-account/balance')).status);
      h.sandbox.control.setFaults(undefined);
      return out;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    expect(a.filter((s) => s === 503).length).toBeGreaterThan(5);
    expect(a.filter((s) => s === 200).length).toBeGreaterThan(5);
  });

  it('still answers correctly with added latency', async () => {
    h.sandbox.control.setFaults({ latencyMs: [5, 20] });
    const r = await h.client('main').post('/api/v4/main-account/balance', { ticker: 'BTC' });
    h.sandbox.control.setFaults(undefined);
    expect(r.body.BTC.main_balance).toBe('2');
  });
});
