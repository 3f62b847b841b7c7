/**
 * Mining account settings over the API: a new mining account, the payout destination and its
 * change, and watcher links (made, listed, capped, expiring), answered and refused as published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Harness } from './support.ts';

let h: Harness;
let nowMs = Date.now() - 7 * 86_400_000;

beforeAll(async () => {
  h = await start({ seed: 29, now: () => nowMs });
});
afterAll(async () => {
  await h.sandbox.close();
});

const post = (path: string, fields: Record<string, unknown>, label = 'main') =>
  h.client(label).post(path, fields);
const refused = (errors: Record<string, string[]>) => [
  400,
  { code: 0, message: 'Validation failed', errors },
];
const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

describe('mining accounts', () => {
  it('creates one with a unique name; it is listed, has no workers yet, and its name is then taken', async () => {
    const made = await post('/api/v4/mining/accounts/create', { name: 'desk_night' });
    expect([made.status, made.body]).toEqual([
      200,
      { data: { name: 'desk_night', createdAt: Math.floor(nowMs / 1000) } },
    ]);
    const list = await post('/api/v4/mining/accounts', { name: 'desk_night' });
    expect(list.body.data).toEqual([{ name: 'desk_night', createdAt: Math.floor(nowMs / 1000) }]);
    const info = await post('/api/v4/mining/miners/info', { account: 'desk_night' });
    expect(info.body.data.workers).toEqual({ online: 0, offline: 0, low: 0 });
    const names = await post('/api/v4/mining/workers/names', { account: 'desk_night' });
    expect(names.body.data.workers).toEqual([]);
    const again = await post('/api/v4/mining/accounts/create', { name: 'desk_night' });
    expect([again.status, again.body]).toEqual(refused({ name: ['The name has already been taken.'] }));
  });

  it('refuses a name that is not letters, digits and underscores, and more accounts than allowed', async () => {
    const bad = await post('/api/v4/mining/accounts/create', { name: 'desk night' });
    expect([bad.status, bad.body]).toEqual(refused({ name: ['The name format is invalid.'] }));
    // the fixture's two and desk_night: seven more reach the cap of ten
    for (let i = 0; i < 7; i++)
      expect((await post('/api/v4/mining/accounts/create', { name: `spare_${String(i)}` })).status).toBe(200);
    const over = await post('/api/v4/mining/accounts/create', { name: 'one_too_many' });
    expect([over.status, over.body]).toEqual(refused({ error: ['miningPool.validation.maxAccounts'] }));
  });
});

describe('payout destination', () => {
  it('is the main balance until changed to an external BTC address, and back', async () => {
    const first = await post('/api/v4/mining/payout-destination', { accountName: 'desk-pool' });
    expect([first.status, first.body]).toEqual([
      200,
      { payoutDestination: 'main_balance', externalAddress: null },
    ]);
    const set = await post('/api/v4/mining/payout-destination/edit', {
      accountName: 'desk-pool',
      destination: 'external_address',
      address: ADDRESS,
    });
    expect(set.body).toEqual({ payoutDestination: 'external_address', externalAddress: ADDRESS });
    expect((await post('/api/v4/mining/payout-destination', { accountName: 'desk-pool' })).body).toEqual(
      set.body,
    );
    // another mining account keeps its own
    expect(
      (await post('/api/v4/mining/payout-destination', { accountName: 'desk-backup' })).body
        .payoutDestination,
    ).toBe('main_balance');
    const back = await post('/api/v4/mining/payout-destination/edit', {
      accountName: 'desk-pool',
      destination: 'main_balance',
    });
    expect(back.body).toEqual({ payoutDestination: 'main_balance', externalAddress: null });
  });

  it.each([
    [{ accountName: 'nope' }, { user: ['Mining account not found.'] }],
    [
      { accountName: 'desk-pool', destination: 'external_address' },
      { address: ['miningPool.validation.payoutDestination.btcAddressRequired'] },
    ],
    [
      { accountName: 'desk-pool', destination: 'external_address', address: `${ADDRESS.slice(0, -1)}x` },
      { address: ['miningPool.validation.payoutDestination.invalidBtcAddress'] },
    ],
    [
      {
        accountName: 'desk-pool',
        destination: 'external_address',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
      },
      { address: ['miningPool.validation.payoutDestination.invalidBtcAddress'] },
    ],
  ])('refuses %j as published', async (fields, errors) => {
    const path =
      'destination' in fields
        ? '/api/v4/mining/payout-destination/edit'
        : '/api/v4/mining/payout-destination';
    const r = await post(path, fields);
    expect([r.status, r.body]).toEqual(refused(errors));
  });
});

describe('watcher links', () => {
  const create = (fields: Record<string, unknown>) =>
    post('/api/v4/mining/watcher-links/create', {
      accounts: ['desk-backup'],
      name: 'night_watch',
      permissions: ['dashboard', 'workers'],
      liveUntil: '1h',
      ...fields,
    });

  it('makes a link that the list shows until it expires, up to three active per account', async () => {
    const made = await create({});
    const now = Math.floor(nowMs / 1000);
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ liveUntil: now + 3600, createdAt: now });
    expect(made.body.data.link).toContain(made.body.data.id);
    const listed = (await post('/api/v4/mining/watcher-links/list', { account: 'desk-backup' })).body.data;
    expect(listed).toHaveLength(2);
    expect(listed[0]).toEqual({
      id: made.body.data.id,
      accounts: ['desk-backup'],
      name: 'night_watch',
      link: made.body.data.link,
      permissions: ['dashboard', 'workers'],
      liveUntil: now + 3600,
      createdAt: now,
    });
    const always = await create({ name: 'forever', liveUntil: 'always' });
    expect(always.body.data.liveUntil).toBeNull();
    const third = await create({ name: 'one_more' });
    expect([third.status, third.body]).toEqual(refused({ user: ['Limit exceeded'] }));
    // an hour on, the first has expired: room for one more
    nowMs += 3_600_000 + 1000;
    const names = (await post('/api/v4/mining/watcher-links/list', { account: 'desk-backup' })).body.data.map(
      (l: { name: string }) => l.name,
    );
    expect(names).not.toContain('night_watch');
    expect(names).toContain('forever');
    expect((await create({ name: 'one_more' })).status).toBe(201);
  });

  it.each([
    [{ accounts: [] }, { accounts: ['The accounts field is required.'] }],
    [{ accounts: ['nope'] }, { user: ['Mining account not found.'] }],
    [{ name: 'night watch' }, { name: ['The name format is invalid.'] }],
    [{ permissions: ['trade'] }, { permissions: ['The selected permissions is invalid.'] }],
    [{ liveUntil: '2d' }, { liveUntil: ['The selected liveUntil is invalid.'] }],
  ])('refuses %j', async (fields, errors) => {
    const r = await create(fields);
    expect([r.status, r.body]).toEqual(refused(errors));
  });
});
