// "Create N sub-accounts" with the core in a child process and the real keychain, killed (kill -9)
// just after the exchange applied a funding transfer and before its answer reached the core. Nothing
// is written to the journal before a request leaves, so the batch started again finds accounts not
// finished there that the exchange has made, keyed and funded already: it must keep that key and
// that funding. In the end every sub-account is made once, keyed once (the desk signing with that
// key, its secret in the keychain) and funded exactly once.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { BatchJournal } from '../../../main/features/subaccounts/journal.ts';
import { AccountRegistry } from '../../../main/vault/registry.ts';
import { KeytarSecretStore } from '../../../main/vault/secret-store.ts';
import { expectKeyedOnce, killOnAnswer, mainClient, type AnswerKiller } from '../../support/batch-crash.ts';
import type { ChildReport, ChildStart } from './batch-core-child.ts';
import { keyIdsIn } from '../../support/keychain.ts';

const COUNT = 24;
const TRANSFER = '/api/v4/sub-account/transfer';
const keychainService = `txc-desk-test-${randomBytes(4).toString('hex')}`;
const keychain = new KeytarSecretStore({ service: keychainService });
const dataDir = mkdtempSync(join(tmpdir(), 'txc-batch-crash-'));
let sandbox: Sandbox;
let exchange: AnswerKiller;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 78, simulate: false });
  exchange = killOnAnswer(sandbox);
});

afterAll(async () => {
  for (const id of await keyIdsIn(keychain)) await keychain.delete(id);
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the core in a child on the shared data folder: its report, or null when it was killed. */
function child(work: ChildStart['work'], killAtTransfer?: number): Promise<ChildReport | null> {
  const proc = fork(new URL('./batch-core-child.ts', import.meta.url).pathname, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (killAtTransfer !== undefined) exchange.killAt(TRANSFER, killAtTransfer, proc.pid ?? 0);
  let report: ChildReport | null = null;
  proc.on('message', (m: ChildReport) => (report = m));
  const start: ChildStart = {
    rest: sandbox.rest,
    ws: sandbox.ws,
    dataDir,
    keychainService,
    accounts: sandbox.accounts,
    work,
  };
  proc.send(start);
  return new Promise((resolve) => proc.once('exit', () => resolve(report)));
}

describe('a batch killed just after the exchange applied a funding transfer', () => {
  it('goes on to every account made, keyed and funded exactly once', async () => {
    const plan = {
      pattern: 'crash-{nn}',
      start: 1,
      count: COUNT,
      shareKyc: true,
      permissions: { spotEnabled: true, collateralEnabled: true },
      key: { type: 1, ips: [] },
      funding: { ticker: 'USDT', amount: '3' },
    };
    // Killed once the exchange made the 10th transfer, with accounts under way on every side of it.
    expect(await child({ run: plan }, 10)).toBeNull();
    expect(exchange.answered(TRANSFER)).toBeGreaterThanOrEqual(10);
    // The journal left behind: accounts not finished (nothing is written before a request leaves), one
    // of them made, keyed and funded at the exchange already.
    const journal = new BatchJournal(join(dataDir, 'profiles', 'default', 'lifecycle.sqlite'));
    const [cut] = journal.batches();
    const notFinished = journal.steps(cut?.id ?? '').filter((s) => s.stage === 'planned');
    journal.close();
    const main = mainClient(sandbox);
    const listed: Array<{ id: string; alias: string }> = (
      await main.post('/api/v4/sub-account/list', { search: 'crash-', limit: 100 })
    ).body.data;
    const funded = [];
    for (const step of notFinished) {
      const id = listed.find((s) => s.alias === step.alias)?.id;
      if (!id) continue;
      const held = await main.post('/api/v4/sub-account/balances', { id, ticker: 'USDT' });
      const keys = await main.post('/api/v4/sub-account/api-key/list', { subAccountId: id });
      if (held.body.USDT?.[0]?.main === '3' && keys.body.data.length === 1) funded.push(step.alias);
    }
    expect(funded.length, 'accounts made, keyed and funded, not finished in the journal').toBeGreaterThan(0);

    const report = await child({ resume: true });
    if (!report || 'failed' in report) throw new Error(`the resumed core failed: ${JSON.stringify(report)}`);
    expect(report.questions).toHaveLength(1);
    expect(report.questions[0]).toMatch(/^Go on with the batch: \d+ of 24 sub-accounts left\?$/);
    expect([report.ended.state, report.ended.done, report.ended.failed]).toEqual(['finished', COUNT, 0]);
    // Each account left unsure was funded once: the transfers of the two runs are one per account.
    expect(exchange.answered(TRANSFER)).toBe(COUNT);
    const registry = new AccountRegistry(join(dataDir, 'profiles', 'default', 'accounts.sqlite'), keychain);
    try {
      await expectKeyedOnce({
        sandbox,
        registry,
        keychain,
        prefix: 'crash-',
        aliases: Array.from({ length: COUNT }, (_, i) => `crash-${String(i + 1).padStart(2, '0')}`),
        funded: '3',
      });
    } finally {
      registry.close();
    }
  }, 120_000);
});
