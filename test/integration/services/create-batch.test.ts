// "Create N sub-accounts" through the procedures against the embedded sandbox: previewed (names checked
// free), confirmed once, run with progress, and exact in the end however it went: answers lost after the
// exchange applied them, a keychain write failing after the key was made, a stop and a resume. Every
// account is made once, keyed once (its key registered with its secret) and funded once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as admin from '../../../main/exchange/endpoints/sub-account-admin.ts';
import * as apiKeys from '../../../main/exchange/endpoints/sub-account-api-keys.ts';
import * as subAccounts from '../../../main/exchange/endpoints/sub-accounts.ts';
import type { BatchPreviewView, BatchProgressView, BatchView } from '../../../main/ipc/contract.ts';
import { MemorySecretStore } from '../../../main/vault/secret-store.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

/** A keychain whose writes fail while `failing` is above zero (each failure counts it down). */
class FlakyKeychain extends MemorySecretStore {
  failing = 0;
  override async set(keyId: string, secret: string): Promise<void> {
    if (this.failing > 0) {
      this.failing -= 1;
      throw new Error('keychain locked');
    }
    await super.set(keyId, secret);
  }
}

const desktop = scriptedDesktop();
const keychain = new FlakyKeychain();
let core: TestCore;
const { ok, refused } = procedureCalls(() => core);
const progress: BatchProgressView[] = [];

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform, secrets: keychain });
  core.events.subscribe((name, payload) => {
    if (name === 'subaccounts.batchProgress') progress.push(payload as BatchProgressView);
  });
});
afterAll(() => core.close());
beforeEach(() => {
  desktop.confirmAnswer = true;
  desktop.confirmations.length = 0;
  progress.length = 0;
  core.connection.sandbox?.control.setFaults(undefined);
});

const plan = (pattern: string, count: number, extra: Record<string, unknown> = {}) => ({
  pattern,
  start: 1,
  count,
  shareKyc: true,
  permissions: { spotEnabled: true, collateralEnabled: false },
  key: { type: 1, ips: [] },
  funding: { ticker: 'USDT', amount: '2.5' },
  ...extra,
});

async function run(pattern: string, count: number, extra: Record<string, unknown> = {}): Promise<BatchView> {
  const preview = await ok<BatchPreviewView>('subaccounts.previewBatch', plan(pattern, count, extra));
  return ok<BatchView>('subaccounts.runBatch', { previewId: preview.previewId });
}

/**
 * The exchange's truth for the names of a pattern: each sub-account exactly once, exactly one key of
 * the batch, the desk's account signing with that key (its secret in the keychain), funded exactly once.
 */
async function expectExact(prefix: string, count: number, batch: BatchView): Promise<void> {
  const main = await core.accounts.caller(core.accounts.mainAccount('').id);
  const subs = (await admin.page(main, { search: prefix, limit: 100 })).filter((s) =>
    s.alias.startsWith(prefix),
  );
  expect(subs.map((s) => s.alias).sort()).toEqual(batch.accounts.map((a) => a.alias).sort());
  expect(subs).toHaveLength(count);
  for (const sub of subs) {
    const keys = await apiKeys.listKeys(main, { subAccountId: sub.id, limit: 100 });
    expect(keys, sub.alias).toHaveLength(1);
    const account = core.accounts.registry.list().find((a) => a.subAccountId === sub.id);
    expect(account?.apiKey, sub.alias).toBe(keys[0]?.apiKey);
    expect(await keychain.get(account?.id ?? '')).toBeDefined();
    const held = await subAccounts.balances(main, { id: sub.id, ticker: 'USDT' });
    expect(held['USDT']?.[0]?.main, sub.alias).toBe('2.5');
  }
}

