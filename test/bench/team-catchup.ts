/**
 * team.replica.catchup_s: a new operator's replica takes 1,000,000 deals (100 accounts, written to
 * the team store in 20 transactions as syncs write them) from the team store into an empty local
 * cache, through the app's replica (pages by change cursor, each with its cursor in one cache
 * transaction). Baseline, in the same run: the local cache alone ingesting the same deals in the
 * same pages, with nothing to read from a server.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { openCache, type DealRecord } from '../../main/cache/index.ts';
import { COPY_DEALS, dealCopyLine } from '../../main/team/deal-group.ts';
import { historyReplicas } from '../../main/team/replica.ts';
import { clientOf, type PostgresInfo } from '../support/postgres.ts';
import { createTeamDatabase, operatorStore, passwordOf, TEST_OWNER } from '../support/team.ts';
import type { BenchResult } from './harness.ts';
import { benchDeal } from './team-ingest.ts';

const ACCOUNTS = 100;
const PER_ACCOUNT = 10_000;
const TOTAL = ACCOUNTS * PER_ACCOUNT;
const TRANSACTIONS = 20;
/** The replica's page of deals (`replica.ts`), used for the baseline's pages too. */
const PAGE = 10_000;

/** The deals of transaction `t` (every account's share of it). */
function* dealsOf(accounts: readonly string[], t: number): Generator<DealRecord> {
  const per = PER_ACCOUNT / TRANSACTIONS;
  for (const account of accounts) for (let i = t * per; i < (t + 1) * per; i++) yield benchDeal(account, i);
}

export async function measureCatchup(info: PostgresInfo): Promise<BenchResult> {
  const accounts = Array.from({ length: ACCOUNTS }, () => randomUUID());
  const database = await createTeamDatabase(info);
  // Written as the owner role: the store lets an operator write deals only under an account's lease.
  const writer = clientOf(info, { user: TEST_OWNER, password: passwordOf(TEST_OWNER), database });
  await writer.connect();
  for (let t = 0; t < TRANSACTIONS; t++) {
    let text = '';
    for (const d of dealsOf(accounts, t)) text += dealCopyLine(d);
    await pipeline(Readable.from([text]), writer.query(copyFrom(COPY_DEALS)));
  }
  await writer.end();

  const dir = mkdtempSync(join(tmpdir(), 'txc-bench-replica-'));
  try {
    // The new operator's replica: an empty cache following the store.
    const cache = await openCache({ dataDir: dir, profile: 'replica' });
    const store = await operatorStore(info, database, 'bob');
    const started = performance.now();
    for (const replica of historyReplicas(store, cache)) await replica.pull();
    const replicaS = (performance.now() - started) / 1000;
    const got = await cache.deals.count({});
    await store.close();
    await cache.close();
    if (got !== TOTAL) throw new Error(`the replica holds ${String(got)} deals, not ${String(TOTAL)}`);

    // Baseline: the cache alone, the same deals in the same pages, each with a checkpoint.
    const alone = await openCache({ dataDir: dir, profile: 'alone' });
    const all: DealRecord[] = [];
    for (let t = 0; t < TRANSACTIONS; t++) for (const d of dealsOf(accounts, t)) all.push(d);
    const aloneStarted = performance.now();
    for (let i = 0; i < all.length; i += PAGE)
      await alone.deals.upsert(all.slice(i, i + PAGE), { job: 'bench', cursor: { at: i } });
    const aloneS = (performance.now() - aloneStarted) / 1000;
    await alone.close();

    return {
      name: 'team.replica.catchup_s',
      value: Number(replicaS.toFixed(2)),
      unit: 's',
      baseline: Number(aloneS.toFixed(2)),
      note: `a new operator's replica takes ${TOTAL.toLocaleString('en-US')} deals (${String(ACCOUNTS)} accounts, ${String(TRANSACTIONS)} transactions) from the team store over TLS: ${Math.round(TOTAL / replicaS).toLocaleString('en-US')} deals/s; baseline: the local cache alone ingesting them in the same pages, ${Math.round(TOTAL / aloneS).toLocaleString('en-US')} deals/s (${(replicaS / aloneS).toFixed(2)}x); goal < 20 s`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
