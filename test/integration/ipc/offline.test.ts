import { afterAll, describe, expect, it } from 'vitest';
import type { DealPageView, SyncFinished, SyncStateView } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { HORIZON_S } from '../../../main/sync/deals.ts';
import { createTestCore, procedureCalls, registerAccount, type TestCore } from '../../support/core.ts';

let core: TestCore | undefined;
const { ok } = procedureCalls(() => {
  if (!core) throw new Error('no core');
  return core;
});
let exchange: Sandbox | undefined;
afterAll(async () => {
  await core?.close();
  await exchange?.close();
});

describe('offline', () => {
  it(
    'reads the cache while the exchange is unreachable and resumes the sync when it returns',
    { timeout: 60_000 },
    async () => {
      exchange = await startSandbox({ port: 0, seed: 42 });
      const port = Number(new URL(exchange.rest).port);
      const demo = exchange.accounts.find((a) => a.label === 'main');
      core = await createTestCore({
        connection: { kind: 'live', restUrl: exchange.rest, wsUrl: exchange.ws },
        syncRetry: { firstMs: 100, capMs: 400 },
      });
      const account = await registerAccount(core, 'Live main', demo);
      const finished: SyncFinished[] = [];
      core.events.subscribe((name, payload) => {
        if (name === 'sync.finished') finished.push(payload as SyncFinished);
      });

      await exchange.close();
      exchange = undefined;
      await ok('sync.start', { accountIds: [account.id] });
      // Reads are retried with back-off (1 + 2 + 4 s) before the sync gives up for now.
      await expect.poll(() => finished.length, { timeout: 20_000 }).toBeGreaterThan(0);
      expect(finished[0]).toMatchObject({
        outcome: 'failed',
        message: expect.stringMatching(/Could not reach the exchange/),
      });
      // Offline reads answer from the cache, with how far it reaches and where only the archive holds deals.
      const before = Math.floor(Date.now() / 1000) - HORIZON_S;
      const page = await ok<DealPageView>('history.deals', { filter: { accounts: [account.id] } });
      expect(page).toEqual({ rows: [], next: null, archiveSince: expect.any(Number) });
      expect(page.archiveSince).toBeGreaterThanOrEqual(before);
      expect(page.archiveSince).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) - HORIZON_S);
      const offline = await ok<SyncStateView[]>('sync.status');
      expect(offline.find((s) => s.account === account.id)?.syncedUntil ?? null).toBeNull();

      exchange = await startSandbox({ port, seed: 42 });
      await expect.poll(() => finished.at(-1)?.outcome, { timeout: 30_000 }).toBe('done');
      const online = await ok<SyncStateView[]>('sync.status');
      expect(online.find((s) => s.account === account.id)?.syncedUntil).toBeGreaterThan(0);
    },
  );
});
