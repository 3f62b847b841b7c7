/**
 * The tax-lot report reads an account's deals in the table's own order (by id) while their ids follow
 * their times, and again by time when they do not: on any history, an account whose ids run against
 * time gets the same lines, figures and totals as one whose ids follow it. And the report's CSV
 * file drops what it wrote since a mark, also once that part is on disk.
 */
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WritableDB } from '../../../main/cache/db.ts';
import { openWritable } from '../../../main/cache/open.ts';
import { CsvFile } from '../../../main/features/reports/store/csv-file.ts';
import { taxLots } from '../../../main/features/reports/store/tax-lots.ts';

const dir = mkdtempSync(join(tmpdir(), 'txc-tax-order-'));
let db: WritableDB;
beforeAll(() => {
  db = openWritable(join(dir, 'cache.sqlite')).db;
  db.exec(`INSERT INTO deal_markets (ref, market) VALUES (1, 'BTC_USDT'), (2, 'ETH_USDT')`);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const DAY_US = 86_400_000_000;
const FIRST_DAY = 20_500;

interface Trade {
  market: 1 | 2;
  buy: boolean;
  /** Amount in 10^-4, price in 10^-1; the fee in the base (a buy) or the quote. */
  amount: number;
  price: number;
  baseFee: boolean;
  /** Microseconds after the previous deal (deals at one time go by id: the times here differ). */
  gap: number;
}

const trade = fc.record({
  market: fc.constantFrom(1 as const, 2 as const),
  buy: fc.boolean(),
  amount: fc.integer({ min: 1, max: 50_000 }),
  price: fc.integer({ min: 1, max: 900_000 }),
  baseFee: fc.boolean(),
  gap: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 40 * DAY_US })),
});

const dec = (units: number, scale: number) => {
  const s = String(units).padStart(scale + 1, '0');
  return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
};

let accounts = 0;
/** Stores the trades for a new account, with ids in time order or against it; answers its name. */
function store(trades: Trade[], ids: 'rising' | 'falling'): string {
  const ref = ++accounts;
  const name = `acct-${String(ref)}`;
  db.prepare('INSERT INTO deal_accounts (ref, account) VALUES (?, ?)').run(ref, name);
  const insert = db.prepare(
    `INSERT INTO deals (account_ref, id, market_ref, side, role, amount, price, deal, fee, fee_asset, order_id, client_order_id, time_us)
     VALUES (?, ?, ?, ?, 'taker', ?, ?, ?, ?, ?, ?, '', ?)`,
  );
  let time = FIRST_DAY * DAY_US;
  trades.forEach((t, n) => {
    time += t.gap;
    const id = ids === 'rising' ? n + 1 : 1_000_000 - n;
    const value = t.amount * t.price; // 10^-5
    const base = t.market === 1 ? 'BTC' : 'ETH';
    const inBase = t.buy && t.baseFee;
    insert.run(
      ref,
      id,
      t.market,
      t.buy ? 'buy' : 'sell',
      dec(t.amount, 4),
      dec(t.price, 1),
      dec(value, 5),
      inBase ? dec(t.amount, 7) : dec(value, 8),
      inBase ? base : 'USDT',
      id,
      time,
    );
  });
  return name;
}

async function report(account: string, method: 'FIFO' | 'LIFO', feesDeductible: boolean) {
  const path = join(dir, `${account}-${method}.csv`);
  const view = await taxLots(
    db,
    {
      job: 'j',
      accounts: [account],
      fromDay: FIRST_DAY,
      toDay: FIRST_DAY + 5000,
      method,
      feesDeductible,
      path,
    },
    new AbortController().signal,
    () => undefined,
  );
  // the account and the deal id told apart, every other field as written
  const lines = readFileSync(path, 'utf8')
    .split('\r\n')
    .slice(1, -1)
    .map((l) => l.split(','))
    .map((f) => [...f.slice(1, 12), ...f.slice(13)].join(','));
  return { view: { ...view, job: '', file: '' }, lines };
}

describe('the tax-lot report on deals whose ids run against time', () => {
  it('writes the same lines and totals as for ids in time order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(trade, { minLength: 2, maxLength: 40 }),
        fc.constantFrom('FIFO' as const, 'LIFO' as const),
        fc.boolean(),
        async (trades, method, fees) => {
          const rising = await report(store(trades, 'rising'), method, fees);
          const falling = await report(store(trades, 'falling'), method, fees);
          expect(falling).toEqual(rising);
          expect(rising.lines).toHaveLength(rising.view.lines);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("the report's CSV file", () => {
  it('drops what came after a mark, from its buffer and from the disk', () => {
    const path = join(dir, 'rewind.csv');
    const csv = new CsvFile(path, ['a', 'b']);
    csv.write('1,x\r\n');
    const early = csv.mark();
    csv.write('2,y\r\n');
    csv.rewind(early);
    csv.write('3,z\r\n');
    const late = csv.mark();
    // past one chunk (1 MiB): the part after the mark is on disk when it is dropped
    const long = `${'9'.repeat(1000)},w\r\n`;
    for (let i = 0; i < 3000; i++) csv.write(long);
    csv.rewind(late);
    csv.write('4,ü\r\n');
    expect(csv.lines).toBe(3);
    csv.finish();
    expect(readFileSync(path, 'utf8')).toBe('a,b\r\n1,x\r\n3,z\r\n4,ü\r\n');
  });
});
