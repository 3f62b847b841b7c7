/**
 * The reports benches' archive: a year of a desk of 1,000 accounts, 5,000,000 deals (one account with
 * 1,000,000 on BTC_USDT, the others 4,000 each on BTC_USDT and ETH_USDT, every third also on
 * BTC_PERP), funding payments on the perpetual positions, their closed-position records, a balance
 * snapshot per account per day, deposits; the ledger built over it by the app's own writer code.
 * Written straight into a cache file (bare prepared inserts) once, and kept between runs in the
 * benches' data folder (`test/bench/.data`, ignored by git, kept by `npm ci`) in a folder named by the
 * fixture's version and parameters (a fixture of other parameters or another version is made again
 * beside it; about 1.2 GB, and half an hour on two busy cores). It is made as a `.partial` file
 * renamed when whole, so a build cut short is begun again, never used.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { WritableDB } from '../../main/cache/db.ts';
import { migrations } from '../../main/cache/migrations/index.ts';
import { migrate } from '../../main/cache/migrate.ts';
import { upsertVaultRecords, type VaultRecord } from '../../main/cache/repos/vault.ts';
import { buildLedger } from '../../main/features/reports/store/ledger.ts';

const VERSION = 1;
export const ACCOUNTS = 1000;
export const HEAVY_DEALS = 1_000_000;
export const PER_ACCOUNT = 4_000;
/** 2025-06-01 (UTC day number): the year runs 365 days from it. */
export const FIRST_DAY = Date.UTC(2025, 5, 1) / 86_400_000;
export const DAYS = 365;
const DAY_US = 86_400_000_000;

/** Registry ids: UUID-shaped, one per account. */
export const accountId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
export const HEAVY = accountId(0);

