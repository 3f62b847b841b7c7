// cache.*: the local cache against raw better-sqlite3 in the same run, on real files.
// - ingest.deals_per_s / ingest.vs_raw: 1M deals stored through the cache (main thread -> writer
//   worker, 500-row pages as the exchange sends them, one page in flight while the next is built,
//   dedupe on). Baseline: one prepared INSERT run for every row in one transaction on a direct
//   connection, same schema and indexes. The two alternate for 2 rounds; each reports its best.
// - bytes_per_deal and sync.loop_delay_max_ms: the same 1M-deal ingest through the cache.
// - page.p99_ms and totals.ms: on 5M deals. The 4M deals after the first 1M are appended to the
//   same file directly (bare prepared inserts, 500k per transaction, with their daily totals added
//   by the cache's own RollupBatch in the same transaction), which keeps the run to a few minutes;
//   the file is then opened through the cache again. Page baseline: the same SELECT prepared and
//   run directly on the main thread.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openCache, type DealCursor, type DealRecord } from '../../main/cache/index.ts';
import { migrations } from '../../main/cache/migrations/index.ts';
import { migrate } from '../../main/cache/migrate.ts';
import { DEAL_COLUMNS } from '../../main/cache/repos/deals.ts';
import { RollupBatch } from '../../main/cache/repos/deal-rollup.ts';
import type { WritableDB } from '../../main/cache/db.ts';
import { percentile, ratio, sampleMicros, type Bench } from './harness.ts';

const ROWS = 1_000_000;
/** Deals in the file the page and totals are measured on. */
const BIG_ROWS = 5_000_000;
const APPEND_CHUNK = 500_000;
/** Alternating rounds of the raw and the cache ingest. */
const ROUNDS = 2;
const PAGE = 500;
const MARKETS = [
  'BTC_USDT',
  'ETH_USDT',
  'ETH_BTC',
  'TXC_USDT',
  'SOL_USDT',
  'XRP_USDT',
  'DOGE_USDT',
  'LTC_USDT',
];
/** Account ids are UUIDs in the registry. */
const ACCOUNTS = [
  '0b6f3a52-6a0e-4c1e-9a55-3f1f0d1c2e01',
  '7d2c8e14-1b9f-4f0a-8c3d-5e6a7b8c9d02',
  'a41e5f9c-3d2b-4e7a-9f1c-2b3c4d5e6f03',
  'e98d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c04',
];
const T0 = 1_747_000_000;

function makeDeal(i: number): DealRecord {
  return {
    account: ACCOUNTS[i % ACCOUNTS.length] as string,
    market: MARKETS[(i >> 2) % MARKETS.length] as string,
    id: 10_000_000 + i,
    clientOrderId: i % 7 === 0 ? `desk-${i}` : '',
    time: T0 + i * 0.015625,
    side: i % 2 === 0 ? 'buy' : 'sell',
    role: i % 3 === 0 ? 'taker' : 'maker',
    amount: `${(i % 997) + 1}.${String(i % 100_000).padStart(5, '0')}`,
    price: `${20_000 + (i % 5000)}.${i % 100}`,
    deal: `${(i % 99_991) + 3}.${String(i % 1_000_000).padStart(6, '0')}`,
    fee: `0.${String((i % 99_999) + 1).padStart(8, '0')}`,
    orderId: 50_000_000 + (i >> 1),
    feeAsset: i % 5 === 0 ? 'TXC' : 'USDT',
  };
}

/** Raw rows carry the account and market keys directly (1-based, in first-seen order, as the cache assigns them). */
function rawParams(i: number, d: DealRecord): unknown[] {
  return [
    (i % ACCOUNTS.length) + 1,
    d.id,
    ((i >> 2) % MARKETS.length) + 1,
    d.side,
    d.role,
    d.amount,
    d.price,
    d.deal,
    d.fee,
    d.feeAsset,
    d.orderId,
    d.clientOrderId,
    Math.round(d.time * 1e6),
  ];
}

/** CPU time of the whole process (every thread) per deal, in microseconds: steadier than wall time on a busy machine. */
const cpuPerRow = (used: NodeJS.CpuUsage): number => (used.user + used.system) / ROWS;

