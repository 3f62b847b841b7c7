/**
 * The role matrix of the team store: every team table, every desk role (viewer, trader, treasurer,
 * admin, and the owner role that owns the tables) and SELECT, INSERT, UPDATE and DELETE, each allowed
 * or refused exactly as the one table below says. The statements are psql's (`role-matrix-cases.ts`),
 * run on one connection of the superuser, as each role (`SET LOCAL ROLE`), each in a transaction
 * rolled back, on rows written once. A table the schema has and the table below lacks fails the run.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clientOf, sqlAs } from '../../support/postgres.ts';
import { createTeamDatabase, passwordOf, TEST_OWNER } from '../../support/team.ts';
import { cases, seeds, type Helpers, type MatrixCase, type Op } from './role-matrix-cases.ts';

type Role = 'viewer' | 'trader' | 'treasurer' | 'admin' | 'owner';
const ROLES: readonly Role[] = ['viewer', 'trader', 'treasurer', 'admin', 'owner'];
const OPS: readonly Op[] = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'];

const ALL = ROLES;
const OWNER: readonly Role[] = ['owner'];
const NOBODY: readonly Role[] = [];
const ADMIN: readonly Role[] = ['admin', 'owner'];
const TREASURER: readonly Role[] = ['treasurer', 'owner'];
const TREASURY: readonly Role[] = ['treasurer', 'admin', 'owner'];
const TRADERS_UP: readonly Role[] = ['trader', 'treasurer', 'admin', 'owner'];

type Row = Record<Op, readonly Role[]>;
const row = (
  SELECT: readonly Role[],
  INSERT: readonly Role[],
  UPDATE: readonly Role[],
  DELETE: readonly Role[],
) => ({
  SELECT,
  INSERT,
  UPDATE,
  DELETE,
});
const read = (write: readonly Role[], update = write): Row => row(ALL, write, update, OWNER);

/** Who may: for each table and case, the roles each statement is allowed for. */
const EXPECTED: Record<string, Row> = {
  desk_schema: read(OWNER),
  desk: read(OWNER),
  'operators: own row': read(ALL),
  "operators: a teammate's row": read(OWNER),
  accounts: read(ADMIN),
  'key_holders: own row': read(ALL),
  "key_holders: a teammate's row": read(OWNER),
  "sync_leases: the account's lock held by this session": read(ALL),
  "sync_leases: the account's lock not held": read(OWNER),
  'deals: under own lease': read(ALL, OWNER),
  "deals: under a teammate's lease, its token known": read(OWNER),
  'sync_checkpoints: under own lease': read(ALL),
  "sync_checkpoints: under a teammate's lease, its token known": read(OWNER),
  'positions_history: under own lease': read(ALL),
  "positions_history: under a teammate's lease, its token known": read(OWNER),
  'borrows: under own lease': read(ALL),
  "borrows: under a teammate's lease, its token known": read(OWNER),
  'mining_rewards: under own lease': read(ALL),
  "mining_rewards: under a teammate's lease, its token known": read(OWNER),
  'mining_worker_samples: under own lease': read(ALL),
  "mining_worker_samples: under a teammate's lease, its token known": read(OWNER),
  'balance_snapshots: under own lease': read(ALL),
  "balance_snapshots: under a teammate's lease, its token known": read(OWNER),
  'vault_records: under own lease': read(ALL),
  "vault_records: under a teammate's lease, its token known": read(OWNER),
  'signed_requests: own origin': read(ALL, OWNER),
  "signed_requests: a teammate's origin (their next entry)": read(OWNER),
  'signed_requests: the entry an approved send will need, written first': read(OWNER),
  "signed_requests: an approval's send entry, with its use": read(TREASURER, OWNER),
  'shared_items: the address book': read(TREASURY),
  'shared_items: alerts': read(TRADERS_UP),
  'shared_items: order guards that ask more': read(ADMIN),
  'shared_items: order guards that ask less, not approved': read(OWNER),
  'shared_items: order guards that ask less, approved and used now': read(ADMIN),
  "shared_items: order guards that ask less, approved as replacing other guards than the desk's": read(OWNER),
  'proposals: a withdrawal': read(TREASURER, OWNER),
  'proposals: a key reset, a policy, order guards': read(ADMIN, OWNER),
  "proposals: a kind its path is not (a key reset of a withdrawal's path)": read(NOBODY),
  "decisions: on a teammate's withdrawal": read(TREASURER, OWNER),
  "approval_uses: a teammate's approved withdrawal": read(TREASURER, OWNER),
  'desk_policies: an approved policy, used now': read(ADMIN, OWNER),
  desk_request_kinds: read(OWNER),
  operator_origins: read(ALL, OWNER),
  "operator_origins: a proposal's id": read(OWNER),
};

