// The sandbox's sub-account API keys as the published examples show them: create (the secret once),
// list (secret blank), delete; each key's IP allow-list (at most 50, addresses and ranges, enforced);
// type 1 keys may not touch deposits or withdrawals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, start, type Harness } from './support.ts';

let h: Harness;
let main: Client;
let subId: string;

beforeAll(async () => {
  h = await start({ seed: 32 });
  main = h.client('main');
  const r = await main.post('/api/v4/sub-account/create', {
    alias: 'keys',
    shareKyc: true,
    permissions: { spotEnabled: true, collateralEnabled: true },
  });
  subId = r.body.id;
});
afterAll(() => h.sandbox.close());

const keyClient = (key: { apiKey: string; apiSecret: string }) =>
  new Client(h.sandbox.rest, { ...key, label: 'keys', kind: 'sub' });

describe('sub-account/api-key/create and list', () => {
  it('answers the key record with its secret once; the list leaves the secret blank', async () => {
    const r = await main.post('/api/v4/sub-account/api-key/create', {
      subAccountId: subId,
      type: 1,
      title: 'Trading Bot Key',
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      subAccountId: subId,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Trading Bot Key',
      isEnabled: true,
      apiKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      apiSecret: expect.stringMatching(/^[0-9a-f]{32}$/),
      type: 1,
      lastActivity: expect.any(Number),
      restrictAccess: false,
      accessEndpoints: [],
    });
    const list = await main.post('/api/v4/sub-account/api-key/list', { subAccountId: subId });
    // the list gives the type as a digit string, as the exchange publishes it
    expect(list.body).toEqual({ limit: 30, offset: 0, data: [{ ...r.body, apiSecret: '', type: '1' }] });
    const works = await keyClient(r.body).post('/api/v4/trade-account/balance', { ticker: 'USDT' });
    expect(works.status).toBe(200);
  });

  it('refuses a missing or unknown type and an unknown sub-account in the validation shape', async () => {
    const noType = await main.post('/api/v4/sub-account/api-key/create', { subAccountId: subId });
    expect([noType.status, noType.body.code, Object.keys(noType.body.errors)]).toEqual([400, 0, ['type']]);
    const badType = await main.post('/api/v4/sub-account/api-key/create', { subAccountId: subId, type: 3 });
    expect(badType.body.errors).toEqual({ type: ['The selected type is invalid.'] });
    const noSub = await main.post('/api/v4/sub-account/api-key/create', { subAccountId: 'x', type: 2 });
    expect(noSub.body.errors).toEqual({ subAccountId: ['Sub-account do not exists'] });
    // the published example's "trade" is taken as type 1
    const word = await main.post('/api/v4/sub-account/api-key/create', {
      subAccountId: subId,
      type: 'trade',
    });
    expect([word.status, word.body.type]).toEqual([201, 1]);
  });

  it('keeps deposits and withdrawals from a type 1 key; a type 2 key reads its deposit address', async () => {
    const info = await main.post('/api/v4/sub-account/api-key/create', { subAccountId: subId, type: 1 });
    const full = await main.post('/api/v4/sub-account/api-key/create', { subAccountId: subId, type: 2 });
    const ask = (key: { apiKey: string; apiSecret: string }) =>
      keyClient(key).post('/api/v4/main-account/address', { ticker: 'BTC' });
    expect((await ask(info.body)).status).toBe(403);
    const own = await ask(full.body);
    expect(own.status).toBe(200);
    const mine = await h.client('main').post('/api/v4/main-account/address', { ticker: 'BTC' });
    expect(own.body.account.address).not.toBe(mine.body.account.address);
  });
});

describe('sub-account/api-key/delete', () => {
  it('deletes the key: it stops at once and leaves the list; an unknown key is a message only', async () => {
    const made = (await main.post('/api/v4/sub-account/api-key/create', { subAccountId: subId, type: 1 }))
      .body;
    expect((await main.post('/api/v4/sub-account/api-key/delete', { apiKeyId: made.id })).body).toEqual({});
    const ids = (
      await main.post('/api/v4/sub-account/api-key/list', { subAccountId: subId, limit: 100 })
    ).body.data.map((k: { id: string }) => k.id);
    expect(ids).not.toContain(made.id);
    expect((await keyClient(made).post('/api/v4/trade-account/balance', {})).status).toBe(401);
    const again = await main.post('/api/v4/sub-account/api-key/delete', { apiKeyId: made.id });
    expect([again.status, again.body]).toEqual([404, { message: 'API key not found' }]);
    const none = await main.post('/api/v4/sub-account/api-key/delete', {});
    expect([none.status, Object.keys(none.body.errors)]).toEqual([400, ['apiKeyId']]);
  });
});

describe('sub-account/api-key/ip-address', () => {
  it('lists, adds (201) and removes addresses and ranges, each answering the list', async () => {
    const key = (await main.post('/api/v4/sub-account/api-key/create', { subAccountId: subId, type: 1 }))
      .body;
    const ip = (path: string, value?: string) =>
      main.post(`/api/v4/sub-account/api-key/ip-address/${path}`, {
        apiKeyId: key.id,
        ...(value ? { ip: value } : {}),
      });
    expect((await ip('list')).body).toEqual({ data: [] });
    const added = await ip('create', '127.10.10.255');
    expect([added.status, added.body]).toEqual([201, { data: ['127.10.10.255'] }]);
    expect((await ip('create', '2001:db8::/32')).body).toEqual({ data: ['127.10.10.255', '2001:db8::/32'] });
    expect((await ip('create', '127.10.10.255')).body.data).toHaveLength(2);
    for (const bad of ['300.1.1.1', '10.0.0.0/33', 'example.com', '1.2.3']) {
      const r = await ip('create', bad);
      expect([bad, r.status, Object.keys(r.body.errors)]).toEqual([bad, 400, ['ip']]);
    }
    expect((await ip('delete', '127.10.10.255')).body).toEqual({ data: ['2001:db8::/32'] });
  });

  it('holds at most 50 addresses per key', async () => {
    const key = (await main.post('/api/v4/sub-account/api-key/create', { subAccountId: subId, type: 1 }))
      .body;
    for (let i = 1; i <= 50; i++) {
      const r = await main.post('/api/v4/sub-account/api-key/ip-address/create', {
        apiKeyId: key.id,
        ip: `10.0.0.${String(i)}`,
      });
      expect(r.status).toBe(201);
    }
    const over = await main.post('/api/v4/sub-account/api-key/ip-address/create', {
      apiKeyId: key.id,
      ip: '10.0.1.1',
    });
    expect([over.status, Object.keys(over.body.errors)]).toEqual([400, ['ip']]);
  });

  it('answers a key with a list only from its addresses', async () => {
    const key = (await main.post('/api/v4/sub-account/api-key/create', { subAccountId: subId, type: 1 }))
      .body;
    const client = keyClient(key);
    const add = (value: string) =>
      main.post('/api/v4/sub-account/api-key/ip-address/create', { apiKeyId: key.id, ip: value });
    await add('198.51.100.7');
    const refused = await client.post('/api/v4/trade-account/balance', {});
    expect([refused.status, refused.body.code]).toEqual([403, 0]);
    await add('127.0.0.0/8');
    expect((await client.post('/api/v4/trade-account/balance', {})).status).toBe(200);
  });
});
