/**
 * Vitest global setup of the team desk's tests: one throwaway PostgreSQL cluster for the run (TLS
 * on, loopback, never as root), the desk's owner role and five operator login roles made once;
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

export async function createTestRoles(info: PostgresInfo): Promise<void> {
  await sqlAs(info, `CREATE ROLE ${TEST_OWNER} LOGIN CREATEROLE CREATEDB PASSWORD '${TEST_OWNER}-pw'`);
  await sqlAs(info, 'CREATE ROLE txc_operator NOLOGIN');
  for (const name of TEST_OPERATORS)
    await sqlAs(info, `CREATE ROLE ${name} LOGIN PASSWORD '${name}-pw' IN ROLE txc_operator`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  await createTestRoles(server);
  const { stop: _stop, start: _start, close, ...info } = server;
  project.provide('postgres', info);
  return close;
}
