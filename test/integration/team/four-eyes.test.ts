/**
 * The desk's roles and four-eyes record, held by PostgreSQL itself: each check made as the operator's
 * own login role with hand-written SQL, as someone bypassing the app would. Proposals, decisions and
 * approval uses are insert-only; only another operator of the request's role decides, on the hash
 * proposed, before the expiry; an approval is used once, by another operator than its approver.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type pg from 'pg';
import { clientOf, sqlAs } from '../../support/postgres.ts';
import { createTeamDatabase, eventually, passwordOf } from '../../support/team.ts';

const info = inject('postgres');
let database: string;
const suffix = randomBytes(3).toString('hex');
/** This file's own login roles (roles are the cluster's: other files never see these names). */
const ROLES = {
  viewer: { name: `viewer_${suffix}`, groups: ['txc_viewer'] },
  trader: { name: `trader_${suffix}`, groups: ['txc_trader'] },
  tina: { name: `tina_${suffix}`, groups: ['txc_treasurer', 'txc_trader'] },
  tom: { name: `tom_${suffix}`, groups: ['txc_treasurer'] },
  ada: { name: `ada_${suffix}`, groups: ['txc_admin'] },
} as const;
type Who = keyof typeof ROLES;

beforeAll(async () => {
  database = await createTeamDatabase(info);
  for (const { name, groups } of Object.values(ROLES))
    await sqlAs(
      info,
      `CREATE ROLE ${name} LOGIN PASSWORD '${passwordOf(name)}' IN ROLE txc_operator, ${groups.join(', ')}`,
    );
});

afterAll(async () => {
  for (const { name } of Object.values(ROLES))
    await sqlAs(info, `DROP ROLE IF EXISTS ${name}`).catch(() => undefined);
});

const login = (who: Who) => ({ user: ROLES[who].name, password: passwordOf(ROLES[who].name), database });

/** Runs `sql` as `who`; answers the rows. */
const as = <R extends pg.QueryResultRow = pg.QueryResultRow>(who: Who, sql: string, params: unknown[] = []) =>
  sqlAs<R>(info, sql, params, login(who));

/** The SQLSTATE `sql` as `who` fails with ('ok' when it does not fail). */
async function refusal(who: Who, sql: string, params: unknown[] = []): Promise<string> {
  try {
    await as(who, sql, params);
    return 'ok';
  } catch (error) {
    return String((error as { code?: string }).code);
  }
}

const NOT_ALLOWED = '42501';
const UNIQUE = '23505';

const hashOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** The path each kind is proposed under (the store holds which role each pair needs). */
const PATHS: Record<string, string> = {
  withdrawal: '/api/v4/main-account/withdraw',
  key_permissions: '/api/v4/sub-account/api-key/edit',
  policy: '/desk/policy',
};

/** A proposal of `kind` by `who`, expiring in `seconds`; answers its id and hash. */
async function propose(who: Who, kind = 'withdrawal', seconds = 600): Promise<{ id: string; hash: string }> {
  const body = { ticker: 'USDT', amount: '250', address: 'TXYZ', uniqueId: randomUUID() };
  const hash = hashOf(body);
  const [row] = await as<{ id: string }>(
    who,
    `INSERT INTO proposals (kind, account, path, body, request_hash, summary, expires_at)
     VALUES ($1, $2, $6, $3, $4, 'Withdraw 250 USDT', now() + make_interval(secs => $5))
     RETURNING id::text AS id`,
    [kind, randomUUID(), JSON.stringify(body), hash, seconds, PATHS[kind]],
  );
  if (!row) throw new Error('no proposal');
  return { id: row.id, hash };
}

const decide = (who: Who, proposal: string, hash: string, decision = 'approved', reason = '') =>
  refusal(who, 'INSERT INTO decisions (proposal, decision, reason, request_hash) VALUES ($1, $2, $3, $4)', [
    proposal,
    decision,
    reason,
    hash,
  ]);

const use = (who: Who, proposal: string, hash: string) =>
  refusal(who, 'INSERT INTO approval_uses (proposal, request_hash) VALUES ($1, $2)', [proposal, hash]);

describe("the desk's roles", () => {
  it("tells each operator's app the roles its login role holds", async () => {
    const mine = async (who: Who) => (await as<{ r: string[] }>(who, 'SELECT desk_my_roles() AS r'))[0]?.r;
    expect(await mine('viewer')).toEqual(['txc_viewer']);
    expect(await mine('tina')).toEqual(['txc_trader', 'txc_treasurer']);
    expect(await mine('ada')).toEqual(['txc_admin']);
  });

  it("lets only the request's role propose it, under one's own name", async () => {
    await expect(propose('tina')).resolves.toBeDefined();
    await expect(propose('ada', 'key_permissions')).resolves.toBeDefined();
    // A trader's withdrawal, a treasurer's key edit: refused by row-level security.
    await expect(propose('trader')).rejects.toMatchObject({ code: NOT_ALLOWED });
    await expect(propose('tom', 'policy')).rejects.toMatchObject({ code: NOT_ALLOWED });
    // Written under another operator's name, or dated back: refused.
    const spoofed = `INSERT INTO proposals (kind, account, path, body, request_hash, expires_at, proposer)
      VALUES ('withdrawal', $1, '/api/v4/main-account/withdraw', '{}', $2, now() + interval '1 hour', $3)`;
    expect(await refusal('tina', spoofed, [randomUUID(), hashOf({}), ROLES.tom.name])).toBe(NOT_ALLOWED);
    const backdated = `INSERT INTO proposals (kind, account, path, body, request_hash, proposed_at, expires_at)
      VALUES ('withdrawal', $1, '/api/v4/main-account/withdraw', '{}', $2, now() - interval '1 day', now() + interval '1 hour')`;
    expect(await refusal('tina', backdated, [randomUUID(), hashOf({})])).toBe(NOT_ALLOWED);
  });
});

