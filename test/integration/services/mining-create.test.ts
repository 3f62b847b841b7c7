/**
 * What a desk makes new at the mining pool, through the real core against its embedded sandbox: a
 * mining account (listed at once; a taken or malformed name refused in words, nothing sent for the
 * malformed one), and a read-only watcher link, made only after main's own question naming the
 * mining account, what the link shows and for how long; a declined question sends nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountView, WatcherLinkView } from '../../../main/ipc/contract.ts';
import type { Sandbox } from '../../../main/sandbox/index.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
const { call, ok, refused } = procedureCalls(() => core);
let sandbox: Sandbox;
let main: AccountView;
const sent: string[] = [];

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  const sb = core.connection.sandbox;
  if (!sb) throw new Error('no embedded sandbox');
  sandbox = sb;
  sandbox.control.watchRequests((r) => {
    if (r.path.endsWith('/create') && r.path.includes('/mining/')) sent.push(r.path);
  });
  main = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView;
});
afterAll(() => core?.close());
beforeEach(() => {
  desktop.confirmAnswer = true;
  desktop.confirmations.length = 0;
  sent.length = 0;
});

const names = async () =>
  (await ok<Array<{ name: string }>>('mining.accounts', { accountId: main.id })).map((m) => m.name);

describe('a new mining account', () => {
  it('is made at the pool and listed with the others', async () => {
    const made = await ok<{ name: string; createdAt: number }>('mining.createAccount', {
      accountId: main.id,
      name: 'desk_pool_2',
    });
    expect(made.name).toBe('desk_pool_2');
    expect(made.createdAt * 1000).toBeGreaterThan(Date.now() - 60_000);
    expect(await names()).toContain('desk_pool_2');
    expect(sent).toEqual(['/api/v4/mining/accounts/create']);
  });

  it('is refused in words when the name is taken, and not sent when it is malformed', async () => {
    const taken = await refused('mining.createAccount', { accountId: main.id, name: 'desk_pool_2' });
    expect(taken.message).toMatch(/taken/i);
    sent.length = 0;
    const bad = await refused('mining.createAccount', { accountId: main.id, name: 'desk pool' });
    expect(bad.message).toBe("The mining account's name may hold only letters, digits and underscores (_).");
    expect(sent).toEqual([]);
  });
});

describe('a new watcher link', () => {
  const link = {
    accounts: ['desk-pool'],
    name: 'investor_view',
    permissions: ['dashboard', 'workers'],
    liveUntil: '7d',
  };

  it('is sent only after main asks, naming what it shows and for how long', async () => {
    const before = await ok<WatcherLinkView[]>('mining.watcherLinks', {
      accountId: main.id,
      miningAccount: 'desk-pool',
    });
    const made = await ok<WatcherLinkView>('mining.createWatcherLink', { accountId: main.id, ...link });
    expect(desktop.confirmations).toHaveLength(1);
    const question = desktop.confirmations[0];
    expect(question?.title).toBe('Make a watcher link to desk-pool?');
    expect(question?.facts).toContainEqual({ label: 'It works', value: 'for 7 days' });
    expect(question?.facts).toContainEqual({
      label: 'It shows',
      value: 'the dashboard (hashrate, workers online), each worker',
    });
    expect(question?.warning).toMatch(/Anyone who has the link/);
    expect(made).toMatchObject({ name: 'investor_view', accounts: ['desk-pool'] });
    expect((made.liveUntilMs ?? 0) - made.createdAtMs).toBe(7 * 86_400_000);
    // the pool lists it with the others
    const after = await ok<WatcherLinkView[]>('mining.watcherLinks', {
      accountId: main.id,
      miningAccount: 'desk-pool',
    });
    expect(after.length).toBe(before.length + 1);
    expect(after.map((l) => l.link)).toContain(made.link);
  });

  it('is not sent when the question is declined', async () => {
    desktop.confirmAnswer = false;
    const reply = await call('mining.createWatcherLink', { accountId: main.id, ...link, name: 'second' });
    expect(reply.ok).toBe(false);
    expect(sent).toEqual([]);
  });

  it('is refused in words past the pool’s three live links of a mining account', async () => {
    // the seeded link and the one above are live: one more is the third, the next is over the limit
    await ok('mining.createWatcherLink', { accountId: main.id, ...link, name: 'third' });
    const over = await refused('mining.createWatcherLink', { accountId: main.id, ...link, name: 'fourth' });
    expect(over.message).toMatch(/limit/i);
  });
});
