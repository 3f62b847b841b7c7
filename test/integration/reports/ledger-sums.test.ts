/**
 * The ledger's sums per account and month and per market and day stay the sums of its days however
 * the days are written: a series read in small steps (each adding to the day it stopped in), read
 * again from its start after older deals arrive, and across month ends. Checked against GROUP BYs of
 * `ledger_days` in SQL, and the reports' sums over a period against the days of that period.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WritableDB } from '../../../main/cache/db.ts';
import { openWritable } from '../../../main/cache/open.ts';
import { buildLedger } from '../../../main/features/reports/store/ledger.ts';
import { sumsByAccount, sumsByDay } from '../../../main/features/reports/store/ledger-sums.ts';

const dir = mkdtempSync(join(tmpdir(), 'txc-ledger-sums-'));
let db: WritableDB;
beforeAll(() => {
  db = openWritable(join(dir, 'cache.sqlite')).db;
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const DAY_US = 86_400_000_000;
/** 2026-01-20: the deals run over three month ends. */
const FIRST_DAY = Date.UTC(2026, 0, 20) / 86_400_000;
const FIGURES = [
  'buy_amount',
  'sell_amount',
  'buy_value',
  'sell_value',
  'realized',
  'fee_quote',
  'fee_base',
  'fee_value',
  'unmatched',
];
const SUMS = [
  'count(*) AS days',
  'sum(deals) AS deals',
  'sum(fee_other) AS fee_other',
  ...FIGURES.map((f) => `sum(${f}_hi) AS ${f}_hi, sum(${f}_lo) AS ${f}_lo`),
].join(', ');
const PAIRS = FIGURES.map((f) => `${f}_hi, ${f}_lo`).join(', ');
const MONTH = "CAST(strftime('%s', day * 86400, 'unixepoch', 'start of month') AS INTEGER) / 86400";

let nextId = 1;
function addDeals(account: number, market: number, fromDay: number, days: number, perDay: number) {
  const insert = db.prepare(
    `INSERT INTO deals (account_ref, id, market_ref, side, role, amount, price, deal, fee, fee_asset, order_id, client_order_id, time_us)
     VALUES (?, ?, ?, ?, 'maker', ?, ?, ?, ?, ?, ?, '', ?)`,
  );
  for (let d = 0; d < days; d++)
    for (let k = 0; k < perDay; k++) {
      const id = nextId++;
      const buy = (id + account) % 3 !== 0;
      const amount = `0.${String(10 + ((id * 7) % 89))}`;
      const price = String(100 + ((id * 13) % 50));
      const value = (Number(amount) * Number(price)).toFixed(4);
      insert.run(
        account,
        id,
        market,
        buy ? 'buy' : 'sell',
        amount,
        price,
        value,
        '0.01',
        'USDT',
        id,
        (fromDay + d) * DAY_US + k * 1_000_000 + account,
      );
    }
  db.prepare('INSERT OR REPLACE INTO deal_changes (account_ref, market_ref, from_day) VALUES (?, ?, ?)').run(
    account,
    market,
    fromDay,
  );
}

/** Rows with each hi/lo pair joined into one exact number of units. */
const rows = (sql: string) =>
  (db.prepare(sql).safeIntegers(true).all() as Array<Record<string, bigint>>).map((r) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r))
      if (k.endsWith('_hi')) out[k.slice(0, -3)] = v * 10n ** 12n + (r[`${k.slice(0, -3)}_lo`] ?? 0n);
      else if (!k.endsWith('_lo')) out[k] = v;
    return out;
  });
