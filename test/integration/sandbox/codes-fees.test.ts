/**
 * The account's codes (`main-account/codes/my`, `codes/history`: made and applied, newest first,
 * paged) and its deposit and withdrawal fees (`main-account/fee`, as `public/fee` lists them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, start, type Harness } from './support.ts';

let h: Harness;
let nowMs = Date.now() - 86_400_000;

beforeAll(async () => {
  h = await start({ seed: 31, now: () => nowMs });
});
afterAll(async () => {
  await h.sandbox.close();
});

const post = (label: string, path: string, fields: Record<string, unknown> = {}) =>
  h.client(label).post(path, fields);
const created = async (label: string, path: string, fields: Record<string, unknown> = {}) => {
  const r = await post(label, path, fields);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(201);
  return r.body;
};

describe('codes', () => {
  it('lists the codes made, newest first, and a history of each made and applied', async () => {
    const t0 = Math.floor(nowMs / 1000);
    const first = await created('main', '/api/v4/main-account/codes', { ticker: 'USDT', amount: '10' });
    nowMs += 60_000;
    const second = await created('main', '/api/v4/main-account/codes', { ticker: 'USDT', amount: '2.5' });
    nowMs += 60_000;
    await created('sub-alpha', '/api/v4/main-account/codes/apply', { code: first.code });

    const mine = await created('main', '/api/v4/main-account/codes/my');
    expect(mine).toEqual({
      total: 2,
      data: [
        {
          amount: '2.5',
          code: second.code,
          date: t0 + 60,
          status: 'active',
          ticker: 'USDT',
          external_id: second.external_id,
        },
        {
          amount: '10',
          code: first.code,
          date: t0,
          status: 'Activated',
          ticker: 'USDT',
          external_id: first.external_id,
        },
      ],
      limit: 30,
      offset: 0,
    });
    const made = await created('main', '/api/v4/main-account/codes/history');
    expect(made.data.map((e: { amount: string; date: number }) => [e.amount, e.date])).toEqual([
      ['-2.5', t0 + 60],
      ['-10', t0],
    ]);
    const applied = await created('sub-alpha', '/api/v4/main-account/codes/history');
    expect(applied.total).toBe(1);
    expect(applied.data[0]).toMatchObject({
      amount: '+10',
      code: first.code,
      date: t0 + 120,
      status: 'Activated',
    });
    // the application is an entry of its own
    expect(applied.data[0].external_id).not.toBe(first.external_id);
    const paged = await created('main', '/api/v4/main-account/codes/my', { limit: 1, offset: 1 });
    expect(paged.data.map((c: { code: string }) => c.code)).toEqual([first.code]);
  });

  it.each([
    [{ limit: 101 }, { limit: ['The limit may not be greater than 100.'] }],
    [{ limit: 0 }, { limit: ['The limit must be at least 1.'] }],
    [{ offset: 10_001 }, { offset: ['The offset may not be greater than 10000.'] }],
    [{ limit: 'x' }, { limit: ['The limit must be an integer.'] }],
  ])('refuses %j as published', async (fields, errors) => {
    for (const path of ['/api/v4/main-account/codes/my', '/api/v4/main-account/codes/history']) {
      const r = await post('main', path, fields);
      expect([r.status, r.body]).toEqual([400, { code: 0, message: 'Validation failed', errors }]);
    }
  });
});

describe('deposit and withdrawal fees', () => {
  it('gives every currency the fees and limits public/fee lists', async () => {
    const r = await post('main', '/api/v4/main-account/fee');
    expect(r.status).toBe(200);
    const fees = r.body as Array<{ ticker: string; can_withdraw: boolean; withdraw: Record<string, string> }>;
    const listed = (await get(h.sandbox.rest, '/api/v4/public/fee')).body;
    expect(fees.map((f) => f.ticker).sort()).toEqual(Object.keys(listed).sort());
    for (const f of fees.filter((x) => listed[x.ticker].providers.length === 0)) {
      const pub = listed[f.ticker];
      expect([f.can_withdraw, f.withdraw['fixed'], f.withdraw['minAmount'], f.withdraw['maxAmount']]).toEqual(
        [pub.is_withdrawal, pub.withdraw.fixed, pub.withdraw.min_amount, pub.withdraw.max_amount],
      );
    }
  });
});
