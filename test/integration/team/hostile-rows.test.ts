/**
 * An operator with psql writing rows that say something of themselves the store did not check: where
 * the row sits in every replica's order (`change_xid`), which account a history record is about, and
 * which policy a new four-eyes policy replaces. Each as psql would send it, under a plain login: the
 * store stamps the first itself and refuses the others.
 *
 * The desk: ada and abe (admins and treasurers) and vic (viewer), each with an app.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openCache } from '../../../main/cache/index.ts';
import { captureRequest } from '../../../main/exchange/endpoints/capture.ts';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import { requestHash } from '../../../main/exchange/request-hash.ts';
import type { DeskRulesView, ProposedView } from '../../../main/ipc/contract.ts';
import { DEFAULT_POLICY, POLICY_PATH } from '../../../main/policy/desk-policy.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { REPLICATED } from '../../../main/team/replica.ts';
import { START } from '../../../main/team/changes.ts';
import { psqlAs, sqlAs } from '../../support/postgres.ts';
import { eventually, passwordOf } from '../../support/team.ts';
import { fourEyesDesk, type FourEyesDesk } from './four-eyes-desk.ts';

type Who = 'ada' | 'abe' | 'vic';
const info = inject('postgres');
let sandbox: Sandbox;
let desk: FourEyesDesk<Who>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  desk = await fourEyesDesk(info, sandbox, randomBytes(3).toString('hex'), {
    ada: 'txc_admin, txc_treasurer',
    abe: 'txc_admin, txc_treasurer',
    vic: 'txc_viewer',
  });
}, 120_000);

afterAll(async () => {
  await desk?.close();
  await sandbox?.close();
});

const login = (who: Who) => ({
  user: desk.names[who],
  password: passwordOf(desk.names[who]),
  database: desk.database,
});
const psql = (who: Who, sql: string, params: unknown[] = []) => psqlAs(info, sql, params, login(who));
const owner = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  sqlAs<R>(info, sql, params, { database: desk.database });
const REFUSED = '42501';

/** The statements that take the lease of a fresh `account` in this session and name its token. */
function underLease(account: string): string {
  const token = randomUUID();
  return `SELECT pg_advisory_lock(hashtext('txc-desk sync'), hashtext('${account}'::uuid::text));
    INSERT INTO sync_leases (account, token) VALUES ('${account}', '${token}');
    SELECT set_config('txc.sync_lease', '${token}', true);`;
}

describe('where a row sits in the replicas’ order', () => {
  it('is the server’s: a log entry, a proposal, a decision and a use written with change_xid 1 are stamped', async () => {
    const [before] = await owner<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
    const origin = randomUUID();
    expect(await psql('vic', 'INSERT INTO operator_origins (origin) VALUES ($1)', [origin])).toBe('ok 1');
    expect(
      await psql(
        'vic',
        `INSERT INTO signed_requests (origin, origin_id, at_ms, account, path, outcome, change_xid)
         VALUES ($1, 1, 1, 'x', '/api/v4/orders', 'ok', '1')`,
        [origin],
      ),
    ).toBe('ok 1');
    const request = await captureRequest((c) =>
      mainAccount.withdrawPay(c, {
        ticker: 'USDT',
        amount: '5',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        uniqueId: randomUUID(),
      }),
    );
    const id = randomUUID();
    const hash = requestHash(request.path, request.fields);
    expect(
      await psql(
        'abe',
        `INSERT INTO proposals (id, kind, account, path, body, request_hash, expires_at, change_xid)
         VALUES ($1, 'withdrawal', $2, $3, $4, $5, now() + interval '10 minutes', '1')`,
        [id, desk.mainId, request.path, JSON.stringify(request.fields), hash],
      ),
    ).toBe('ok 1');
    expect(
      await psql(
        'ada',
        `INSERT INTO decisions (proposal, decision, request_hash, change_xid) VALUES ($1, 'approved', $2, '1')`,
        [id, hash],
      ),
    ).toBe('ok 1');
    expect(
      await psql(
        'abe',
        `INSERT INTO approval_uses (proposal, request_hash, change_xid) VALUES ($1, $2, '1')`,
        [id, hash],
      ),
    ).toBe('ok 1');
    const stamped = await owner<{ xid: string }>(
      `SELECT change_xid::text AS xid FROM signed_requests WHERE origin = $1
       UNION ALL SELECT change_xid::text FROM proposals WHERE id = $2
       UNION ALL SELECT change_xid::text FROM decisions WHERE proposal = $2
       UNION ALL SELECT change_xid::text FROM approval_uses WHERE proposal = $2`,
      [origin, id],
    );
    expect(stamped).toHaveLength(4);
    for (const row of stamped) expect(BigInt(row.xid)).toBeGreaterThan(BigInt(before?.xid ?? '0'));
  });

  it('of a deal is the server’s too: a lease holder’s deal with another change_xid is refused', async () => {
    const deal = (account: string, xid: string) =>
      `INSERT INTO deals (account, id, market, side, role, amount, price, deal, fee, fee_asset, order_id,
         client_order_id, time_us${xid ? ', change_xid' : ''})
       VALUES ('${account}', 1, 'BTC_USDT', 'buy', 'maker', '1', '1', '1', '0', 'USDT', 1, '', 1${xid ? `, '${xid}'` : ''})`;
    const hidden = randomUUID();
    expect(await psql('vic', `${underLease(hidden)} ${deal(hidden, '1')}`)).toBe(REFUSED);
    const plain = randomUUID();
    expect(await psql('vic', `${underLease(plain)} ${deal(plain, '')}`)).toBe('ok 1');
  });
});

