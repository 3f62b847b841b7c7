import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountView,
  MiningRewardView,
  WatcherLinkView,
  WorkerSampleView,
} from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';

let core: TestCore;
const { call, ok } = procedureCalls(() => core);
let main: AccountView;

beforeAll(async () => {
  core = await createTestCore();
  main = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView;
});
afterAll(() => core?.close());

describe('mining procedures', () => {
  it('lists watcher links with their expiry in milliseconds', async () => {
    const links = await ok<WatcherLinkView[]>('mining.watcherLinks', {
      accountId: main.id,
      miningAccount: 'desk-pool',
    });
    expect(links).toHaveLength(1);
    const [link] = links;
    expect(link?.name).toBe('desk-pool dashboard');
    expect(link?.link).toMatch(/^https:\/\//);
    expect(link?.permissions).toEqual(['dashboard', 'workers']);
    // A year after the account was made (30 days ago): about 335 days from now.
    const days = ((link?.liveUntilMs ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(330);
    expect(days).toBeLessThan(336);
    expect(link?.createdAtMs).toBeLessThan(Date.now() - 29 * 86_400_000);
  });

  it('answers an unknown mining account with the exchange’s words', async () => {
    const reply = await call('mining.watcherLinks', { accountId: main.id, miningAccount: 'nope' });
    expect(reply.ok).toBe(false);
    if (!reply.ok) expect(reply.error.message).toMatch(/Mining account not found/);
  });

  it('a poll stores a reading of every mining account and the last days of rewards', async () => {
    expect(await ok<MiningRewardView[]>('mining.rewards', { accountId: main.id })).toEqual([]);
    await ok('mining.pollNow');
    for (const miningAccount of ['desk-pool', 'desk-backup']) {
      const samples = await ok<WorkerSampleView[]>('mining.workerSamples', {
        accountId: main.id,
        miningAccount,
      });
      expect(samples).toHaveLength(1);
    }
    const rewards = await ok<MiningRewardView[]>('mining.rewards', {
      accountId: main.id,
      miningAccount: 'desk-pool',
    });
    expect(rewards.length).toBeGreaterThanOrEqual(3);
    expect(rewards[0]).toMatchObject({ miningAccount: 'desk-pool', fee: expect.any(String) });
    expect(rewards[0]?.reward).toMatch(/^\d+\.\d+$/);
    // Newest first.
    expect((rewards[0]?.time ?? 0) > (rewards[1]?.time ?? 0)).toBe(true);
    // A reading older than the asked hours is left out.
    expect(
      await ok<WorkerSampleView[]>('mining.workerSamples', {
        accountId: main.id,
        miningAccount: 'desk-pool',
        hours: 1,
      }),
    ).toHaveLength(1);
    const bad = await call('mining.workerSamples', {
      accountId: main.id,
      miningAccount: 'desk-pool',
      hours: 0,
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'hours' } });
  });
});
