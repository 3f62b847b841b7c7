// subaccounts.create100_vs_bare: wall time of "Create 100 sub-accounts" through the app (names checked at the
// exchange and in the registry, the funding against the main balance, confirmed once, every step
// journaled before it is sent, each key's secret stored and the account registered, the batch logged)
// / a bare client making the same dependent chains (create, key, transfer) with the same HTTP client
// and as many at once, against the same sandbox (its own process) in the same run. Goal <= 1.3.
// The secrets go to a store in memory there, so the ratio is the app's own work;
// subaccounts.create100_keychain_vs_bare is the same with the OS keychain, as a desk runs it (each
// round's keychain entries deleted after it, untimed, so every round starts from the same keychain): a
// reference without a goal, printed with the keychain's own time for the same 100 writes.
// Each of the two runs against a sandbox of its own, so neither spends the other's rate-limit budget.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore, type Core } from '../../main/core.ts';
import * as admin from '../../main/exchange/endpoints/sub-account-admin.ts';
import * as apiKeys from '../../main/exchange/endpoints/sub-account-api-keys.ts';
import * as subAccounts from '../../main/exchange/endpoints/sub-accounts.ts';
import type { BatchPreviewView, BatchView, Reply } from '../../main/ipc/contract.ts';
import { headlessPlatform } from '../../main/platform.ts';
import { KeytarSecretStore, MemorySecretStore, type SecretStore } from '../../main/vault/secret-store.ts';
import type { Bench, BenchResult } from './harness.ts';
import { spawnSandbox } from './sandbox-process.ts';
import { keyIdsIn } from '../support/keychain.ts';

const COUNT = 100;
/** Chains at once: as many as the batch works on. */
const IN_FLIGHT = 8;
/**
 * Rounds counted. A round takes 100-200 ms on a machine that other work shares, and one round's figure
 * moves by a third either way when that work comes in bursts: fifteen keep the medians steady.
 */
const ROUNDS = 15;
/** Rounds before them, run alike and not counted. */
const WARM_ROUNDS = 2;
/**
 * Rounds start this far apart. A round (the bare chains and the batch) sends 200 transfers of the main
 * key's budget of 1,000 per 10 s: five rounds inside 10 s left the last batch waiting seconds for the
 * budget that the rounds before it had spent, not for its own work.
 */
const ROUND_EVERY_MS = 2_500;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * Rounds of a bare client's chains and of the app's batch, with a core on `secrets`, against a sandbox
 * of their own (its own rate-limit budgets: 1,000 transfers per 10 s are nearly spent by five rounds).
 */
