// The sandbox's sub-account lifecycle as the exchange's published examples show it: create (alias,
// email or shared KYC, permissions), list with paging, edit, block and unblock (its keys stop), delete,
// and the withdrawals waiting for approval; main-account keys only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, start, type Harness } from './support.ts';

let h: Harness;
let main: Client;

beforeAll(async () => {
  h = await start({ seed: 31 });
  main = h.client('main');
});
afterAll(() => h.sandbox.close());

const PERMS = { spotEnabled: true, collateralEnabled: false };

async function create(alias: string, extra: Record<string, unknown> = {}) {
  return main.post('/api/v4/sub-account/create', { alias, shareKyc: true, permissions: PERMS, ...extra });
}

describe('sub-account/create', () => {
  it('answers 201 with the record of the example: masked email, status, color, kyc, permissions', async () => {
    const r = await create('training', { email: 'email@google.com', shareKyc: false });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      alias: 'training',
      userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'e***@g***m',
      status: 'active',
      color: expect.stringMatching(/^#[0-9A-F]{6}$/),
      kyc: { shareKyc: false, kycStatus: expect.any(String) },
      permissions: PERMS,
    });
    const shared = await create('shared-kyc');
    // no address of its own: an empty string (the exchange publishes the e-mail as a string)
    expect([shared.status, shared.body.email, shared.body.kyc]).toEqual([
      201,
      '',
      { shareKyc: true, kycStatus: 'shared' },
    ]);
  });

  it('refuses in the validation shape: alias taken, email missing or invalid, permissions missing', async () => {
    const taken = await create('training');
    expect([taken.status, taken.body.code, taken.body.errors]).toEqual([
      400,
      0,
      { alias: ['Alias already exists.'] },
    ]);
    const noEmail = await main.post('/api/v4/sub-account/create', { alias: 'x1', permissions: PERMS });
    expect(noEmail.body.errors).toEqual({ email: ['The email field is required.'] });
    const bad = await main.post('/api/v4/sub-account/create', {
      alias: 'training',
      email: 'not-an-address',
    });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['alias', 'email', 'permissions']);
    const half = await create('x2', { permissions: { spotEnabled: true } });
    expect(Object.keys(half.body.errors)).toEqual(['permissions.collateralEnabled']);
    const noAlias = await main.post('/api/v4/sub-account/create', { shareKyc: true, permissions: PERMS });
    expect(noAlias.body.errors).toEqual({ alias: ['The alias field is required.'] });
  });

  it('is refused to a sub-account key, as every sub-account management endpoint', async () => {
    const sub = h.client('sub-alpha');
    for (const path of [
      '/api/v4/sub-account/create',
      '/api/v4/sub-account/edit',
      '/api/v4/sub-account/delete',
      '/api/v4/sub-account/block',
      '/api/v4/sub-account/unblock',
      '/api/v4/sub-account/api-key/create',
      '/api/v4/sub-account/api-key/list',
      '/api/v4/sub-account/api-key/delete',
      '/api/v4/sub-account/api-key/ip-address/list',
      '/api/v4/sub-account/api-key/ip-address/create',
      '/api/v4/sub-account/api-key/ip-address/delete',
      '/api/v4/sub-account/withdraw/unconfirmed-list',
    ]) {
      const r = await sub.post(path, { alias: 'sneaky', shareKyc: true, permissions: PERMS });
      expect([path, r.status, r.body.message]).toEqual([
        path,
        403,
        "You don't have permission to use this endpoint.",
      ]);
    }
    const list = await main.post('/api/v4/sub-account/list', { search: 'sneaky' });
    expect(list.body.data).toEqual([]);
  });
});

describe('sub-account/list', () => {
  it('pages 30 by default, up to 100, and finds by search', async () => {
    for (let i = 0; i < 32; i++) expect((await create(`page-${String(i)}`)).status).toBe(201);
    const first = await main.post('/api/v4/sub-account/list');
    expect([first.body.limit, first.body.offset, first.body.data.length]).toEqual([30, 0, 30]);
    const all = await main.post('/api/v4/sub-account/list', { limit: 100 });
    const next = await main.post('/api/v4/sub-account/list', { limit: 100, offset: 30 });
    expect(next.body.data[0]).toEqual(all.body.data[30]);
    const found = await main.post('/api/v4/sub-account/list', { search: 'page-3' });
    expect(found.body.data.map((s: { alias: string }) => s.alias).sort()).toEqual([
      'page-3',
      'page-30',
      'page-31',
    ]);
    const over = await main.post('/api/v4/sub-account/list', { limit: 101 });
    expect([over.status, Object.keys(over.body.errors)]).toEqual([400, ['limit']]);
  });
});