/** `units` of 10^-`scale` as a plain decimal string. */
function dec(units: number, scale: number): string {
  const s = String(units).padStart(scale + 1, '0');
  const whole = s.slice(0, s.length - scale);
  const fraction = s.slice(s.length - scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

interface Market {
  ref: number;
  name: string;
  /** Price in tenths. */
  price: number;
}

function* dealsOf(account: number, accountRef: number, markets: Market[], count: number, firstId: number) {
  const span = DAYS * DAY_US;
  for (let n = 0; n < count; n++) {
    const market = markets[n % markets.length] as Market;
    // pairs of a buy and a sell of the same amount; on the perpetual, runs of ten up then ten down
    const perp = market.name.endsWith('_PERP');
    const buy = perp ? Math.floor(n / markets.length / 10) % 2 === 0 : n % 2 === 0;
    const amountUnits = 10 + ((account * 7 + Math.floor(n / 2)) % 90); // 0.0010 .. 0.0099
    const price = market.price + ((n * 37 + account * 13) % 2001) - 1000; // tenths
    const deal = amountUnits * price; // 10^-5
    const fee = buy && !perp ? amountUnits : deal; // 10^-7 base, or 10^-8 quote (0.1 %)
    yield [
      accountRef,
      firstId + n,
      market.ref,
      buy ? 'buy' : 'sell',
      n % 3 === 0 ? 'taker' : 'maker',
      dec(amountUnits, 4),
      dec(price, 1),
      dec(deal, 5),
      buy && !perp ? dec(fee, 7) : dec(fee, 8),
      buy && !perp ? (market.name.split('_')[0] as string) : 'USDT',
      9_000_000_000 + firstId + n,
      '',
      FIRST_DAY * DAY_US + Math.floor((n / count) * span) + (account % 1000),
    ] as const;
  }
}

export interface Fixture {
  dataDir: string;
  profile: string;
  /** How long the ledger took to read the 5,000,000 deals, when the fixture was made (ms). */
  ledgerMs: number | null;
}

export function reportsFixture(root: string): Fixture {
  const key = `v${String(VERSION)}-${String(ACCOUNTS)}x${String(PER_ACCOUNT)}-heavy${String(HEAVY_DEALS)}-${String(DAYS)}d`;
  const dataDir = join(root, `reports-${key}`);
  const file = join(dataDir, 'profiles', 'bench', 'cache.sqlite');
  if (existsSync(file)) return { dataDir, profile: 'bench', ledgerMs: null };
  mkdirSync(join(dataDir, 'profiles', 'bench'), { recursive: true });
  const partial = `${file}.partial`;
  // a build cut short left its file and its journal: neither may be read into this one
  for (const leftover of ['', '-wal', '-shm']) rmSync(`${partial}${leftover}`, { force: true });
  const db = new Database(partial);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  migrate(db, migrations);
  const markets: Market[] = [
    { ref: 1, name: 'BTC_USDT', price: 642_505 },
    { ref: 2, name: 'ETH_USDT', price: 31_205 },
    { ref: 3, name: 'BTC_PERP', price: 642_705 },
  ];
  db.exec(`INSERT INTO deal_markets (ref, market) VALUES (1, 'BTC_USDT'), (2, 'ETH_USDT'), (3, 'BTC_PERP')`);
  const addAccount = db.prepare('INSERT INTO deal_accounts (ref, account) VALUES (?, ?)');
  const insert = db.prepare(
    `INSERT INTO deals (account_ref, id, market_ref, side, role, amount, price, deal, fee, fee_asset, order_id, client_order_id, time_us)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const mark = db.prepare('INSERT INTO deal_changes (account_ref, market_ref, from_day) VALUES (?, ?, ?)');
  let id = 1;
  for (let a = 0; a < ACCOUNTS; a++) {
    db.transaction(() => {
      addAccount.run(a + 1, accountId(a));
      const mine = a === 0 ? [markets[0] as Market] : a % 3 === 0 ? markets : markets.slice(0, 2);
      const count = a === 0 ? HEAVY_DEALS : PER_ACCOUNT;
      for (const row of dealsOf(a, a + 1, mine, count, id)) insert.run(...row);
      id += count;
      for (const m of mine) mark.run(a + 1, m.ref, FIRST_DAY);
    })();
  }
  const started = performance.now();
  for (;;) if (buildLedger(db as WritableDB, 2_000_000).pending === 0) break;
  const ledgerMs = Math.round(performance.now() - started);

  // funding three times a day on each perpetual account, a closed-position record a day
  for (let a = 3; a < ACCOUNTS; a += 3) {
    const records: VaultRecord[] = [];
    for (let d = 0; d < DAYS; d++) {
      for (let k = 0; k < 3; k++) {
        const t = (FIRST_DAY + d) * 86_400 + k * 28_800;
        const amount = dec(((a + d + k) % 500) + 1, 4);
        const fundingAmount = (a + d + k) % 3 === 0 ? amount : `-${amount}`;
        records.push({
          account: accountId(a),
          kind: 'funding',
          key: `BTC_PERP|${String(t)}|0.005`,
          time: t,
          record: {
            market: 'BTC_PERP',
            fundingTime: t,
            fundingRate: '0.0001',
            fundingAmount,
            positionAmount: '0.005',
            settlementPrice: '64270',
          },
        });
      }
      const close = (FIRST_DAY + d) * 86_400 + 43_200;
      const gross = `${(a + d) % 2 ? '' : '-'}${dec(((a * d) % 9000) + 1, 2)}`;
      records.push({
        account: accountId(a),
        kind: 'closed_pnl',
        key: String(a * 1000 + d),
        time: close,
        record: {
          positionId: a * 1000 + d,
          market: 'BTC_PERP',
          grossPnl: gross,
          netPnl: gross,
          totalTradeFee: '0.5',
          totalFunding: '0',
          avgEntryPrice: '64000',
          avgExitPrice: '64100',
          closedSize: '0.01',
          amount: '0',
          side: 'BOTH',
          isHedge: false,
          openDate: close - 3600,
          closeDate: close,
        },
      });
    }
    db.transaction(() => upsertVaultRecords(db as WritableDB, records))();
  }
  // a withdrawable reading per account per day, the spot balances at the end, a deposit a month
  const snapshot = db.prepare(
    'INSERT INTO balance_snapshots (account, kind, sub_account, taken_at_ms) VALUES (?, ?, ?, ?)',
  );
  const entry = db.prepare(
    'INSERT INTO balance_entries (snapshot_id, ticker, field, amount) VALUES (?, ?, ?, ?)',
  );
  for (let a = 0; a < ACCOUNTS; a++) {
    db.transaction(() => {
      for (let d = 0; d < DAYS; d++) {
        const at = ((FIRST_DAY + d) * 86_400 + 600 + a) * 1000;
        const sid = snapshot.run(accountId(a), 'withdrawable', '', at).lastInsertRowid;
        entry.run(sid, '*', 'totalBalanceStable', dec(10_000_000 + ((a * 31 + d * 17) % 1_000_000), 2));
      }
      const last = ((FIRST_DAY + DAYS - 1) * 86_400 + 700) * 1000;
      const sid = snapshot.run(accountId(a), 'trade', '', last).lastInsertRowid;
      entry.run(sid, 'USDT', 'available', dec(5_000_000 + a, 2));
      entry.run(sid, 'BTC', 'available', dec(100 + a, 4));
      entry.run(sid, 'ETH', 'available', dec(1000 + a, 4));
      const deposits: VaultRecord[] = Array.from({ length: 12 }, (_, m) => {
        const t = (FIRST_DAY + m * 30 + 3) * 86_400 + a;
        return {
          account: accountId(a),
          kind: 'wallet',
          key: `1:dep-${String(a)}-${String(m)}`,
          time: t,
          record: { method: 1, ticker: 'USDT', amount: '1000', status: 3, createdAt: t },
        };
      });
      upsertVaultRecords(db as WritableDB, deposits);
    })();
  }
  db.prepare(
    "INSERT INTO last_known (account, kind, scope, taken_at_ms, value) VALUES ('desk', 'desk.prices', '', ?, ?)",
  ).run(
    (FIRST_DAY + DAYS) * 86_400_000,
    JSON.stringify({ assets: { BTC: '64250', ETH: '3120' }, marks: { BTC_PERP: '64270' } }),
  );
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  renameSync(partial, file);
  return { dataDir, profile: 'bench', ledgerMs };
}
