/**
 * A team store connection the server cuts in the middle of a transaction (a restart, an
 * administrator, a network drop): the transaction fails in words, the process goes on, and the next
 * statement gets a sound connection.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TeamStore } from '../../../main/team/store.ts';
import { sqlAs } from '../../support/postgres.ts';
import { createTeamDatabase, operatorStore } from '../../support/team.ts';

const info = inject('postgres');
let store: TeamStore;

beforeAll(async () => {
  store = await operatorStore(info, await createTeamDatabase(info), 'bob');
});

afterAll(async () => {
  await store?.close();
});

describe('a team store connection cut mid-transaction', () => {
  it('fails that transaction without throwing at the process, and the next one runs on a new connection', async () => {
    const uncaught: unknown[] = [];
    const hear = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', hear);
    let cutPid = 0;
    try {
      const outcome = await store
        .transaction(async (client) => {
          const [row] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
          cutPid = row?.pid ?? 0;
          // The server ends this backend while the transaction waits between two statements.
          const ended = new Promise((resolve) => client.once('end', resolve));
          await sqlAs(info, 'SELECT pg_terminate_backend($1)', [cutPid]);
          await ended;
          await client.query('SELECT 1');
          return 'committed';
        })
        .then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
      expect(outcome).toHaveProperty('error');
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', hear);
    }
    // The broken connection left the pool: the next transaction runs on another backend.
    const pid = await store.transaction(
      async (client) => (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid,
    );
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(cutPid);
  });
});