async function measure(
  secrets: SecretStore,
  afterRound: (kept: ReadonlySet<string>) => Promise<void> = async () => undefined,
): Promise<{ app: number; bare: number; preview: number; run: number; rounds: string }> {
  const sandbox = await spawnSandbox(91);
  const core: Core = await startCore({
    environment: {
      name: 'TXC Desk',
      version: 'bench',
      dataDir: mkdtempSync(join(tmpdir(), 'txc-create-bench-')),
      runtime: 'node',
    },
    log: { log: () => undefined },
    secrets,
    platform: { ...headlessPlatform, confirm: () => Promise.resolve(true) },
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
  });
  try {
    await core.accounts.registerDemoAccounts(sandbox.accounts);
    const demo = new Set(core.accounts.registry.list().map((a) => a.id));
    const main = await core.accounts.caller(core.accounts.mainAccount('').id);
    const call = async <T>(name: string, input: unknown): Promise<T> => {
      const reply = (await core.router.dispatch(name, input, { origin: 'bench' })) as Reply<T>;
      if (!reply.ok) throw new Error(`${name}: ${reply.error.message}`);
      return reply.value;
    };

    const viaApp = async (round: number): Promise<{ preview: number; run: number }> => {
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
      const previewed = performance.now();
      const batch = await call<BatchView>('subaccounts.runBatch', { previewId: preview.previewId });
      const ended = performance.now();
      if (batch.done !== COUNT) throw new Error(`the batch made ${String(batch.done)} of ${String(COUNT)}`);
      return { preview: previewed - start, run: ended - previewed };
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
    const previews: number[] = [];
    const runs: number[] = [];
    const plain: number[] = [];
    // The first WARM_ROUNDS rounds are not counted: the bare client's and the app's code, and the
    // exchange's, compile as they run, and a round was still slower for both after one round.
    for (let round = 1; round <= WARM_ROUNDS + ROUNDS; round++) {
      const began = performance.now();
      // Which goes first alternates: the one that goes second meets what the first left (its garbage to
      // collect, the exchange's work still under way), so neither meets it every round.
      let bareMs = 0;
      let viaAppMs = { preview: 0, run: 0 };
      if (round % 2 === 1) {
        bareMs = await bare(round);
        viaAppMs = await viaApp(round);
      } else {
        viaAppMs = await viaApp(round);
        bareMs = await bare(round);
      }
      const { preview, run } = viaAppMs;
      if (round > WARM_ROUNDS) {
        plain.push(bareMs);
        app.push(preview + run);
        previews.push(preview);
        runs.push(run);
      }
      await afterRound(demo);
      await new Promise((resolve) => setTimeout(resolve, began + ROUND_EVERY_MS - performance.now()));
    }
    return {
      app: median(app),
      bare: median(plain),
      preview: median(previews),
      run: median(runs),
      rounds: app.map((a, i) => `${a.toFixed(0)}/${(plain[i] ?? NaN).toFixed(0)}`).join(', '),
    };
  } finally {
    await core.close();
    await sandbox.stop();
  }
}

/**
 * The OS keychain's own share: 100 secrets of an API key's length written as the batch writes them,
 * `IN_FLIGHT` at once (median of `ROUNDS`, each round's entries deleted after it, untimed).
 */
async function keychainWrites(keychain: SecretStore, empty: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    let next = 0;
    const start = performance.now();
    const lane = async (): Promise<void> => {
      while (next < 100)
        await keychain.set(`floor-${String(round)}-${String(next++)}`, randomBytes(32).toString('hex'));
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
    times.push(performance.now() - start);
    await empty();
  }
  return median(times);
}

function result(
  name: string,
  m: { app: number; bare: number; preview: number; run: number; rounds: string },
  secrets: string,
  goal = 'goal <= 1.3',
): BenchResult {
  return {
    name,
    value: Number((m.app / m.bare).toFixed(3)),
    unit: 'ratio',
    baseline: Number(m.bare.toFixed(1)),
    note: `100 sub-accounts created, keyed and funded: the app's batch (names checked, confirmed once, journaled, secrets stored ${secrets}, accounts registered, logged) ${m.app.toFixed(0)} ms (preview ${m.preview.toFixed(0)} ms, run ${m.run.toFixed(0)} ms) / a bare client's same chains ${m.bare.toFixed(0)} ms (medians of ${String(ROUNDS)} rounds ${String(ROUND_EVERY_MS / 1000)} s apart after ${String(WARM_ROUNDS)} not counted, each going first in turn, ${String(IN_FLIGHT)} chains at once, sandbox in its own process; rounds app/bare ms: ${m.rounds}); ${goal}`,
  };
}

const bench: Bench = {
  name: 'subaccounts',
  async run() {
    // A service of its own: each round's entries deleted after it, every entry at the end.
    const keychain = new KeytarSecretStore({ service: `txc-desk-bench-${randomBytes(4).toString('hex')}` });
    const emptyKeychain = async (kept: ReadonlySet<string> = new Set()) => {
      for (const id of await keyIdsIn(keychain)) if (!kept.has(id)) await keychain.delete(id);
    };
    try {
      const memory = await measure(new MemorySecretStore());
      const keychained = await measure(keychain, emptyKeychain);
      const writes = await keychainWrites(keychain, () => emptyKeychain());
      return [
        result('subaccounts.create100_vs_bare', memory, 'in memory in place of the keychain'),
        result(
          'subaccounts.create100_keychain_vs_bare',
          keychained,
          'in the OS keychain',
          `reference, no goal: the keychain's own 100 writes, ${String(IN_FLIGHT)} at once, take ${writes.toFixed(0)} ms alone here (the bare client stores no secret)`,
        ),
      ];
    } finally {
      await emptyKeychain().catch(() => undefined);
    }
  },
};

export default bench;