const sorted = (list: unknown[]) =>
  list.map((r) => JSON.stringify(r, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).sort();

function expectSumsOfDays() {
  expect(
    sorted(
      rows(
        `SELECT account_ref, market_ref, month, book, days, deals, fee_other, ${PAIRS} FROM ledger_months`,
      ),
    ),
  ).toEqual(
    sorted(
      rows(
        `SELECT account_ref, market_ref, ${MONTH} AS month, book, ${SUMS} FROM ledger_days GROUP BY account_ref, market_ref, month, book`,
      ),
    ),
  );
  expect(
    sorted(rows(`SELECT market_ref, day, book, days, deals, fee_other, ${PAIRS} FROM ledger_market_days`)),
  ).toEqual(
    sorted(rows(`SELECT market_ref, day, book, ${SUMS} FROM ledger_days GROUP BY market_ref, day, book`)),
  );
}

describe('the ledger sums', () => {
  it('are the sums of its days, read in steps, read again, over month ends', () => {
    db.exec(`INSERT INTO deal_markets (ref, market) VALUES (1, 'BTC_USDT'), (2, 'ETH_USDT');
      INSERT INTO deal_accounts (ref, account) VALUES (1, 'a'), (2, 'b'), (3, 'c')`);
    addDeals(1, 1, FIRST_DAY, 80, 3);
    addDeals(2, 1, FIRST_DAY + 5, 60, 2);
    addDeals(2, 2, FIRST_DAY, 40, 1);
    // small steps: every call stops inside a day and the next adds to it
    for (let i = 0; i < 500 && buildLedger(db, 7).pending > 0; i++);
    expect(buildLedger(db).pending).toBe(0);
    expectSumsOfDays();
    // older deals of account 2 on BTC_USDT: its series is read again from its first day
    addDeals(2, 1, FIRST_DAY - 3, 4, 2);
    addDeals(3, 2, FIRST_DAY + 30, 20, 2);
    expect(buildLedger(db).pending).toBe(0);
    expectSumsOfDays();
  });

  it("give the reports the figures of the period's days, for the desk and for one account", () => {
    const figures = (list: Array<Record<string, unknown>>, key: (r: Record<string, unknown>) => string) =>
      sorted(
        list.map((r) => ({
          key: key(r),
          deals: r['deals'],
          ...Object.fromEntries(
            FIGURES.map((f) => [f, r[f] ?? (r[`${f}_hi`] as bigint) * 10n ** 12n + (r[`${f}_lo`] as bigint)]),
          ),
        })),
      );
    const byAccount = (r: Record<string, unknown>) =>
      `${String(r['account_ref'])}|${String(r['market_ref'])}`;
    const byDay = (r: Record<string, unknown>) => `${String(r['day'])}|${String(r['market_ref'])}`;
    const days = (group: string, from: number, to: number, accounts: number[]) =>
      rows(
        `SELECT ${group}, sum(deals) AS deals, ${FIGURES.map((f) => `sum(${f}_hi) AS ${f}_hi, sum(${f}_lo) AS ${f}_lo`).join(', ')}
         FROM ledger_days WHERE day >= ${String(from)} AND day <= ${String(to)} AND account_ref IN (${accounts.join(', ')}) GROUP BY ${group}`,
      ) as Array<Record<string, unknown>>;
    // whole months inside, parts of months at both ends, within one month, one day
    for (const [from, to] of [
      [FIRST_DAY - 5, FIRST_DAY + 120],
      [FIRST_DAY + 12, FIRST_DAY + 40],
      [FIRST_DAY + 2, FIRST_DAY + 9],
      [FIRST_DAY + 11, FIRST_DAY + 11],
    ] as Array<[number, number]>) {
      for (const [accounts, refs] of [
        [null, [1, 2, 3]],
        [
          ['a', 'b', 'c'],
          [1, 2, 3],
        ],
        [['b'], [2]],
      ] as Array<[string[] | null, number[]]>) {
        const scope = { accounts, fromDay: from, toDay: to };
        expect(figures(sumsByAccount(db, scope), byAccount)).toEqual(
          figures(days('account_ref, market_ref', from, to, refs), byAccount),
        );
        expect(figures(sumsByDay(db, scope), byDay)).toEqual(
          figures(days('day, market_ref', from, to, refs), byDay),
        );
      }
    }
  });
});
