import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signPayload, start, toPayload } from './support.ts';
import type { Harness } from './support.ts';

const BALANCE = '/api/v4/main-account/balance';
let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 7 });
});
afterAll(async () => {
  await h.sandbox.close();
});

describe('sandbox authentication', () => {
  it('accepts a correctly signed request', async () => {
    const r = await h.client('main').post(BALANCE, { ticker: 'USDT' });
    expect(r.status).toBe(200);
    expect(r.body.USDT.main_balance).toBe('100000');
  });

  it('answers a bad signature with 401 code 10', async () => {
    const r = await h.client('main').post(BALANCE, {}, { signature: 'ab'.repeat(64) });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 10, message: 'Unauthorized request.' });
  });

  it('takes the signature only as lowercase hex', async () => {
    const body = JSON.stringify({ request: BALANCE, nonce: Date.now() + 200_000 });
    const payload = toPayload(body);
    const upper = signPayload(payload, h.account('main').apiSecret).toUpperCase();
    const r = await h.client('main').post(BALANCE, {}, { rawBody: body, signature: upper });
    expect(r.status).toBe(401);
  });

  it('checks the signature against the secret of the key', async () => {
    const main = h.account('main');
    const other = h.account('sub-alpha');
    const c = new Client(h.sandbox.rest, { ...main, apiSecret: other.apiSecret });
    const r = await c.post(BALANCE);
    expect(r.status).toBe(401);
  });

  it('answers a payload header that does not match the body with 401 Invalid payload', async () => {
    const r = await h.client('main').post(BALANCE, {}, { payload: toPayload('{"request":"x"}') });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Invalid payload');
  });

  it('answers missing auth headers and unknown keys with 401', async () => {
    const c = h.client('main');
    for (const name of ['X-TXC-APIKEY', 'X-TXC-PAYLOAD', 'X-TXC-SIGNATURE']) {
      const r = await c.post(BALANCE, {}, { headers: { [name]: undefined } });
      expect(r.status, name).toBe(401);
    }
    const r = await new Client(h.sandbox.rest, { ...h.account('main'), apiKey: 'f'.repeat(32) }).post(
      BALANCE,
    );
    expect(r.status).toBe(401);
  });

  it('answers a disabled key with 403', async () => {
    const acc = h.account('sub-maker');
    h.sandbox.control.setKeyEnabled(acc.apiKey, false);
    const r = await h.client('sub-maker').post(BALANCE);
    h.sandbox.control.setKeyEnabled(acc.apiKey, true);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('This action is unauthorized. Enable your key in API settings');
    expect((await h.client('sub-maker').post(BALANCE)).status).toBe(200);
  });

  it('requires `request` to equal the called path', async () => {
    const r = await h
      .client('main')
      .post(BALANCE, {}, { request: '/api/v4/main-account/withdrawable-balance' });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe(30);
    expect(Object.keys(r.body.errors)).toEqual(['request']);
  });

  it('answers a missing nonce with Nonce not provided.', async () => {
    const r = await h.client('main').post(BALANCE, {}, { nonce: null });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Nonce not provided.');
  });

  it('answers a nonce not greater than the previous one with the 429 nonce body', async () => {
    const c = h.client('sub-alpha');
    const n = Date.now() + 100_000;
    expect((await c.post(BALANCE, {}, { nonce: n })).status).toBe(200);
    for (const again of [n, n - 1]) {
      const r = await c.post(BALANCE, {}, { nonce: again });
      expect(r.status).toBe(429);
      expect(r.body).toEqual({ code: 0, message: 'Too many requests.', errors: {} });
    }
    expect((await c.post(BALANCE, {}, { nonce: n + 1 })).status).toBe(200);
  });

  it('accepts nonceWindow nonces within 5 s in any order, once each', async () => {
    const c = h.client('sub-restricted');
    const now = Date.now();
    expect((await c.post(BALANCE, {}, { nonce: now, nonceWindow: true })).status).toBe(200);
    expect((await c.post(BALANCE, {}, { nonce: now - 2000, nonceWindow: true })).status).toBe(200);
    const dup = await c.post(BALANCE, {}, { nonce: now, nonceWindow: true });
    expect(dup.status).toBe(429);
    expect(dup.body.message).toBe('Too many requests.');
  });

  it('rejects a nonceWindow nonce more than 5 s off server time', async () => {
    const c = h.client('sub-restricted');
    for (const off of [-8000, 8000]) {
      const r = await c.post(BALANCE, {}, { nonce: Date.now() + off, nonceWindow: true });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('Your nonce is more than 5 seconds lesser than the current nonce');
    }
  });

  it('answers a signed body that is not a JSON object with 422, and an oversized body with 413', async () => {
    const bad = await h.client('main').post(BALANCE, {}, { rawBody: '{"request":' });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ['request']]);
    const list = await h.client('main').post(BALANCE, {}, { rawBody: '[1,2]' });
    expect(list.status).toBe(422);
    const huge = JSON.stringify({ request: BALANCE, nonce: Date.now(), pad: 'x'.repeat(2 << 20) });
    // (a payload header for 2 MB would exceed the HTTP header limit; the size is checked first anyway)
    const r = await h.client('main').post(BALANCE, {}, { rawBody: huge, payload: 'e30=' });
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('Payload too large.');
  });

  it('serves public endpoints without authentication', async () => {
    const res = await fetch(`${h.sandbox.rest}/api/v4/public/markets`);
    expect(res.status).toBe(200);
  });

  it('answers unknown paths with 404', async () => {
    const r = await h.client('main').post('/api/v4/no/such/endpoint');
    expect(r.status).toBe(404);
  });
});