describe('four eyes, in the database', () => {
  it("refuses a trader's approval, the proposer's own, and one of another hash; another treasurer's goes, once", async () => {
    const { id, hash } = await propose('tina');
    expect(await decide('trader', id, hash)).toBe(NOT_ALLOWED);
    expect(await decide('viewer', id, hash)).toBe(NOT_ALLOWED);
    expect(await decide('tina', id, hash)).toBe(NOT_ALLOWED);
    expect(await decide('tom', id, hashOf({ amount: '2500' }))).toBe(NOT_ALLOWED);
    // Under another's name: refused.
    expect(
      await refusal(
        'tom',
        'INSERT INTO decisions (proposal, decision, request_hash, decider) VALUES ($1, $2, $3, $4)',
        [id, 'approved', hash, ROLES.ada.name],
      ),
    ).toBe(NOT_ALLOWED);
    expect(await decide('tom', id, hash)).toBe('ok');
    // Decided once: a second decision (even a rejection) is refused.
    expect(await decide('tom', id, hash, 'rejected', 'changed my mind')).toBe(UNIQUE);
    const [row] = await as<{ decider: string; decision: string }>(
      'viewer',
      'SELECT decider, decision FROM decisions WHERE proposal = $1',
      [id],
    );
    expect(row).toEqual({ decider: ROLES.tom.name, decision: 'approved' });
  });

  it('wants a reason for a rejection, and a rejected or expired proposal is never used', async () => {
    const rejected = await propose('tina');
    expect(await decide('tom', rejected.id, rejected.hash, 'rejected', '')).toBe('23514');
    expect(await decide('tom', rejected.id, rejected.hash, 'rejected', 'Address not in the book')).toBe('ok');
    expect(await use('tina', rejected.id, rejected.hash)).toBe(NOT_ALLOWED);

    const soon = await propose('tina', 'withdrawal', 1);
    // Past its expiry (the server's clock), nobody can approve it.
    await eventually(
      async () =>
        (
          await as<{ over: boolean }>(
            'viewer',
            'SELECT now() > expires_at AS over FROM proposals WHERE id = $1',
            [soon.id],
          )
        )[0]?.over,
      'the proposal expired',
    );
    expect(await decide('tom', soon.id, soon.hash)).toBe(NOT_ALLOWED);
  });

  it('lets an approval be used once, by another operator than its approver, on the approved hash', async () => {
    const { id, hash } = await propose('tina');
    expect(await use('tina', id, hash)).not.toBe('ok'); // not approved yet (no decision row to refer to)
    expect(await decide('tom', id, hash)).toBe('ok');
    expect(await use('tom', id, hash)).toBe(NOT_ALLOWED); // the approver
    expect(await use('trader', id, hash)).toBe(NOT_ALLOWED); // not a treasurer
    expect(await use('tina', id, hashOf({ other: true }))).toBe(NOT_ALLOWED);

    // Two sends at once: the first use commits, the second is refused by the primary key.
    const one = clientOf(info, login('tina'));
    const two = clientOf(info, login('tina'));
    await Promise.all([one.connect(), two.connect()]);
    try {
      await one.query('BEGIN');
      await two.query('BEGIN');
      const insert = 'INSERT INTO approval_uses (proposal, request_hash) VALUES ($1, $2)';
      await one.query(insert, [id, hash]);
      const second = two.query(insert, [id, hash]).then(
        () => 'ok',
        (error: unknown) => String((error as { code?: string }).code),
      );
      await one.query('COMMIT');
      expect(await second).toBe(UNIQUE);
      await two.query('ROLLBACK');
    } finally {
      await Promise.all([one.end(), two.end()]);
    }
    expect(await as('viewer', 'SELECT used_by FROM approval_uses WHERE proposal = $1', [id])).toEqual([
      { used_by: ROLES.tina.name },
    ]);
  });

  it('keeps the record as written: no operator role may update, delete or truncate it', async () => {
    const { id, hash } = await propose('tina');
    expect(await decide('tom', id, hash)).toBe('ok');
    expect(await use('tina', id, hash)).toBe('ok');
    const tables = ['proposals', 'decisions', 'approval_uses', 'signed_requests'];
    for (const who of Object.keys(ROLES) as Who[])
      for (const table of tables) {
        const key = table === 'proposals' ? 'id' : 'proposal';
        const where = table === 'signed_requests' ? 'true' : `${key} = '${id}'`;
        expect([
          who,
          table,
          await refusal(who, `UPDATE ${table} SET change_xid = change_xid WHERE ${where}`),
        ]).toEqual([who, table, NOT_ALLOWED]);
        expect([who, table, await refusal(who, `DELETE FROM ${table} WHERE ${where}`)]).toEqual([
          who,
          table,
          NOT_ALLOWED,
        ]);
        expect([who, table, await refusal(who, `TRUNCATE ${table} CASCADE`)]).toEqual([
          who,
          table,
          NOT_ALLOWED,
        ]);
      }
    const [left] = await as<{ n: string }>(
      'viewer',
      'SELECT count(*)::text AS n FROM approval_uses WHERE proposal = $1',
      [id],
    );
    expect(left?.n).toBe('1');
  });
});
