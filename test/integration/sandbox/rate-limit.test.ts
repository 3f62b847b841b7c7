import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './support.ts';
import type { Harness } from './support.ts';

let clock = 1_800_000_000_000;
let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 3, now: () => clock });
});
afterAll(async () => {
  await h.sandbox.close();
});

describe('sandbox rate limits', () => {
  it('allows 1000 account-group requests per key per 10 s, then answers 429', async () => {
    const c = h.client('sub-maker');
    const other = h.client('sub-alpha');
    for (let i = 0; i < 1000; i++) {
      const r = await c.post('/api/v4/main-account/balance', { ticker: 'BTC' });
      expect(r.status).toBe(200);
    }
    const over = await c.post('/api/v4/main-account/balance', { ticker: 'BTC' });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // another endpoint of the same group shares the budget; another key has its own
    expect((await c.post('/api/v4/sub-account/list')).status).toBe(403);
    expect((await other.post('/api/v4/main-account/balance')).status).toBe(200);
    // endpoints the Limits table does not list are not limited
    for (const path of [
      '/api/v4/main-account/history',
      '/api/v4/collateral-account/balance',
      '/api/v4/orders',
    ]) {
      expect((await c.post(path)).status, path).toBeLessThan(300);
    }
    clock += 10_000;
    expect((await c.post('/api/v4/main-account/balance')).status).toBe(200);
  });

  it('limits the public collateral markets list to 2000 per 10 s', async () => {
    for (let i = 0; i < 2000; i++) {
      const res = await fetch(`${h.sandbox.rest}/api/v4/public/collateral/markets`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const res = await fetch(`${h.sandbox.rest}/api/v4/public/collateral/markets`);
    expect(res.status).toBe(429);
    const body = (await res.json()) as unknown;
    expect(body).toEqual({ success: false, message: 'Too Many Attempts.', errors: [] });
    clock += 10_000;
    expect((await fetch(`${h.sandbox.rest}/api/v4/public/collateral/markets`)).status).toBe(200);
  });
});
