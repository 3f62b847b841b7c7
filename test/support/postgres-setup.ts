/**
 * Vitest global setup of the team desk's tests: one throwaway PostgreSQL cluster for the run (TLS
 * on, loopback, never as root), the desk's owner role, its group roles and five operator login roles
 * (admins of the desk) made once;
 * each test file makes its own database (`test/support/team.ts`). Fails where PostgreSQL is missing.
 */
import type { TestProject } from 'vitest/node';
import { sqlAs, startPostgres, type PostgresInfo } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresInfo;
  }
}

/** The roles every team test may log in as; the password of each is its name with `-pw`. */
export const TEST_OWNER = 'txc_owner';
export const TEST_OPERATORS = ['alice', 'bob', 'carol', 'dave', 'erin'] as const;

/** The desk's group roles (the setup makes them too, when a database is set up before them). */
export const DESK_GROUPS = ['txc_viewer', 'txc_trader', 'txc_treasurer', 'txc_admin'] as const;

/**
 * The owner, `txc_operator`, the desk's group roles, and the five operators. Each operator is an admin
 * of the desk (only admins add, change and remove the desk's accounts, which these tests share);
 * tests of the other roles make login roles of their own.
 */
export async function createTestRoles(info: PostgresInfo): Promise<void> {
  await sqlAs(info, `CREATE ROLE ${TEST_OWNER} LOGIN CREATEROLE CREATEDB PASSWORD '${TEST_OWNER}-pw'`);
  await sqlAs(info, 'CREATE ROLE txc_operator NOLOGIN');
  for (const group of DESK_GROUPS) await sqlAs(info, `CREATE ROLE ${group} NOLOGIN`);
  for (const name of TEST_OPERATORS)
    await sqlAs(info, `CREATE ROLE ${name} LOGIN PASSWORD '${name}-pw' IN ROLE txc_operator, txc_admin`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  await createTestRoles(server);
  const { stop: _stop, start: _start, close, ...info } = server;
  project.provide('postgres', info);
  return close;
}
