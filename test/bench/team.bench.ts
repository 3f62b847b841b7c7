// team.*: the team desk against a throwaway PostgreSQL of the bench's own (TLS, loopback, never as
// root), made as the team tests make theirs: the desk's owner role and five operators, two of them
// with the desk's roles the measures need.
import { startPostgres } from '../support/postgres.ts';
import { createTestRoles } from '../support/postgres-setup.ts';
import { grantDeskRoles } from '../support/team.ts';
import type { Bench, BenchResult } from './harness.ts';
import { measureApprovalRoundtrip } from './team-approvals.ts';
import { measureCatchup } from './team-catchup.ts';
import { measureNotify, measureSyncRatio } from './team-desk.ts';
import { measureIngest } from './team-ingest.ts';

const bench: Bench = {
  name: 'team',
  async run() {
    const postgres = await startPostgres();
    try {
      await createTestRoles(postgres);
      // The desk's work the measures do: alice trades (the sync's history), alice and bob are treasurers.
      await grantDeskRoles(postgres, { alice: ['txc_trader', 'txc_treasurer'], bob: ['txc_treasurer'] });
      const results: BenchResult[] = [];
      results.push(await measureSyncRatio(postgres));
      results.push(await measureNotify(postgres));
      results.push(await measureApprovalRoundtrip(postgres));
      results.push(await measureIngest(postgres));
      results.push(await measureCatchup(postgres));
      return results;
    } finally {
      await postgres.close();
    }
  },
};

export default bench;
