/**
 * An operator killed in the middle of a sync (kill -9 of its process) is taken over by another from
 * the stored checkpoint: the team store ends with exactly the exchange's records, none lost, none twice.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { clientOf, sqlAs } from '../../support/postgres.ts';
import { createTeamDatabase, eventually, startOperatorCore, teamConnected } from '../../support/team.ts';

const info = inject('postgres');
const child = new URL('./sync-child.ts', import.meta.url).pathname;
type Operator = Awaited<ReturnType<typeof startOperatorCore>>;
let sandbox: Sandbox;
let database: string;
let carol: Operator;
let account = '';
let owner = '';
const TRADES = 4000;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  // TRADES trades of one account in the last minutes: eight pages of deals in the sync's first window
  // (more than the sync writes to the store in one go).
  const accounts = [...sandbox.control.state.accounts.values()];
  const maker = accounts.find((a) => a.label === 'sub-maker');
  const main = accounts.find((a) => a.kind === 'main');
  if (!maker || !main) throw new Error('sandbox accounts');
  owner = maker.id;
  for (let i = 0; i < TRADES; i++) {
    sandbox.control.engine.place({
      owner: maker.id,
      market: 'BTC_USDT',
      side: 'sell',
      type: 'limit',
      amount: 100n,
      price: 6000000n,
    });
    sandbox.control.engine.place({
      owner: main.id,
      market: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      amount: 100n,
      price: 6000000n,
    });
  }
  database = await createTeamDatabase(info);
  carol = await startOperatorCore({ info, database, operator: 'carol', sandbox });
  await teamConnected(carol);
  const key = sandbox.accounts.find((a) => a.label === 'sub-maker');
  if (!key) throw new Error('no key');
  account = (
    await carol.accounts.registry.add({
      label: 'Maker',
      kind: 'sub',
      subAccountId: key.subAccountId ?? null,
      apiKey: key.apiKey,
      secret: key.apiSecret,
      connection: carol.connection.id,
    })
  ).id;
}, 60_000);

afterAll(async () => {
  await carol?.close();
  await sandbox?.close();
});

/**
 * Runs bob's app in a child process and kills it (SIGKILL) in the middle of its sync: once the team
 * store holds a checkpoint of the sync not finished. The account's lease row is locked while the
 * checkpoint is read and the child killed, so no write of the sync can come in between.
 */
function runAndKill(): Promise<{ killed: boolean; phase: string | undefined }> {
  const config = {
    info,
    database,
    operator: 'bob',
    sandbox: { rest: sandbox.rest, ws: sandbox.ws },
    keys: sandbox.accounts.map((a) => ({ apiKey: a.apiKey, apiSecret: a.apiSecret })),
    account,
  };
  const proc = spawn(process.execPath, [child, JSON.stringify(config)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const watch = async (): Promise<{ killed: boolean; phase: string | undefined }> => {
    const client = clientOf(info, { database });
    await client.connect();
    try {
      for (;;) {
        if (proc.exitCode !== null) return { killed: false, phase: undefined };
        await client.query('BEGIN');
        await client.query('SELECT 1 FROM sync_leases WHERE account = $1 FOR UPDATE', [account]);
        const { rows } = await client.query<{ phase: string }>(
          "SELECT cursor->>'phase' AS phase FROM sync_checkpoints WHERE job = $1",
          [`deals:${account}`],
        );
        const phase = rows[0]?.phase;
        if (phase !== undefined) {
          const killed = proc.kill('SIGKILL');
          await exited;
          await client.query('ROLLBACK');
          return { killed, phase };
        }
        await client.query('ROLLBACK');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await client.end();
    }
  };
  return watch();
}

const stored = async () =>
  (
    await sqlAs<{ id: string }>(
      info,
      'SELECT id::text AS id FROM deals WHERE account = $1 ORDER BY id',
      [account],
      { database },
    )
  )
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);

describe('an operator killed in the middle of a sync', () => {
  it('is taken over from the stored checkpoint: exactly the exchange records, none lost, none twice', async () => {
    const { killed, phase } = await runAndKill();
    expect(killed).toBe(true);
    // Killed mid-sync: pages stored with their checkpoint, the run not finished.
    expect(phase).toBe('backfill');
    const before = await stored();
    expect(before.length).toBeGreaterThanOrEqual(500);
    expect(before.length).toBeLessThan(TRADES);

    // The server released the dead operator's lease with its connection: carol takes the sync over.
    const finished: string[] = [];
    const stop = carol.events.subscribe((event, payload) => {
      if (event === 'sync.finished') finished.push((payload as { outcome: string }).outcome);
    });
    carol.history.start([account]);
    await carol.history.idle();
    stop();
    expect(finished).toEqual(['done']);
    const exchange = sandbox.control.engine
      .dealsOf(owner)
      .map((d) => Number(d.id))
      .sort((a, b) => a - b);
    expect(await stored()).toEqual(exchange);
    // And carol's replica holds the same records.
    await eventually(
      async () => (await carol.cache.deals.count({ accounts: [account] })) === exchange.length,
      "carol's replica",
    );
  });
});
