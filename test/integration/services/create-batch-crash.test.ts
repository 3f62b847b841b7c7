// "Create N sub-accounts" with the core in a child process and the real keychain, killed (kill -9)
// just after the exchange applied a funding transfer and before its answer reached the core. A
// transfer leaves while the key before it is still written down as pending (its account is being
// flushed to disk), so the batch started again must find that key kept and that funding made: in
// the end every sub-account is made once, keyed once (the desk signing with that key, its secret in
// the keychain) and funded exactly once.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { BatchJournal } from '../../../main/services/subaccounts/journal.ts';
import { AccountRegistry } from '../../../main/vault/registry.ts';
import { KeytarSecretStore } from '../../../main/vault/secret-store.ts';
import { Client } from '../sandbox/support.ts';
import type { ChildReport, ChildStart } from './batch-core-child.ts';

const COUNT = 24;
const TRANSFER = '/api/v4/sub-account/transfer';
const keychainService = `txc-desk-test-${randomBytes(4).toString('hex')}`;
const keychain = new KeytarSecretStore({ service: keychainService });
const dataDir = mkdtempSync(join(tmpdir(), 'txc-batch-crash-'));
let sandbox: Sandbox;
/** Answers the exchange gave per path, and the one at which the core is killed before it leaves. */
const answered = new Map<string, number>();
let killAt: { path: string; n: number; pid: number } | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 78, simulate: false });
  sandbox.server.on('request', (req, res: ServerResponse) => {
    const path = req.url ?? '';
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      const n = (answered.get(path) ?? 0) + 1;
      answered.set(path, n);
      // The exchange has done it; the core dies before the answer leaves.
      if (killAt?.path === path && killAt.n === n) {
        process.kill(killAt.pid, 'SIGKILL');
        killAt = undefined;
      }
      return end(...args);
    }) as ServerResponse['end'];
  });
});

afterAll(async () => {
  for (const id of await keychain.list()) await keychain.delete(id);
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the core in a child on the shared data folder: its report, or null when it was killed. */
function child(work: ChildStart['work'], killAtTransfer?: number): Promise<ChildReport | null> {
  const proc = fork(new URL('./batch-core-child.ts', import.meta.url).pathname, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (killAtTransfer !== undefined)
    killAt = { path: TRANSFER, n: (answered.get(TRANSFER) ?? 0) + killAtTransfer, pid: proc.pid ?? 0 };
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

describe('a batch killed while a funding transfer is out under its key’s mark', () => {
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
    expect(answered.get(TRANSFER)).toBeGreaterThanOrEqual(10);
    const main = new Client(
      sandbox.rest,
      sandbox.accounts.find((a) => a.kind === 'main') as Sandbox['accounts'][number],
    );
    // The journal left behind: an account funded at the exchange while its key is written down as pending.
    const journal = new BatchJournal(join(dataDir, 'profiles', 'default', 'lifecycle.sqlite'));
    const [cut] = journal.batches();
    const keyPending = journal.steps(cut?.id ?? '').filter((s) => s.pending === 'key');
    journal.close();
    const funded = [];
    for (const step of keyPending) {
      const held = await main.post('/api/v4/sub-account/balances', { id: step.subAccountId, ticker: 'USDT' });
      if (held.body.USDT?.[0]?.main === '3') funded.push(step.alias);
    }
    expect(funded.length, 'funded accounts whose key is written down as pending').toBeGreaterThan(0);

    const report = await child({ resume: true });
    if (!report || 'failed' in report) throw new Error(`the resumed core failed: ${JSON.stringify(report)}`);
    expect(report.questions).toHaveLength(1);
    expect(report.questions[0]).toMatch(/^Go on with the batch: \d+ of 24 sub-accounts left\?$/);
    expect([report.ended.state, report.ended.done, report.ended.failed]).toEqual(['finished', COUNT, 0]);
    // Each account left unsure was funded once: the transfers of the two runs are one per account.
    expect(answered.get(TRANSFER)).toBe(COUNT);

    const subs: Array<{ id: string; alias: string }> = (
      await main.post('/api/v4/sub-account/list', { search: 'crash-', limit: 100 })
    ).body.data;
    expect(subs.map((s) => s.alias).sort()).toEqual(
      Array.from({ length: COUNT }, (_, i) => `crash-${String(i + 1).padStart(2, '0')}`),
    );
    const registry = new AccountRegistry(join(dataDir, 'profiles', 'default', 'accounts.sqlite'), keychain);
    try {
      const desk = registry.list();
      for (const sub of subs) {
        const keys = (await main.post('/api/v4/sub-account/api-key/list', { subAccountId: sub.id })).body
          .data;
        expect(keys, sub.alias).toHaveLength(1);
        const account = desk.find((a) => a.subAccountId === sub.id);
        expect(account?.apiKey, sub.alias).toBe(keys[0].apiKey);
        const { apiKey, secret } = await registry.credentials(account?.id ?? '');
        const own = new Client(sandbox.rest, { label: sub.alias, kind: 'sub', apiKey, apiSecret: secret });
        const held = await own.post('/api/v4/main-account/balance', { ticker: 'USDT' });
        expect([sub.alias, held.status, held.body.USDT.main_balance]).toEqual([sub.alias, 200, '3']);
      }
      expect((await keychain.list()).sort()).toEqual(desk.map((a) => a.id).sort());
    } finally {
      registry.close();
    }
  }, 120_000);
});
