/**
 * The team store goes away in the middle of a session and comes back: this file runs its own
 * PostgreSQL (the run's shared one stays up for the other files) and stops it with pg_ctl.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryView, TeamView } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { procedureCalls } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { sqlAs, startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { createTestRoles } from '../../support/postgres-setup.ts';
import { createTeamDatabase, eventually, startOperatorCore } from '../../support/team.ts';

let pg: TestPostgres;
let sandbox: Sandbox;
let database: string;
type Operator = Awaited<ReturnType<typeof startOperatorCore>>;
let alice: Operator;
let bob: Operator;
const desktop = scriptedDesktop();
const a = procedureCalls(() => alice);
const b = procedureCalls(() => bob);
let accountId = '';

beforeAll(async () => {
  pg = await startPostgres();
  await createTestRoles(pg);
  sandbox = await startSandbox({ port: 0 });
  database = await createTeamDatabase(pg);
  await sqlAs(pg, 'GRANT txc_treasurer TO alice');
  alice = await startOperatorCore({
    info: pg,
    database,
    operator: 'alice',
    sandbox,
    platform: desktop.platform,
  });
  bob = await startOperatorCore({ info: pg, database, operator: 'bob', sandbox });
  await eventually(
    async () => (await a.ok<TeamView>('team.state')).status === 'connected',
    'alice connected',
  );
  const main = sandbox.accounts.find((x) => x.kind === 'main');
  if (!main) throw new Error('no main account');
  desktop.clipboard = main.apiSecret;
  accountId = (
    await a.ok<{ id: string }>('accounts.addFromClipboard', {
      label: 'Main',
      kind: 'main',
      apiKey: main.apiKey,
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await alice?.close();
  await bob?.close();
  await sandbox?.close();
  await pg?.close();
});

/** Alice's own log entries, oldest first. */
async function aliceEntries(): Promise<AuditEntryView[]> {
  const all = await a.ok<AuditEntryView[]>('history.auditLog', { limit: 1000 });
  return all.filter((e) => e.operator === 'alice' && e.origin === undefined).reverse();
}

async function storedIds(): Promise<number[]> {
  const rows = await sqlAs<{ id: string }>(
    pg,
    "SELECT origin_id::text AS id FROM signed_requests WHERE operator = 'alice' ORDER BY origin_id",
    [],
    { database },
  );
  return rows.map((r) => Number(r.id));
}

describe('the team store stopped and started again mid-session', () => {
  it('keeps trading, keeps every signed request locally, and writes each to the store once when it is back', async () => {
    for (let i = 0; i < 3; i++) await a.ok('balances.spot', { accountId });
    await eventually(
      async () => (await storedIds()).length === (await aliceEntries()).length,
      'first entries stored',
    );
    const before = (await aliceEntries()).length;
    expect(before).toBeGreaterThanOrEqual(3);

    await pg.stop();
    const down = await eventually(async () => {
      const state = await a.ok<TeamView>('team.state');
      return state.status === 'unreachable' ? state : undefined;
    }, 'alice sees the store gone');
    expect(down.problem).toMatch(
      /^The (connection to the team server at .* was lost|team server at .* cannot be reached)\.$/,
    );
    // Trading goes on while the store is away; each request is logged on this computer.
    for (let i = 0; i < 5; i++) await a.ok('balances.spot', { accountId });
    expect((await aliceEntries()).length).toBeGreaterThanOrEqual(before + 5);
    // What needs the store waits for it, in words.
    const refused = await a.refused('accounts.rename', { id: accountId, label: 'Renamed offline' });
    expect(refused.message).toMatch(
      /^The desk's accounts are kept on the team server, which is not reachable now: nothing was changed\./,
    );
    // A withdrawal needs a second treasurer, whose approval lives there: it waits, never sent alone.
    const withdrawals: string[] = [];
    const stop = sandbox.control.watchRequests(
      (r) => void (r.path.includes('withdraw') && withdrawals.push(r.path)),
    );
    const waits = await a.refused('wallet.withdraw', {
      accountId,
      ticker: 'USDT',
      amount: '25',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      network: 'ERC20',
    });
    stop();
    expect(waits.message).toBe(
      'A withdrawal from "Main" needs another treasurer\'s approval, and the team server cannot be reached now: it waits until the team desk is back. Nothing was sent.',
    );
    expect(withdrawals).toEqual([]);

    await pg.start();
    await eventually(
      async () => (await a.ok<TeamView>('team.state')).status === 'connected',
      'alice back',
      30_000,
    );
    const local = (await aliceEntries()).map((e) => e.id);
    await eventually(async () => (await storedIds()).length >= local.length, 'every entry sent', 30_000);
    // None lost, none twice: the store holds exactly the local entries, each once.
    expect(await storedIds()).toEqual(local);

    // Bob's log holds alice's entries too, each once, with her name.
    await eventually(async () => {
      const seen = (await b.ok<AuditEntryView[]>('history.auditLog', { operator: 'alice', limit: 1000 }))
        .length;
      return seen === local.length;
    }, "bob has alice's entries");
    const mirrored = await b.ok<AuditEntryView[]>('history.auditLog', { operator: 'alice', limit: 1000 });
    expect(new Set(mirrored.map((e) => e.originId)).size).toBe(local.length);
    // the balance reads, and the withdrawal's read of the account's own fee before its question
    expect([...new Set(mirrored.map((e) => e.path))].sort()).toEqual([
      '/api/v4/main-account/fee',
      '/api/v4/trade-account/balance',
    ]);
    expect(mirrored.every((e) => /^[0-9a-f]{64}$/.test(e.bodyHash ?? ''))).toBe(true);
  });
});