/** Raw baseline: same schema, WAL, one transaction, one prepared INSERT per row. */
function rawInsert(file: string): { rate: number; cpuUsPerRow: number } {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  migrate(db, migrations);
  const insert = db.prepare(
    `INSERT INTO deals (${DEAL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const start = performance.now();
  const cpu = process.cpuUsage();
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) insert.run(...rawParams(i, makeDeal(i)));
  })();
  const seconds = (performance.now() - start) / 1000;
  db.close();
  return { rate: ROWS / seconds, cpuUsPerRow: cpuPerRow(process.cpuUsage(cpu)) };
}

/** Appends deals [from, to) straight to a closed cache file, daily totals included (see the header). */
function appendRaw(file: string, from: number, to: number): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const insert = db.prepare(
    `INSERT INTO deals (${DEAL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (let start = from; start < to; start += APPEND_CHUNK) {
    db.transaction(() => {
      const rollup = new RollupBatch();
      for (let i = start; i < Math.min(to, start + APPEND_CHUNK); i++) {
        const d = makeDeal(i);
        const params = rawParams(i, d);
        insert.run(...params);
        const [accountRef, , marketRef] = params as [number, number, number];
        const timeUs = params[12] as number;
        rollup.add(accountRef, marketRef, timeUs, d.side, d.role, d.feeAsset, d.amount, d.deal, d.fee);
      }
      rollup.apply(db as WritableDB);
    })();
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

interface Ingest {
  rate: number;
  cpuUsPerRow: number;
  loopMaxMs: number;
  file: string;
}

/** 1M deals through a fresh cache as a sync stores them; the cache is closed afterwards. */
async function ingestThroughCache(dataDir: string, profile: string): Promise<Ingest> {
  const cache = await openCache({ dataDir, profile });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const start = performance.now();
  const cpu = process.cpuUsage();
  // Like a sync: the next page is prepared while the previous one is being stored.
  let inFlight: Promise<unknown> = Promise.resolve();
  for (let i = 0; i < ROWS; i += PAGE) {
    const page: DealRecord[] = [];
    for (let j = i; j < i + PAGE && j < ROWS; j++) page.push(makeDeal(j));
    await inFlight;
    inFlight = cache.deals.upsert(page);
  }
  await inFlight;
  const rate = ROWS / ((performance.now() - start) / 1000);
  const cpuUsPerRow = cpuPerRow(process.cpuUsage(cpu));
  loop.disable();
  await cache.close();
  return { rate, cpuUsPerRow, loopMaxMs: loop.max / 1e6, file: cache.file };
}

const PAGE_SQL = `SELECT ${DEAL_COLUMNS} FROM deals WHERE account_ref = ? AND market_ref = ?
  AND (time_us, id, account_ref) < (?, ?, ?) ORDER BY time_us DESC, id DESC, account_ref DESC LIMIT ?`;

const bench: Bench = {
  name: 'cache',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'txc-cache-bench-'));
    try {
      // Raw and cache ingests alternate, so a burst of load from elsewhere on the machine does not
      // land on one side only; each side reports its fastest round.
      const raws: { rate: number; cpuUsPerRow: number }[] = [];
      const ingests: Ingest[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const rawFile = join(dir, `raw-${round}.sqlite`);
        raws.push(rawInsert(rawFile));
        for (const suffix of ['', '-wal', '-shm']) rmSync(rawFile + suffix, { force: true });
        ingests.push(await ingestThroughCache(dir, `bench-${round}`));
      }
      const raw = raws.reduce((a, b) => (b.rate > a.rate ? b : a));
      const best = ingests.reduce((a, b) => (b.rate > a.rate ? b : a));
      const baselineRate = raw.rate;
      const rate = best.rate;
      const cacheCpu = best.cpuUsPerRow;
      const loopMaxMs = Math.max(...ingests.map((i) => i.loopMaxMs));
      const cache = ingests[ingests.length - 1] as Ingest;
      const bytesPerRow = statSync(cache.file).size / ROWS;
      const rounds = (list: { rate: number }[]) =>
        list.map((r) => Math.round(r.rate / 1000)).join('k, ') + 'k';

      const appendStart = performance.now();
      appendRaw(cache.file, ROWS, BIG_ROWS);
      const appendS = (performance.now() - appendStart) / 1000;
      const big = await openCache({ dataDir: dir, profile: `bench-${ROUNDS - 1}` });
      const bigBytes = statSync(big.file).size / BIG_ROWS;

      // Random keyset positions in the filtered view (one account, one market), 200 rows each.
      const account = ACCOUNTS[1] as string;
      const filter = { accounts: [account], market: 'ETH_USDT' };
      const cursors: DealCursor[] = Array.from({ length: 64 }, (_, k) => {
        const i = Math.floor((BIG_ROWS * (k + 1)) / 66);
        const d = makeDeal(i);
        return { timeUs: Math.round(d.time * 1e6), id: d.id, account };
      });
      let n = 0;
      const paged = await sampleMicros(async () => {
        const page = await big.deals.page(filter, cursors[n++ % cursors.length] ?? null, 200);
        if (page.rows.length !== 200) throw new Error(`short page: ${page.rows.length}`);
      }, 2000);

      const direct = new Database(big.file, { readonly: true });
      const statement = direct.prepare(PAGE_SQL);
      let m = 0;
      const rawPaged = await sampleMicros(() => {
        const c = cursors[m++ % cursors.length] as DealCursor;
        const rows = statement.all(2, MARKETS.indexOf('ETH_USDT') + 1, c.timeUs, c.id, 2, 201);
        if (rows.length !== 201) throw new Error('short raw page');
      }, 2000);
      direct.close();

      const totalsStart = performance.now();
      const totals = await big.deals.totals({});
      const totalsMs = performance.now() - totalsStart;
      if (totals.deals !== BIG_ROWS) throw new Error('totals missed rows');
      const marketTotalsStart = performance.now();
      const marketTotals = await big.deals.totals({ market: 'ETH_USDT', from: T0 + 3600.5 });
      const marketTotalsMs = performance.now() - marketTotalsStart;
      if (marketTotals.markets.length !== 1) throw new Error('market totals');

      await big.close();

      const p50 = percentile(paged, 50);
      const rawP50 = percentile(rawPaged, 50);
      return [
        {
          name: 'cache.ingest.deals_per_s',
          value: Math.round(rate),
          unit: 'deals/s',
          baseline: Math.round(baselineRate),
          note: `${ROWS} deals via writer worker in ${PAGE}-row pages with dedupe, best of ${ROUNDS} rounds (${rounds(ingests)}) alternating with the baseline (${rounds(raws)}); baseline: bare prepared INSERT in one transaction, same indexes; CPU per deal (all threads) ${cacheCpu.toFixed(2)} us vs raw ${raw.cpuUsPerRow.toFixed(2)} us`,
        },
        {
          name: 'cache.ingest.vs_raw',
          value: Number((baselineRate / rate).toFixed(2)),
          unit: 'ratio',
          baseline: 1,
          note: `time per deal through the cache / time per deal of the bare insert (${ratio(rate, baselineRate)} in rate)`,
        },
        {
          name: 'cache.page.p99_ms',
          value: Number((percentile(paged, 99) / 1000).toFixed(2)),
          unit: 'ms',
          baseline: Number((percentile(rawPaged, 99) / 1000).toFixed(2)),
          note: `p99 of 2000 filtered 200-row keyset pages on ${BIG_ROWS} deals via read worker (p50 ${p50.toFixed(0)} us, raw p50 ${rawP50.toFixed(0)} us); baseline: same SELECT on the main thread`,
        },
        {
          name: 'cache.totals.ms',
          value: Math.round(totalsMs),
          unit: 'ms',
          baseline: null,
          note: `exact per-market and per-fee-asset totals over ${BIG_ROWS} deals (whole days from the daily rollup) via read worker; one market from a mid-day start (partial first day scanned): ${Math.round(marketTotalsMs)} ms; deals ${ROWS + 1}-${BIG_ROWS} appended directly in ${appendS.toFixed(1)} s (see header)`,
        },
        {
          name: 'cache.bytes_per_deal',
          value: Math.round(bytesPerRow),
          unit: 'bytes',
          baseline: null,
          note: `file size after close / ${ROWS} deals stored through the cache, with all five deal indexes and the daily totals; ${bigBytes.toFixed(0)} bytes per deal at ${BIG_ROWS}`,
        },
        {
          name: 'cache.sync.loop_delay_max_ms',
          value: Number(loopMaxMs.toFixed(1)),
          unit: 'ms',
          baseline: null,
          note: `main event loop max delay while ${ROWS} deals were stored through the worker, worst of ${ROUNDS} rounds (${ingests.map((i) => i.loopMaxMs.toFixed(1)).join(', ')} ms)`,
        },
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default bench;
