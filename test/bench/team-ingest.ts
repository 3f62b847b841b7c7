/**
 * team.archive.ingest_vs_copy: deals written to the team store through the app's path (the sync's
 * pages of 500 in groups, each with its checkpoints and lease check, 10 % of the input read twice
 * and dropped) per second, against PostgreSQL's own COPY FROM STDIN of the distinct rows into the same table, with
 * the same indexes, on a database of its own in the same cluster, in the same run.
 */
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { from as copyFrom } from 'pg-copy-streams';
import type { DealRecord } from '../../main/cache/index.ts';
import { COPY_DEALS, dealCopyLine } from '../../main/team/deal-group.ts';
import { TeamHistorySink } from '../../main/team/history-sink.ts';
import { clientOf, type PostgresInfo } from '../support/postgres.ts';
import { SyncLeases } from '../../main/team/sync-lease.ts';
import { createTeamDatabase, operatorStore, passwordOf, TEST_OWNER } from '../support/team.ts';
import type { BenchResult } from './harness.ts';

const ACCOUNTS = 10;
const PER_ACCOUNT = 20_000;
const PAGE = 500;
/** Of each page, this many deals were in the page before (a re-read second): 10 % of the input. */
const REREAD = 50;

/** A deal of the benches' made-up history. */
export function benchDeal(account: string, id: number): DealRecord {
  return {
    account,
    market: id % 3 ? 'BTC_USDT' : 'ETH_USDT',
    id,
    clientOrderId: id % 4 ? '' : `txc-${id.toString(36)}`,
    time: 1_780_000_000 + id / 1000,
    side: id % 2 ? 'buy' : 'sell',
    role: id % 2 ? 'maker' : 'taker',
    amount: '0.0123',
    price: '64250.5',
    deal: '790.281',
    fee: '0.79028',
    orderId: 9_000_000 + id,
    feeAsset: 'USDT',
  };
}

/** The sync's pages of one account: each repeats the last REREAD deals of the page before. */
function pagesOf(account: string, base: number): DealRecord[][] {
  const pages: DealRecord[][] = [];
  const fresh = PAGE - REREAD;
  for (let start = 0; start < PER_ACCOUNT; start += fresh) {
    const page: DealRecord[] = [];
    for (let id = Math.max(0, start - REREAD); id < Math.min(PER_ACCOUNT, start + fresh); id++)
      page.push(benchDeal(account, base + id));
    pages.push(page);
  }
  return pages;
}

export async function measureIngest(info: PostgresInfo): Promise<BenchResult> {
  const accounts = Array.from({ length: ACCOUNTS }, () => randomUUID());
  const pages = accounts.flatMap((a, i) => pagesOf(a, i * PER_ACCOUNT));
  const input = pages.reduce((n, p) => n + p.length, 0);
  const distinct = ACCOUNTS * PER_ACCOUNT;

  // The app's path: an operator's store, a lease per account, the sink the sync writes to.
  const appDb = await createTeamDatabase(info);
  const store = await operatorStore(info, appDb, 'alice');
  const leases = new SyncLeases(store, { log: () => undefined });
  const tokens = new Map<string, string>();
  for (const a of accounts) {
    const token = await leases.tryTake(a);
    if (!token) throw new Error('the lease of a fresh account was not free');
    tokens.set(a, token);
  }
  const started = performance.now();
  for (const [i, a] of accounts.entries()) {
    const sink = new TeamHistorySink(store, a, () => tokens.get(a));
    for (const [n, page] of pagesOf(a, i * PER_ACCOUNT).entries())
      await sink.deals.upsert(page, { job: `deals:${a}`, cursor: { page: n } });
    await sink.flush();
  }
  const appMs = performance.now() - started;
  const [count] = await store.query<{ n: string }>('SELECT count(*)::text AS n FROM deals');
  await leases.close();
  await store.close();
  if (Number(count?.n) !== distinct)
    throw new Error(`the app path stored ${String(count?.n)} deals, not ${String(distinct)}`);

  // PostgreSQL's own COPY of the distinct rows, into the same table on a database of its own (as the
  // owner role, which no lease check binds).
  const copyDb = await createTeamDatabase(info);
  const client = clientOf(info, { user: TEST_OWNER, password: passwordOf(TEST_OWNER), database: copyDb });
  await client.connect();
  const rows = accounts.flatMap((a, i) =>
    Array.from({ length: PER_ACCOUNT }, (_, id) => dealCopyLine(benchDeal(a, i * PER_ACCOUNT + id))),
  );
  const copyStarted = performance.now();
  // The same way the app's path sends its rows: one text of COPY lines.
  await pipeline(Readable.from([rows.join('')]), client.query(copyFrom(COPY_DEALS)));
  const copyMs = performance.now() - copyStarted;
  await client.end();

  const appRate = (distinct / appMs) * 1000;
  const copyRate = (distinct / copyMs) * 1000;
  return {
    name: 'team.archive.ingest_vs_copy',
    value: Number((appRate / copyRate).toFixed(3)),
    unit: 'ratio',
    baseline: Math.round(copyRate),
    note: `app path ${Math.round(appRate).toLocaleString('en-US')} deals/s (${input.toLocaleString('en-US')} deals in pages of ${String(PAGE)}, ${(input - distinct).toLocaleString('en-US')} read twice and dropped, grouped, each group with its checkpoints and lease check) vs COPY FROM STDIN ${Math.round(copyRate).toLocaleString('en-US')} deals/s of the ${distinct.toLocaleString('en-US')} distinct rows, same table and indexes; goal >= 0.8`,
  };
}