describe('which account a history record is about', () => {
  const TABLES = [
    ['positions_history', 'position_id, order_id', '1, 1'],
    ['borrows', 'asset, opened_at, seq', "'USDT', 1, 0"],
    ['mining_rewards', 'mining_account, time', "'pool', 1"],
    ['mining_worker_samples', 'mining_account, sampled_at_ms', "'pool', 1"],
    ['balance_snapshots', 'kind, sub_account, taken_at_ms', "'main', '', 1"],
  ] as const;

  it('is the account its lease holder writes it under: a record naming another, or none, is refused', async () => {
    const other = desk.mainId;
    for (const [table, columns, values] of TABLES) {
      const write = (account: string, about: string | undefined) =>
        `${underLease(account)} INSERT INTO ${table} (account, ${columns}, record)
         VALUES ('${account}', ${values}, '${JSON.stringify({ account: about })}')`;
      const elsewhere = randomUUID();
      expect([table, await psql('vic', write(elsewhere, other))]).toEqual([table, '23514']);
      // A record that names no account at all is not left to say nothing.
      const unnamed = randomUUID();
      expect([table, await psql('vic', write(unnamed, undefined))]).toEqual([table, '23514']);
      const own = randomUUID();
      expect([table, await psql('vic', write(own, own))]).toEqual([table, 'ok 1']);
    }
  });

  it('is, in every replica, the account of its row (a record written before the store held them equal)', async () => {
    const cache = await openCache({
      dataDir: mkdtempSync(join(tmpdir(), 'txc-replica-')),
      profile: 'replica',
    });
    try {
      const snapshots = REPLICATED.find((t) => t.feed.table === 'balance_snapshots');
      if (!snapshots) throw new Error('no balance snapshots replica');
      const row = randomUUID();
      const named = randomUUID();
      const record = {
        account: named,
        kind: 'main',
        subAccount: '',
        takenAtMs: 1_780_000_000_000,
        entries: [{ ticker: 'USDT', field: 'main_balance', amount: '1000' }],
      };
      await snapshots.apply(cache, [{ account: row, record }], { job: 'replica-test', cursor: START });
      expect(await cache.balances.list(row, 'main')).toEqual([expect.objectContaining({ account: row })]);
      expect(await cache.balances.list(named, 'main')).toEqual([]);
    } finally {
      await cache.close();
    }
  });
});

describe('which policy a new four-eyes policy replaces', () => {
  const policy = (minutes: number) => ({ ...DEFAULT_POLICY, approvalMinutes: minutes });

  /** Ada writes, approved by abe, the policy `body` with psql: the proposal, the use and the policy. */
  async function writeByHand(body: { policy: unknown; replaces: string | null }): Promise<string> {
    const id = randomUUID();
    const hash = requestHash(POLICY_PATH, body);
    await sqlAs(
      info,
      `INSERT INTO proposals (id, kind, account, path, body, request_hash, expires_at)
       VALUES ($1, 'policy', $2, $3, $4, $5, now() + interval '10 minutes')`,
      [id, randomUUID(), POLICY_PATH, JSON.stringify(body), hash],
      login('ada'),
    );
    await sqlAs(
      info,
      `INSERT INTO decisions (proposal, decision, request_hash) VALUES ($1, 'approved', $2)`,
      [id, hash],
      login('abe'),
    );
    return psql(
      'ada',
      `BEGIN;
       INSERT INTO approval_uses (proposal, request_hash) VALUES ('${id}', '${hash}');
       INSERT INTO desk_policies (proposal, body) VALUES ('${id}', '${JSON.stringify(body)}');
       COMMIT`,
    );
  }

  it('is the one in force: an admin pair cannot put back an older one over it by hand', async () => {
    const [first] = (await desk.calls.ada.ok<ProposedView>('approvals.proposePolicy', policy(45))).proposed;
    if (!first) throw new Error('nothing proposed');
    await desk.calls.abe.ok('approvals.decide', { id: first.id, decision: 'approved' });
    await desk.calls.ada.ok('approvals.send', { id: first.id });
    // A policy that says it replaces none (the desk's default), written after the first is in force.
    expect(await writeByHand({ policy: policy(1440), replaces: null })).toBe(REFUSED);
    expect(await writeByHand({ policy: policy(1440), replaces: randomUUID() })).toBe(REFUSED);
    for (const who of ['ada', 'abe', 'vic'] as const)
      await eventually(
        async () =>
          (await desk.calls[who].ok<DeskRulesView>('approvals.rules')).policy.approvalMinutes === 45,
        `${who} has the first policy`,
      );
    // One that replaces the policy in force goes, as the app's own would.
    expect(await writeByHand({ policy: policy(20), replaces: first.id })).toBe('ok 0');
    await eventually(
      async () => (await desk.calls.vic.ok<DeskRulesView>('approvals.rules')).policy.approvalMinutes === 20,
      'vic has the policy that replaced it',
    );
  });
});
