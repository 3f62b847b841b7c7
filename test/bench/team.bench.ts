// team.*: the team desk against a throwaway PostgreSQL of the bench's own (TLS, loopback, never as
// root), made as the team tests make theirs: the desk's owner role and five operators.
import { startPostgres } from '../support/postgres.ts';
import { createTestRoles } from '../support/postgres-setup.ts';
import type { Bench, BenchResult } from './harness.ts';
import { measureCatchup } from './team-catchup.ts';
import { measureNotify, measureSyncRatio } from './team-desk.ts';
import { measureIngest } from './team-ingest.ts';

const bench: Bench = {
  name: 'team',
  async run() {
    const postgres = await startPostgres();
    try {
      await createTestRoles(postgres);
      const results: BenchResult[] = [];
      results.push(await measureSyncRatio(postgres));
      results.push(await measureNotify(postgres));
      results.push(await measureIngest(postgres));
      results.push(await measureCatchup(postgres));
      return results;
    } finally {
      await postgres.close();
    }
  },
};

export default bench;
