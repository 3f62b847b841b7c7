import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AccountView,
  AppInfo,
  MiningAlertView,
  NotificationSettings,
  Reply,
} from '../../../main/ipc/contract.ts';
import type { Sandbox } from '../../../main/sandbox/index.ts';
import { createTestCore, procedureCalls, registerAccount, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
const { ok } = procedureCalls(() => core);
let sandbox: Sandbox;
let main: AccountView;
const alerts: MiningAlertView[] = [];
const live = new Set<string>();

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  const sb = core.connection.sandbox;
  if (!sb) throw new Error('no embedded sandbox');
  sandbox = sb;
  main = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView;
  core.events.subscribe((name, payload) => {
    if (name === 'mining.alert') alerts.push(payload as MiningAlertView);
    const state = payload as { accountId: string; state: string };
    if (name === 'ws.state' && state.state === 'live') live.add(state.accountId);
  });
  // Worker counts follow a per-minute schedule; fix them so only the test moves them.
  sandbox.control.setWorkers('desk-pool', { offline: 0, low: 0 });
  sandbox.control.setWorkers('desk-backup', { offline: 0, low: 0 });
  expect(await ok<MiningAlertView[]>('mining.pollNow')).toEqual([]);
});
afterAll(() => core?.close());
beforeEach(() => {
  desktop.notices.length = 0;
  alerts.length = 0;
});

