// reports.*: the desk's reports on an archive of 5,000,000 deals over 1,000 accounts and a year
// (reports-fixture.ts), each through the app's path (the cache's read workers, the reports' store),
// beside plain SQL aggregation of the same data on a direct connection in the same run:
// - desk_year_ms: the slowest of the desk's year reports (realized PnL by account, market and day;
//   volume, fees and funding by market and month; closed positions and win/loss; exposure). Baseline:
//   the deals summed per account, market and day by one GROUP BY over the deals table.
// - desk_year_vs_sql: that report's time over the baseline's.
// - equity_chart_ms: the desk's equity chart for the year (365,000 readings carried on and summed),
//   beside a GROUP BY of the same readings per day.
// - tax_lots_year_ms: the FIFO tax-lot report of the account with 1,000,000 deals in the year, on a
//   worker of its own, written as CSV; beside the running sums of its bought and sold amounts that a
//   FIFO match needs, by a window function in SQL.
// Each figure is the median of three runs, in wall-clock ms; each note also gives the CPU time the
// process spent (all its threads: the workers' too), which a busy machine changes less.
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheFilePath, openCache } from '../../main/cache/index.ts';
import { storeExtensions } from '../../main/features/index.ts';
import type { Bench, BenchResult } from './harness.ts';
import { accountId, ACCOUNTS, DAYS, FIRST_DAY, HEAVY, reportsFixture } from './reports-fixture.ts';

const RUNS = 3;

/** CPU time of the run of the median wall time (ms, user and system, every thread of the process). */
const cpuOf = new Map<number, number>();

async function median(run: () => Promise<unknown> | unknown): Promise<number> {
  const times: Array<[wall: number, cpu: number]> = [];
  for (let i = 0; i < RUNS; i++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await run();
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    times.push([wall, (used.user + used.system) / 1000]);
  }
  const [wall, cpu] = times.sort((a, b) => a[0] - b[0])[Math.floor(RUNS / 2)] as [number, number];
  cpuOf.set(wall, cpu);
  return wall;
}

const ms = (x: number) => Math.round(x);
/** "7483 ms (CPU 1650 ms)": a median's wall time and the CPU time of that run. */
const timed = (wall: number) => `${String(ms(wall))} ms (CPU ${String(ms(cpuOf.get(wall) ?? NaN))} ms)`;