const info = inject('postgres');
const suffix = randomBytes(3).toString('hex');
const LOGINS: Record<Exclude<Role, 'owner'>, { name: string; group: string }> = {
  viewer: { name: `viewer_${suffix}`, group: 'txc_viewer' },
  trader: { name: `trader_${suffix}`, group: 'txc_trader' },
  treasurer: { name: `treasurer_${suffix}`, group: 'txc_treasurer' },
  admin: { name: `admin_${suffix}`, group: 'txc_admin' },
};
/** Teammates the rows belong to: two treasurers and two admins who propose and decide. */
const HELPERS: Helpers = {
  tom: `tom_${suffix}`,
  tia: `tia_${suffix}`,
  ada: `ada_${suffix}`,
  abe: `abe_${suffix}`,
};
const HELPER_GROUPS: Record<keyof Helpers, string> = {
  tom: 'txc_treasurer',
  tia: 'txc_treasurer',
  ada: 'txc_admin',
  abe: 'txc_admin',
};
const roleName = (role: Role) => (role === 'owner' ? TEST_OWNER : LOGINS[role].name);

let su: pg.Client;
const CASES = cases(HELPERS);
/** The store's refusals: no privilege or row-level security (42501), a pair of path and kind it does not know (23503). */
const REFUSED = new Set(['42501', '23503']);

beforeAll(async () => {
  const database = await createTeamDatabase(info);
  for (const [who, login] of [
    ...Object.values(LOGINS).map((l) => [l.name, l.group] as const),
    ...(Object.keys(HELPERS) as Array<keyof Helpers>).map((k) => [HELPERS[k], HELPER_GROUPS[k]] as const),
  ])
    await sqlAs(
      info,
      `CREATE ROLE ${who} LOGIN PASSWORD '${passwordOf(who)}' IN ROLE txc_operator, ${login}`,
    );
  su = clientOf(info, { database });
  await su.connect();
  await su.query('BEGIN');
  for (const sql of seeds(HELPERS)) await su.query(sql);
  await su.query('COMMIT');
});

afterAll(async () => {
  await su?.end();
  for (const name of [...Object.values(LOGINS).map((l) => l.name), ...Object.values(HELPERS)])
    await sqlAs(info, `DROP ROLE IF EXISTS ${name}`).catch(() => undefined);
});

/** Whether `role`'s statement `op` of `c` acts on a row; refused when the store refuses it or it acts on none. */
async function allowed(c: MatrixCase, role: Role, op: Op): Promise<boolean> {
  await su.query('BEGIN');
  try {
    for (const sql of [...(c.setup ?? []), ...(c.setupFor?.[op] ?? [])]) await su.query(sql);
    await su.query(`SET LOCAL ROLE ${roleName(role)}`);
    for (const sql of c.prep ?? []) await su.query(sql);
    let result: pg.QueryResult | pg.QueryResult[];
    try {
      result = (await su.query(c.sql[op])) as unknown as pg.QueryResult | pg.QueryResult[];
    } catch (error) {
      const code = String((error as { code?: string }).code);
      if (REFUSED.has(code)) return false;
      throw new Error(`${op} as ${role}: ${(error as Error).message}`, { cause: error });
    }
    const last = Array.isArray(result) ? result[result.length - 1] : result;
    return (last?.rowCount ?? 0) > 0;
  } finally {
    await su.query('ROLLBACK');
  }
}

describe('the team store, by desk role', () => {
  it('has a row of the table below for every table of the schema, and every row names a case', async () => {
    const { rows } = await su.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    );
    const covered = new Set(Object.keys(EXPECTED).map((name) => CASES[name]?.table));
    expect(rows.map((r) => r.name).filter((t) => !covered.has(t))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((name) => !CASES[name])).toEqual([]);
    expect(Object.keys(CASES).filter((name) => !EXPECTED[name])).toEqual([]);
  });

  for (const [name, expected] of Object.entries(EXPECTED))
    it(`${name}: ${OPS.map((op) => `${op} ${expected[op].join('/') || 'nobody'}`).join(', ')}`, async () => {
      const c = CASES[name];
      if (!c) throw new Error(`no case named ${name}`);
      const actual = {} as Record<Op, Role[]>;
      for (const op of OPS) {
        actual[op] = [];
        for (const role of ROLES) if (await allowed(c, role, op)) actual[op].push(role);
      }
      expect(actual).toEqual(expected);
    });
});