describe('create N sub-accounts', () => {
  it('previews the names, refusing one the desk or the exchange has already', async () => {
    await ok('subaccounts.create', {
      key: { type: 1, ips: [] },
      alias: 'pre-003',
      shareKyc: true,
      permissions: { spotEnabled: true, collateralEnabled: true },
    });
    const taken = await refused('subaccounts.previewBatch', plan('pre-{nnn}', 5));
    expect([taken.field, taken.message]).toEqual([
      'pattern',
      'The desk has accounts named "pre-003" already.',
    ]);
    const preview = await ok<BatchPreviewView>('subaccounts.previewBatch', plan('fresh-{nn}', 3));
    expect(preview).toMatchObject({
      count: 3,
      names: ['fresh-01', 'fresh-02', 'fresh-03'],
      funding: { ticker: 'USDT', amount: '2.5', total: '7.5' },
      group: 'fresh',
      requests: 9,
    });
    const pattern = await refused('subaccounts.previewBatch', plan('no-placeholder', 2));
    expect(pattern.field).toBe('pattern');
  });

  it('refuses a name the exchange has though the desk does not, found by the pattern’s fixed part', async () => {
    const main = await core.accounts.caller(core.accounts.mainAccount('').id);
    await admin.create(main, {
      alias: 'ext-002',
      shareKyc: true,
      permissions: { spotEnabled: true, collateralEnabled: false },
    });
    const taken = await refused('subaccounts.previewBatch', plan('ext-{nnn}', 4));
    expect([taken.field, taken.message]).toEqual([
      'pattern',
      'The exchange has sub-accounts named "ext-002" already.',
    ]);
    // Fixed parts on both sides of the number: the longer one is searched for.
    await admin.create(main, {
      alias: 'b-3-team-desk',
      shareKyc: true,
      permissions: { spotEnabled: true, collateralEnabled: false },
    });
    const around = await refused('subaccounts.previewBatch', plan('b-{n}-team-desk', 4));
    expect(around.message).toBe('The exchange has sub-accounts named "b-3-team-desk" already.');
  });

  it('fails, and leaves alone, an account whose name was taken at the exchange after the preview', async () => {
    const main = await core.accounts.caller(core.accounts.mainAccount('').id);
    const preview = await ok<BatchPreviewView>('subaccounts.previewBatch', plan('late-{n}', 3));
    const other = await admin.create(main, {
      alias: 'late-2',
      shareKyc: true,
      permissions: { spotEnabled: true, collateralEnabled: false },
    });
    const batch = await ok<BatchView>('subaccounts.runBatch', { previewId: preview.previewId });
    expect([batch.done, batch.failed]).toEqual([2, 1]);
    const failed = batch.accounts.find((a) => a.alias === 'late-2');
    expect(failed?.stage).toBe('planned');
    expect(failed?.error?.message).toBe(
      'The exchange has a sub-account named "late-2" already, made since the preview: this one was not made.',
    );
    // Not taken over: no key made on it, nothing sent to it, no desk account for it.
    expect(await apiKeys.listKeys(main, { subAccountId: other.id, limit: 100 })).toEqual([]);
    const held = await subAccounts.balances(main, { id: other.id, ticker: 'USDT' });
    expect(held['USDT']?.[0]?.main ?? '0').toBe('0');
    expect(core.accounts.registry.list().some((a) => a.subAccountId === other.id)).toBe(false);
  });

  it('makes nothing when the person declines, and nothing twice from one preview', async () => {
    const preview = await ok<BatchPreviewView>('subaccounts.previewBatch', plan('nope-{n}', 2));
    desktop.confirmAnswer = false;
    expect((await refused('subaccounts.runBatch', { previewId: preview.previewId })).code).toBe(
      'not_confirmed',
    );
    desktop.confirmAnswer = true;
    expect((await refused('subaccounts.runBatch', { previewId: preview.previewId })).code).toBe(
      'preview_stale',
    );
    const main = await core.accounts.caller(core.accounts.mainAccount('').id);
    expect(await admin.page(main, { search: 'nope-' })).toEqual([]);
  });

  it('runs 20 with one question, progress as each ends, and every account exact', async () => {
    const batch = await run('desk-{nnn}', 20);
    expect(desktop.confirmations.map((q) => q.title)).toEqual(['Create 20 sub-accounts?']);
    expect([batch.state, batch.done, batch.failed]).toEqual(['finished', 20, 0]);
    expect(progress.filter((p) => p.account).map((p) => p.account?.stage)).toEqual(Array(20).fill('done'));
    expect(progress.at(-1)).toMatchObject({ running: false, done: 20, total: 20 });
    await expectExact('desk-', 20, batch);
    const log = await core.cache.batches.list({});
    expect(log.find((b) => b.kind === 'sub_accounts')?.children).toHaveLength(20);
  });

  it('is exact when the exchange applies requests and their answers are lost', async () => {
    core.connection.sandbox?.control.setFaults({ dropRate: 0.2, seed: 11 });
    let batch = await run('lossy-{nn}', 12);
    core.connection.sandbox?.control.setFaults(undefined);
    // answers were lost, at the creation of sub-accounts and of keys too
    const lost = (await core.cache.audit.list({ limit: 1000 })).filter(
      (e) => e.errorCode === 'network_error',
    );
    expect(lost.some((e) => e.path.endsWith('/sub-account/create'))).toBe(true);
    expect(lost.some((e) => e.path.endsWith('/api-key/create'))).toBe(true);
    if (batch.done < 12) batch = await ok<BatchView>('subaccounts.resumeBatch', { batchId: batch.batchId });
    expect([batch.done, batch.failed]).toEqual([12, 0]);
    await expectExact('lossy-', 12, batch);
  }, 60_000);

  it('deletes and makes again a key whose secret never reached the keychain', async () => {
    keychain.failing = 2;
    const batch = await run('locked-{n}', 3);
    expect([batch.done, batch.failed]).toEqual([3, 0]);
    await expectExact('locked-', 3, batch);
  }, 30_000);

  it('stops after the accounts under way and goes on where it stopped, after a second question', async () => {
    const preview = await ok<BatchPreviewView>('subaccounts.previewBatch', plan('pause-{nn}', 30));
    const stopped = new Promise<void>((resolve) => {
      const stop = core.events.subscribe((name, payload) => {
        const p = payload as BatchProgressView;
        if (name === 'subaccounts.batchProgress' && p.account) {
          stop();
          void ok('subaccounts.stopBatch', { batchId: p.batchId }).then(() => resolve());
        }
      });
    });
    const first = await ok<BatchView>('subaccounts.runBatch', { previewId: preview.previewId });
    await stopped;
    expect(first.state).toBe('interrupted');
    expect(first.done).toBeLessThan(30);
    const resumed = await ok<BatchView>('subaccounts.resumeBatch', { batchId: first.batchId });
    expect(desktop.confirmations.at(-1)?.title).toBe(
      `Go on with the batch: ${String(30 - first.done)} of 30 sub-accounts left?`,
    );
    expect([resumed.state, resumed.done]).toEqual(['finished', 30]);
    await expectExact('pause-', 30, resumed);
  }, 30_000);
});
