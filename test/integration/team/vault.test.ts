/**
 * On a team desk the shared store is the vault: one operator's sync writes every account's vault
 * records (finished orders, deposits, transfers, ...) to PostgreSQL under the account's sync lease,
 * and a teammate's app holds the same records in its own copy, where its reports and Settings read
 * them offline.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import type { PnlReportView, VaultStatusView } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { procedureCalls } from '../../support/core.ts';
import { sqlAs } from '../../support/postgres.ts';
import { eventually, grantDeskRoles, startDesk, type startOperatorCore } from '../../support/team.ts';

const info = inject('postgres');
type Operator = Awaited<ReturnType<typeof startOperatorCore>>;
let sandbox: Sandbox;
const started: Operator[] = [];

beforeAll(async () => {
  await grantDeskRoles(info, { alice: ['txc_trader'] });
  sandbox = await startSandbox({ port: 0 });
}, 60_000);
afterAll(async () => {
  await Promise.all(started.map((core) => core.close()));
  await sandbox?.close();
});

describe("the team's archive is the vault", () => {
  it("alice's sync writes the vault's records to the store; bob's copy holds them and reports from them", async () => {
    const { database, cores } = await startDesk(info, sandbox, ['alice', 'bob'], sandbox.accounts, (core) =>
      started.push(core),
    );
    const [alice, bob] = cores as [Operator, Operator];
    const main = alice.accounts.registry.list().find((a) => a.kind === 'main');
    if (!main) throw new Error('no main account');
    const caller = await alice.accounts.caller(main.id);
    await eventually(
      async () =>
        (await procedureCalls(() => alice).ok<{ roles: string[] }>('approvals.rules')).roles.includes(
          'trader',
        ),
      'the trader role read',
    );
    for (let i = 0; i < 6; i++)
      await trading.stockMarketOrder(caller, {
        market: 'BTC_USDT',
        side: i % 2 ? 'sell' : 'buy',
        amount: '0.001',
      });

    alice.history.start([main.id]);
    await alice.history.idle();
    const inStore = await sqlAs<{ kind: string; key: string; changed_by: string }>(
      info,
      'SELECT kind, key, changed_by FROM vault_records WHERE account = $1 ORDER BY kind, key',
      [main.id],
      { database },
    );
    const kinds = new Set(inStore.map((r) => r.kind));

    expect(kinds.has('orders')).toBe(true);
    expect(kinds.has('wallet')).toBe(true);
    expect(inStore.every((r) => r.changed_by === 'alice')).toBe(true);
    // the checkpoints of the vault's jobs are the store's, written with the records
    const jobs = await sqlAs<{ job: string }>(
      info,
      "SELECT job FROM sync_checkpoints WHERE job LIKE 'vault:%'",
      [],
      {
        database,
      },
    );
    expect(jobs.length).toBeGreaterThanOrEqual(5);

    // bob's app: the same records in its own copy, and its reports read them
    const bobs = procedureCalls(() => bob);
    const status = await eventually(async () => {
      const s = await bobs.ok<VaultStatusView>('vault.status');
      const orders = s.accounts
        .find((a) => a.account === main.id)
        ?.families.find((f) => f.family === 'orders');
      return orders && orders.records === inStore.filter((r) => r.kind === 'orders').length ? s : undefined;
    }, "the vault's records in bob's copy");
    expect(status.team).toBe(true);
    const mine = status.accounts.find((a) => a.account === main.id);
    expect(mine?.syncedUntil).toBeGreaterThan(0);
    const local = (await bob.cache.vault.list({ kind: 'orders', accounts: [main.id], limit: 1000 })).map(
      (r) => r.key,
    );
    expect(local.sort()).toEqual(
      inStore
        .filter((r) => r.kind === 'orders')
        .map((r) => r.key)
        .sort(),
    );
    const day = new Date().toISOString().slice(0, 10);
    const pnl = await bobs.ok<PnlReportView>('reports.pnl', {
      of: { kind: 'account', accountId: main.id },
      from: day,
      to: day,
    });
    expect(pnl.totals.find((t) => t.quote === 'USDT')?.deals).toBeGreaterThanOrEqual(6);
  }, 150_000);
});
