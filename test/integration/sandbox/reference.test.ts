import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../main/sandbox/index.ts';
import type { SandboxAccount } from '../../../main/sandbox/index.ts';
import { Client, get, start } from './support.ts';
import type { Harness } from './support.ts';

let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 42 });
});
afterAll(async () => {
  await h.sandbox.close();
});

describe('sandbox reference data', () => {
  it('lists markets with precision, limits and steps', async () => {
    const r = await get(h.sandbox.rest, '/api/v4/public/markets');
    expect(r.status).toBe(200);
    const btc = r.body.find((m: { name: string }) => m.name === 'BTC_USDT');
    // precisions are stringified integers, as the exchange answers them
    expect(btc).toMatchObject({
      stockPrec: '6',
      moneyPrec: '2',
      feePrec: '4',
      delistedAt: null,
      minAmount: '0.0001',
      minTotal: '5',
      maxTotal: '0',
      tickSize: '0.1',
      stepSize: '0.0001',
      type: 'spot',
      isTradFiFutures: false,
    });
    const noSteps = r.body.filter(
      (m: { tickSize: string; stepSize: string }) => m.tickSize === '' && m.stepSize === '',
    );
    expect(noSteps.length).toBeGreaterThanOrEqual(1);
    expect(r.body.some((m: { isTradFiFutures: boolean }) => m.isTradFiFutures)).toBe(true);
  });

  it('lists futures with leverage caps, index price, empty mark price without a snapshot', async () => {
    const r = await get(h.sandbox.rest, '/api/v4/public/futures');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const list = r.body.result as Array<Record<string, unknown>>;
    expect(list.some((f) => (f['max_leverage'] as number) < 100)).toBe(true);
    const btc = list.find((f) => f['ticker_id'] === 'BTC_PERP');
    expect(btc?.['index_price']).toBe('64250.5'); // spot last price of BTC_USDT
    const xau = list.find((f) => f['ticker_id'] === 'XAU_PERP');
    expect(xau?.['index_price']).toBe('2410.55'); // no spot market: futures last price
    for (const f of list) {
      expect(f['mark_price']).toBe('');
      expect(typeof f['funding_rate']).toBe('string');
      expect(typeof f['brackets']).toBe('object');
    }
  });

  it('lists collateral markets in their own shape and error shape', async () => {
    const r = await get(h.sandbox.rest, '/api/v4/public/collateral/markets');
    expect(r.body).toEqual({
      success: true,
      message: null,
      result: expect.arrayContaining(['BTC_USDT', 'BTC_PERP']),
    });
    h.sandbox.control.setMarginUnavailable(true);
    const e = await get(h.sandbox.rest, '/api/v4/public/collateral/markets');
    h.sandbox.control.setMarginUnavailable(false);
    expect(e.status).toBeGreaterThanOrEqual(400);
    expect(e.body).toEqual({ success: false, message: 'api.margin.unavailable', errors: [] });
  });

  it('lists assets with networks and deposit/withdraw availability', async () => {
    const r = await get(h.sandbox.rest, '/api/v4/public/assets');
    expect(r.body.USDT).toMatchObject({ can_deposit: true, can_withdraw: true });
    expect(r.body.USDT.networks.default).toBe('ERC20');
  });

  it('is deterministic per seed', async () => {
    const a = await startSandbox({ port: 0, seed: 5 });
    const b = await startSandbox({ port: 0, seed: 5 });
    const c = await startSandbox({ port: 0, seed: 6 });
    try {
      expect(a.accounts).toEqual(b.accounts);
      expect(a.accounts).not.toEqual(c.accounts);
      expect(a.accounts.filter((x) => x.kind === 'sub').length).toBeGreaterThanOrEqual(3);
      expect(a.accounts.filter((x) => x.kind === 'main').length).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('adds extra plain sub-accounts without changing the seeded ones', async () => {
    const plain = await startSandbox({ port: 0, seed: 5, simulate: false });
    const wide = await startSandbox({ port: 0, seed: 5, simulate: false, extraSubAccounts: 300 });
    try {
      expect(wide.accounts).toHaveLength(plain.accounts.length + 300);
      expect(wide.accounts.slice(0, plain.accounts.length)).toEqual(plain.accounts);
      const main = wide.accounts.find((x) => x.kind === 'main') as SandboxAccount;
      // the list pages (100 at most per call), as the exchange's does
      const listed: unknown[] = [];
      for (let offset = 0; offset < wide.accounts.length; offset += 100) {
        const page = await new Client(wide.rest, main).post('/api/v4/sub-account/list', {
          limit: 100,
          offset,
        });
        listed.push(...(page.body.data as unknown[]));
      }
      expect(listed).toHaveLength(wide.accounts.length - 1);
      const last = wide.accounts.at(-1) as SandboxAccount;
      expect(last.label).toBe('sub-300');
      const bal = await new Client(wide.rest, last).post('/api/v4/trade-account/balance', { ticker: 'USDT' });
      expect(bal.body.USDT.available).toBe('100');
    } finally {
      await Promise.all([plain.close(), wide.close()]);
    }
  });
});