describe('sub-account/edit, block, unblock, delete', () => {
  it('edits the alias and permissions; a taken alias is refused', async () => {
    const { id } = (await create('to-edit')).body;
    const ok = await main.post('/api/v4/sub-account/edit', {
      id,
      alias: 'edited',
      permissions: { spotEnabled: false, collateralEnabled: true },
    });
    expect([ok.status, ok.body]).toEqual([200, {}]);
    const [row] = (await main.post('/api/v4/sub-account/list', { search: 'edited' })).body.data;
    expect([row.alias, row.permissions]).toEqual(['edited', { spotEnabled: false, collateralEnabled: true }]);
    const clash = await main.post('/api/v4/sub-account/edit', { id, alias: 'training', permissions: PERMS });
    expect(clash.body.errors).toEqual({ alias: ['Alias already exists.'] });
    const unknown = await main.post('/api/v4/sub-account/edit', {
      id: 'nope',
      alias: 'x',
      permissions: PERMS,
    });
    expect(unknown.body.errors).toEqual({ id: ['Sub-account do not exists'] });
  });

  it('blocks a sub-account: its key stops at the exchange until it is unblocked', async () => {
    const alpha = h.account('sub-alpha');
    const sub = h.client('sub-alpha');
    expect((await sub.post('/api/v4/trade-account/balance', { ticker: 'USDT' })).status).toBe(200);
    expect((await main.post('/api/v4/sub-account/block', { id: alpha.subAccountId })).body).toEqual({});
    const again = await main.post('/api/v4/sub-account/block', { id: alpha.subAccountId });
    expect(again.body.errors).toEqual({ account: ['Sub-account already blocked'] });
    const [row] = (await main.post('/api/v4/sub-account/list', { search: 'sub-alpha' })).body.data;
    expect(row.status).toBe('blocked');
    const refused = await sub.post('/api/v4/trade-account/balance', { ticker: 'USDT' });
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'This action is unauthorized. Enable your key in API settings',
    ]);
    expect((await main.post('/api/v4/sub-account/unblock', { id: alpha.subAccountId })).status).toBe(200);
    const twice = await main.post('/api/v4/sub-account/unblock', { id: alpha.subAccountId });
    expect(twice.body.errors).toEqual({ account: ['Sub-account already unblocked'] });
    expect((await sub.post('/api/v4/trade-account/balance', { ticker: 'USDT' })).status).toBe(200);
  });

  it('deletes a sub-account: it leaves the list and its keys stop', async () => {
    const { id } = (await create('to-delete')).body;
    const key = await main.post('/api/v4/sub-account/api-key/create', { subAccountId: id, type: 1 });
    const own = new Client(h.sandbox.rest, { ...key.body, label: 'to-delete', kind: 'sub' });
    expect((await own.post('/api/v4/trade-account/balance', {})).status).toBe(200);
    expect((await main.post('/api/v4/sub-account/delete', { id })).body).toEqual({});
    expect((await main.post('/api/v4/sub-account/list', { search: 'to-delete' })).body.data).toEqual([]);
    expect((await own.post('/api/v4/trade-account/balance', {})).status).toBe(401);
    const gone = await main.post('/api/v4/sub-account/delete', { id });
    expect(gone.body.errors).toEqual({ id: ['Sub-account do not exists'] });
    // the alias is free again
    expect((await create('to-delete')).status).toBe(201);
  });

  it('keeps transfers to the trade and collateral balances to what the permissions enable', async () => {
    const { id } = (await create('spot-only')).body;
    const key = (await main.post('/api/v4/sub-account/api-key/create', { subAccountId: id, type: 2 })).body;
    const own = new Client(h.sandbox.rest, { ...key, label: 'spot-only', kind: 'sub' });
    await main.post('/api/v4/sub-account/transfer', {
      id,
      direction: 'main_to_sub',
      amount: '10',
      ticker: 'USDT',
    });
    const move = (to: string) =>
      own.post('/api/v4/main-account/transfer', { from: 'main', to, ticker: 'USDT', amount: '1' });
    expect((await move('spot')).status).toBe(201);
    const refused = await move('collateral');
    expect([refused.status, Object.keys(refused.body.errors)]).toEqual([400, ['to']]);
  });
});

describe('sub-account/withdraw/unconfirmed-list', () => {
  it("lists sub-accounts' withdrawals waiting for the main account, newest first, by sub-account", async () => {
    const empty = await main.post('/api/v4/sub-account/withdraw/unconfirmed-list');
    expect(empty.body).toEqual({ data: [], limit: 100, offset: 0 });
    const first = h.sandbox.control.awaitApproval('sub-maker', 'BTC', '12');
    const second = h.sandbox.control.awaitApproval('sub-noretail', 'USDT', '250.5');
    const all = await main.post('/api/v4/sub-account/withdraw/unconfirmed-list');
    expect(all.body.data.map((w: { id: string }) => w.id).sort()).toEqual([first, second].sort());
    expect(all.body.data.find((w: { id: string }) => w.id === second)).toEqual({
      id: second,
      subAccountId: h.account('sub-noretail').subAccountId,
      currency: 'USDT',
      amount: '250.5',
      createdAt: expect.any(Number),
    });
    const one = await main.post('/api/v4/sub-account/withdraw/unconfirmed-list', {
      subAccountId: h.account('sub-maker').subAccountId,
      limit: 1,
    });
    expect(one.body.data.map((w: { id: string }) => w.id)).toEqual([first]);
  });
});
