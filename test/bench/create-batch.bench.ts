// subaccounts.create100_vs_bare: wall time of "Create 100 sub-accounts" through the app (names checked at the
// exchange and in the registry, the funding against the main balance, confirmed once, every step
// journaled before it is sent, each key's secret stored and the account registered, the batch logged)
// / a bare client making the same dependent chains (create, key, transfer) with the same HTTP client
// and as many at once, against the same sandbox (its own process) in the same run. Goal <= 1.3.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore } from '../../main/core.ts';
import * as admin from '../../main/exchange/endpoints/sub-account-admin.ts';
import * as apiKeys from '../../main/exchange/endpoints/sub-account-api-keys.ts';
import * as subAccounts from '../../main/exchange/endpoints/sub-accounts.ts';
import type { BatchPreviewView, BatchView, Reply } from '../../main/ipc/contract.ts';
import { headlessPlatform } from '../../main/platform.ts';
import { MemorySecretStore } from '../../main/vault/secret-store.ts';
import type { Bench } from './harness.ts';
import { spawnSandbox } from './sandbox-process.ts';

const COUNT = 100;
/** Chains at once: as many as the batch works on. */
const IN_FLIGHT = 8;
const ROUNDS = 5;

const bench: Bench = {
  name: 'subaccounts',
  async run() {
    const sandbox = await spawnSandbox(91);
    const core = await startCore({
      environment: {
        name: 'TXC Desk',
        version: 'bench',
        dataDir: mkdtempSync(join(tmpdir(), 'txc-create-bench-')),
        runtime: 'node',
      },
      log: { log: () => undefined },
      secrets: new MemorySecretStore(),
      platform: { ...headlessPlatform, confirm: () => Promise.resolve(true) },
      connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
    });
    try {
      await core.accounts.registerDemoAccounts(sandbox.accounts);
      const main = await core.accounts.caller(core.accounts.mainAccount('').id);
      const call = async <T>(name: string, input: unknown): Promise<T> => {
        const reply = (await core.router.dispatch(name, input, { origin: 'bench' })) as Reply<T>;
        if (!reply.ok) throw new Error(`${name}: ${reply.error.message}`);
        return reply.value;
      };

      const viaApp = async (round: number): Promise<number> => {
        const start = performance.now();
        const preview = await call<BatchPreviewView>('subaccounts.previewBatch', {
          pattern: `app${String(round)}-{nnn}`,
          start: 1,
          count: COUNT,
          shareKyc: true,
          permissions: { spotEnabled: true, collateralEnabled: true },
          key: { type: 1, ips: [] },
          funding: { ticker: 'USDT', amount: '1' },
        });
        const batch = await call<BatchView>('subaccounts.runBatch', { previewId: preview.previewId });
        const ms = performance.now() - start;
        if (batch.done !== COUNT) throw new Error(`the batch made ${String(batch.done)} of ${String(COUNT)}`);
        return ms;
      };

      const bare = async (round: number): Promise<number> => {
        const start = performance.now();
        let next = 0;
        const chain = async (): Promise<void> => {
          for (let i = next++; i < COUNT; i = next++) {
            const sub = await admin.create(main, {
              alias: `bare${String(round)}-${String(i + 1).padStart(3, '0')}`,
              shareKyc: true,
              permissions: { spotEnabled: true, collateralEnabled: true },
            });
            await apiKeys.createKey(main, { subAccountId: sub.id, type: 1 });
            await subAccounts.transfer(main, {
              id: sub.id,
              direction: 'main_to_sub',
              amount: '1',
              ticker: 'USDT',
            });
          }
        };
        await Promise.all(Array.from({ length: IN_FLIGHT }, chain));
        return performance.now() - start;
      };

      const app: number[] = [];
      const plain: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        plain.push(await bare(round));
        app.push(await viaApp(round));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
      const appMs = median(app);
      const bareMs = median(plain);
      return [
        {
          name: 'subaccounts.create100_vs_bare',
          value: Number((appMs / bareMs).toFixed(3)),
          unit: 'ratio',
          baseline: Number(bareMs.toFixed(1)),
          note: `100 sub-accounts created, keyed and funded: the app's batch (names checked, confirmed once, journaled, secrets stored, accounts registered, logged) ${appMs.toFixed(0)} ms / a bare client's same chains ${bareMs.toFixed(0)} ms (median of ${String(ROUNDS)}, ${String(IN_FLIGHT)} chains at once, sandbox in its own process); goal <= 1.3`,
        },
      ];
    } finally {
      await core.close();
      await sandbox.stop();
    }
  },
};

export default bench;