describe('desktop notifications', () => {
  it('starts with every kind on except fills, and the test notice shows', async () => {
    expect(await ok<NotificationSettings>('notifications.settings')).toEqual({
      workersOffline: true,
      workersLow: true,
      deposits: true,
      withdrawals: true,
      fills: false,
      exchangeCancels: false,
      alerts: true,
      deskAttention: true,
      approvals: true,
    });
    await ok('notifications.test');
    expect(desktop.notices).toHaveLength(1);
    expect(desktop.notices[0]?.title).toMatch(/notifications work/);
  });

  it('a worker going offline raises exactly one alert and one notification, not again while it stays offline', async () => {
    sandbox.control.setWorkers('desk-pool', { offline: 1, low: 0 });
    const raised = await ok<MiningAlertView[]>('mining.pollNow');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      account: main.id,
      miningAccount: 'desk-pool',
      kind: 'offline',
      online: 11,
      workers: ['worker_012'],
    });
    expect(alerts).toHaveLength(1);
    expect(desktop.notices).toEqual([
      {
        title: 'Workers offline on desk-pool',
        body: 'Sandbox main: desk-pool: 1 worker went offline (11 online). Quiet now: worker_012.',
      },
    ]);
    // Still one offline on the next readings: nothing new.
    await ok('mining.pollNow');
    await ok('mining.pollNow');
    expect(alerts).toHaveLength(1);
    expect(desktop.notices).toHaveLength(1);
    // The readings are stored for the chart.
    const samples = await ok<Array<{ online: number }>>('mining.workerSamples', {
      accountId: main.id,
      miningAccount: 'desk-pool',
    });
    expect(samples.map((s) => s.online).slice(-4)).toEqual([12, 11, 11, 11]);
  });

  it('with worker notices off, a worker going offline still raises the alert (Events) but no notification; the choice is saved', async () => {
    const settings = await ok<NotificationSettings>('notifications.configure', { workersOffline: false });
    expect(settings.workersOffline).toBe(false);
    expect(settings.deposits).toBe(true);
    const { dataDir } = await ok<AppInfo>('app.info');
    const saved = JSON.parse(
      readFileSync(join(dataDir, 'profiles', 'default', 'notifications.json'), 'utf8'),
    );
    expect(saved).toMatchObject({ workersOffline: false, workersLow: true });

    sandbox.control.setWorkers('desk-pool', { offline: 3, low: 0 });
    expect((await ok<MiningAlertView[]>('mining.pollNow')).map((a) => a.kind)).toEqual(['offline']);
    expect(alerts).toHaveLength(1);
    expect(desktop.notices).toEqual([]);

    // A worker going low is its own kind, still on.
    sandbox.control.setWorkers('desk-pool', { offline: 3, low: 2 });
    await ok('mining.pollNow');
    expect(alerts.map((a) => a.kind)).toEqual(['offline', 'low']);
    expect(desktop.notices).toEqual([
      { title: 'Workers low on desk-pool', body: 'Sandbox main: desk-pool: 2 workers running low.' },
    ]);
    await ok('notifications.configure', { workersOffline: true });
  });

  it('rejects an unknown kind by name', async () => {
    const reply = (await core.router.dispatch(
      'notifications.configure',
      { trades: true },
      { origin: 'test' },
    )) as Reply<unknown>;
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('notifies deposits and withdrawals arriving by webhook, only while their kind is on', async () => {
    const address = `${await ok<string>('webhooks.receiver', { enabled: true })}/webhook`;
    const hook = sandbox.control.webhooks.create('main', address);
    desktop.clipboard = hook.apiSecret;
    await ok('webhooks.configure', { accountId: main.id, apiKey: hook.apiKey });
    await sandbox.control.webhooks.enable('main');

    sandbox.control.deposit('main', 'USDT', '25');
    await sandbox.control.webhooks.flush();
    await expect.poll(() => desktop.notices.length).toBe(1);
    expect(desktop.notices[0]).toEqual({ title: 'Deposit arriving', body: 'Sandbox main: 25 USDT' });

    await ok('notifications.configure', { deposits: false });
    sandbox.control.deposit('main', 'USDT', '26');
    await ok('wallet.withdraw', {
      accountId: main.id,
      ticker: 'USDT',
      amount: '12',
      address: '0x000000000000000000000000000000000000feed',
    });
    await sandbox.control.webhooks.flush();
    await expect.poll(() => desktop.notices.length).toBe(2);
    expect(desktop.notices[1]).toEqual({ title: 'Withdrawal created', body: 'Sandbox main: 12 USDT' });
    await ok('notifications.configure', { deposits: true });
    await ok('webhooks.receiver', { enabled: false });
  });

  it('with fill notices on, an order of a registered account that fills raises one notice', async () => {
    await ok('notifications.configure', { fills: true });
    // The account's stream is subscribed (and live) before the order goes in.
    await expect.poll(() => live.has(main.id), { timeout: 10_000 }).toBe(true);
    await ok('orders.place', {
      accountId: main.id,
      draft: { kind: 'market', market: 'ETH_USDT', side: 'buy', amount: '40' },
    });
    await expect.poll(() => desktop.notices.length, { timeout: 10_000 }).toBe(1);
    expect(desktop.notices[0]?.title).toMatch(/^(Fill|\d+ fills) on Sandbox main$/);
    expect(desktop.notices[0]?.body).toMatch(/^Bought [\d.]+ ETH\/USDT at [\d.]+/);

    // Fills off: the accounts' deals streams (the only subscriptions of this core) are given up at
    // once, so no fill can reach a notice.
    expect(core.live.subscriptionCount()).toBeGreaterThan(0);
    await ok('notifications.configure', { fills: false });
    expect(core.live.subscriptionCount()).toBe(0);
    await ok('orders.place', {
      accountId: main.id,
      draft: { kind: 'market', market: 'ETH_USDT', side: 'sell', amount: '0.001' },
    });
    expect(desktop.notices).toHaveLength(1);
  });

  it('with fill notices on, an account registered meanwhile is followed at once', async () => {
    await ok('notifications.configure', { fills: true });
    const demo = sandbox.accounts.find((a) => a.label === 'main');
    await ok('accounts.remove', { id: main.id });
    const again = await registerAccount(core, 'Sandbox main again', demo);
    // Its deals stream is up within moments of the registration, not at some later poll.
    await expect.poll(() => live.has(again.id), { timeout: 5_000 }).toBe(true);
    await ok('orders.place', {
      accountId: again.id,
      draft: { kind: 'market', market: 'ETH_USDT', side: 'buy', amount: '40' },
    });
    await expect.poll(() => desktop.notices.length, { timeout: 10_000 }).toBe(1);
    expect(desktop.notices[0]?.title).toMatch(/^(Fill|\d+ fills) on Sandbox main again$/);
    await ok('notifications.configure', { fills: false });
  });
});
