import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, start } from './support.ts';
import type { Harness } from './support.ts';

const NO_PERMISSION = "You don't have permission to use this endpoint.";
let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 11 });
});
afterAll(async () => {
  await h.sandbox.close();
});

describe('sub-account key permissions', () => {
  it('refuses a URL disabled on the sub-account key with 403', async () => {
    const r = await h.client('sub-restricted').post('/api/v4/order/new', { market: 'BTC_USDT' });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(NO_PERMISSION);
    expect((await h.client('sub-restricted').post('/api/v4/main-account/balance')).status).toBe(200);
  });

  it('keeps sub-account management to the main account key', async () => {
    const r = await h.client('sub-alpha').post('/api/v4/sub-account/list');
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(NO_PERMISSION);
  });

  it('edit merges URL settings: listed ones change, unlisted keep their value', async () => {
    const restricted = h.account('sub-restricted');
    const main = h.client('main');
    const r = await main.post('/api/v4/sub-account/api-key/edit', {
      apiKeyId: restricted.apiKey,
      title: 'Desk B',
      urls: [{ url: '/api/v4/main-account/balance', enable: false }],
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    const sub = h.client('sub-restricted');
    expect((await sub.post('/api/v4/main-account/balance')).status).toBe(403);
    // order/new was disabled by the fixture and stays so
    expect((await sub.post('/api/v4/order/new', {})).status).toBe(403);
    await main.post('/api/v4/sub-account/api-key/edit', {
      apiKeyId: restricted.apiKey,
      title: 'Desk B',
      urls: [{ url: '/api/v4/main-account/balance', enable: true }],
    });
    expect((await sub.post('/api/v4/main-account/balance')).status).toBe(200);
  });

  it('validates edit entries', async () => {
    const r = await h.client('main').post('/api/v4/sub-account/api-key/edit', {
      apiKeyId: h.account('sub-alpha').apiKey,
      title: 'x',
      urls: [{ url: '/api/v4/order/new', enable: 'yes' }],
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors)).toEqual(['urls.0.enable']);
  });

  it('reset issues a new pair and the old one stops working at once', async () => {
    const old = h.account('sub-alpha');
    const oldClient = new Client(h.sandbox.rest, old);
    expect((await oldClient.post('/api/v4/main-account/balance')).status).toBe(200);
    const r = await h.client('main').post('/api/v4/sub-account/api-key/reset', { apiKeyId: old.apiKey });
    expect(r.status).toBe(200);
    const fresh = h.account('sub-alpha');
    // the new pair comes in the answer, as the exchange's own client reads it
    expect(r.body).toMatchObject({ apiKey: fresh.apiKey, apiSecret: fresh.apiSecret });
    expect(fresh.apiKey).not.toBe(old.apiKey);
    expect(fresh.apiSecret).not.toBe(old.apiSecret);
    expect((await oldClient.post('/api/v4/main-account/balance')).status).toBe(401);
    expect((await new Client(h.sandbox.rest, fresh).post('/api/v4/main-account/balance')).status).toBe(200);
  });

  it('reset: missing id is a validation error, unknown key a message-only body', async () => {
    const main = h.client('main');
    const missing = await main.post('/api/v4/sub-account/api-key/reset', {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['apiKeyId']);
    const unknown = await main.post('/api/v4/sub-account/api-key/reset', { apiKeyId: 'nope' });
    expect(unknown.status).toBe(404);
    expect(Object.keys(unknown.body)).toEqual(['message']);
    // a main account cannot reset its own key through the sub-account endpoint
    const own = await main.post('/api/v4/sub-account/api-key/reset', { apiKeyId: h.account('main').apiKey });
    expect(Object.keys(own.body)).toEqual(['message']);
  });
});