const bench: Bench = {
  name: 'reports',
  async run(): Promise<BenchResult[]> {
    const root = join(import.meta.dirname, '.data');
    mkdirSync(root, { recursive: true });
    const built = performance.now();
    const fixture = reportsFixture(root);
    const buildMs = performance.now() - built;
    const cache = await openCache({
      dataDir: fixture.dataDir,
      profile: fixture.profile,
      extensions: storeExtensions(),
    });
    const raw = new Database(cacheFilePath(fixture.dataDir, fixture.profile), { readonly: true });
    const out = mkdtempSync(join(tmpdir(), 'txc-bench-reports-'));
    try {
      const scope = {
        accounts: Array.from({ length: ACCOUNTS }, (_, i) => accountId(i)),
        fromDay: FIRST_DAY,
        toDay: FIRST_DAY + DAYS - 1,
      };
      const call = (lane: 'heavy' | 'job', name: string, ...args: unknown[]) =>
        cache.extension(lane, name, args);
      // the ledger is up to date: nothing left to read
      const pending = (await cache.extension('write', 'reports.ledger', [1])) as { pending: number };
      if (pending.pending !== 0) throw new Error('the fixture left the ledger behind');
      await call('heavy', 'reports.pnl', scope); // warm the worker
      const each: Record<string, number> = {};
      for (const name of ['pnl', 'activity', 'positions', 'exposure'])
        each[name] = await median(() => call('heavy', `reports.${name}`, scope));
      const slowest = Object.entries(each).sort((a, b) => b[1] - a[1])[0] as [string, number];
      const fromUs = FIRST_DAY * 86_400_000_000;
      const toUs = (FIRST_DAY + DAYS) * 86_400_000_000;
      const sqlDesk = await median(
        () =>
          raw
            .prepare(
              `SELECT account_ref, market_ref, time_us / 86400000000 AS day, count(*), sum(CAST(deal AS REAL)),
                 sum(CAST(fee AS REAL)), sum(CASE side WHEN 'buy' THEN CAST(amount AS REAL) ELSE -CAST(amount AS REAL) END)
               FROM deals WHERE time_us >= ? AND time_us < ? GROUP BY account_ref, market_ref, day`,
            )
            .all(fromUs, toUs).length,
      );
      const equity = await median(() => call('heavy', 'reports.equity', scope, {}));
      const sqlEquity = await median(
        () =>
          raw
            .prepare(
              `SELECT s.taken_at_ms / 86400000 AS day, sum(CAST(e.amount AS REAL)) FROM balance_snapshots s
               JOIN balance_entries e ON e.snapshot_id = s.id AND e.ticker = '*' AND e.field = 'totalBalanceStable'
               WHERE s.kind = 'withdrawable' AND s.taken_at_ms >= ? AND s.taken_at_ms < ? GROUP BY day`,
            )
            .all(FIRST_DAY * 86_400_000, (FIRST_DAY + DAYS) * 86_400_000).length,
      );
      let run = 0;
      const taxLots = await median(() =>
        call('job', 'reports.taxLots', {
          job: `bench-${String(run)}`,
          accounts: [HEAVY],
          fromDay: FIRST_DAY,
          toDay: FIRST_DAY + DAYS - 1,
          method: 'FIFO',
          feesDeductible: true,
          path: join(out, `tax-lots-${String(run++)}.csv`),
        }),
      );
      const sqlLots = await median(
        () =>
          raw
            .prepare(
              `SELECT id, sum(CAST(amount AS REAL)) OVER (PARTITION BY side ORDER BY time_us, id) AS running,
                 sum(CAST(deal AS REAL)) OVER (PARTITION BY side ORDER BY time_us, id) AS value
               FROM deals WHERE account_ref = 1 AND time_us >= ? AND time_us < ?`,
            )
            .raw(true)
            .all(fromUs, toUs).length,
      );
      const made =
        fixture.ledgerMs === null
          ? 'kept from an earlier run'
          : `made in ${String(ms(buildMs / 1000))} s, the ledger reading its 5,000,000 deals in ${String(ms(fixture.ledgerMs / 1000))} s`;
      return [
        {
          name: 'reports.desk_year_ms',
          value: ms(slowest[1]),
          unit: 'ms',
          baseline: ms(sqlDesk),
          note: `the slowest of the desk's year reports (${slowest[0]}); each: ${Object.entries(each)
            .map(([k, v]) => `${k} ${timed(v)}`)
            .join(
              ', ',
            )}; 1,000 accounts, 5,000,000 deals (fixture ${made}); baseline: GROUP BY account, market, day over the deals, ${timed(sqlDesk)}; goal < 1000`,
        },
        {
          name: 'reports.desk_year_vs_sql',
          value: Number((slowest[1] / sqlDesk).toFixed(3)),
          unit: 'ratio',
          baseline: null,
          note: `desk year report (${slowest[0]}) ${timed(slowest[1])} over plain SQL ${timed(sqlDesk)} on the same deals`,
        },
        {
          name: 'reports.equity_chart_ms',
          value: ms(equity),
          unit: 'ms',
          baseline: ms(sqlEquity),
          note: `the desk's equity for the year, 365,000 readings carried on and summed per day, markers included, ${timed(equity)}; baseline: GROUP BY day of the same readings, ${timed(sqlEquity)}; goal < 2000`,
        },
        {
          name: 'reports.tax_lots_year_ms',
          value: ms(taxLots),
          unit: 'ms',
          baseline: ms(sqlLots),
          note: `FIFO lots of one account's year of 1,000,000 deals, written as CSV on a worker of its own, ${timed(taxLots)}; baseline: running sums of bought and sold amounts and values by a window function, ${timed(sqlLots)}; ${(taxLots / sqlLots).toFixed(2)} times the SQL's time; goal < 5000`,
        },
      ];
    } finally {
      raw.close();
      await cache.close();
      rmSync(out, { recursive: true, force: true });
    }
  },
};

export default bench;
