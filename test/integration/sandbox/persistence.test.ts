import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { decode, encode } from '../../../main/sandbox/persistence.ts';
import { Client, start } from './support.ts';

const dir = mkdtempSync(join(tmpdir(), 'txc-sandbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sandbox persistence (--data DIR)', () => {
  it('round-trips tagged values', () => {
    const v = { a: 1n, d: new Decimal('0.10'), m: new Map([[1, new Set(['x'])]]), l: [null, 'y'] };
    expect(decode(JSON.parse(JSON.stringify(encode(v))))).toEqual({
      a: 1n,
      d: new Decimal('0.1'),
      m: new Map([[1, new Set(['x'])]]),
      l: [null, 'y'],
    });
  });

  it('keeps orders, balances, keys and nonces across a restart', async () => {
    const first = await start({ seed: 4, dataDir: dir });
    const main = first.client('main');
    const order = await main.post('/api/v4/order/new', {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '50000',
      clientOrderId: 'keep-me',
    });
    expect(order.status).toBe(200);
    const fill = await first.client('sub-maker').post('/api/v4/order/new', {
      market: 'ETH_USDT',
      side: 'buy',
      amount: '0.01',
      price: '3160',
    });
    expect(fill.body.status).toBe('FILLED');
    await main.post('/api/v4/main-account/withdraw-pay', {
      ticker: 'USDT',
      amount: '100',
      address: '0x00000000000000000000000000000000000000ab',
      uniqueId: 'persist-1',
    });
    const oldAlpha = first.account('sub-alpha');
    await main.post('/api/v4/sub-account/api-key/reset', { apiKeyId: oldAlpha.apiKey });
    const newAlpha = first.account('sub-alpha');
    const usedNonce = Date.now() + 50_000;
    expect((await main.post('/api/v4/main-account/balance', {}, { nonce: usedNonce })).status).toBe(200);
    const balanceBefore = (await main.post('/api/v4/trade-account/balance', { ticker: 'USDT' })).body;
    await first.sandbox.close();

    const second = await start({ seed: 4, dataDir: dir });
    try {
      expect(second.account('sub-alpha')).toEqual(newAlpha);
      expect(
        (await new Client(second.sandbox.rest, oldAlpha).post('/api/v4/main-account/balance')).status,
      ).toBe(401);
      const m2 = second.client('main');
      expect((await m2.post('/api/v4/main-account/balance', {}, { nonce: usedNonce })).status).toBe(429);
      const open = await m2.post('/api/v4/orders', { market: 'BTC_USDT' });
      expect(open.body.map((o: { clientOrderId: string }) => o.clientOrderId)).toContain('keep-me');
      const dup = await m2.post('/api/v4/order/new', {
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.001',
        price: '50000',
        clientOrderId: 'keep-me',
      });
      expect(dup.body.code).toBe(36);
      expect((await m2.post('/api/v4/trade-account/balance', { ticker: 'USDT' })).body).toEqual(
        balanceBefore,
      );
      const hist = await m2.post('/api/v4/main-account/history', { unique_id: 'persist-1' });
      expect(hist.body.records).toHaveLength(1);
      const deals = await second
        .client('sub-maker')
        .post('/api/v4/trade-account/executed-history', { market: 'ETH_USDT' });
      expect(deals.body).toHaveLength(1);
      // the resting order still matches after the restart
      const taker = await second.client('sub-maker').post('/api/v4/order/new', {
        market: 'BTC_USDT',
        side: 'sell',
        amount: '0.001',
        price: '50000',
      });
      expect(taker.body.dealStock).not.toBe('0');
    } finally {
      await second.sandbox.close();
    }
  });

  it('refuses a state made with another seed', async () => {
    await expect(start({ seed: 5, dataDir: dir })).rejects.toThrow(/seed/);
  });
});
