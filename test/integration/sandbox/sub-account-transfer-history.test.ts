// The sandbox's sub-account transfer history as the published example shows it: each transfer with the
// main account under the transaction id the transfer answered, newest first, in one direction or both,
// paged (30 by default, up to 100); refused in the validation shape, and to a sub-account's key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Client, type Harness } from './support.ts';

let h: Harness;
let main: Client;
let id: string;

beforeAll(async () => {
  h = await start({ seed: 33 });
  main = h.client('main');
  const made = await main.post('/api/v4/sub-account/create', {
    alias: 'history',
    shareKyc: true,
    permissions: { spotEnabled: true, collateralEnabled: true },
  });
  id = made.body.id;
});
afterAll(() => h.sandbox.close());

const move = async (direction: string, amount: string, ticker = 'USDT') => {
  const r = await main.post('/api/v4/sub-account/transfer', { id, direction, amount, ticker });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.transaction_id as string;
};

describe('sub-account/transfer/history', () => {
  it('answers an empty page for a sub-account without transfers', async () => {
    const r = await main.post('/api/v4/sub-account/transfer/history', { id });
    expect([r.status, r.body]).toEqual([200, { offset: 0, limit: 30, data: [] }]);
  });

  it('lists each transfer under its transaction id, newest first, with the fields of the example', async () => {
    const t0 = Math.floor(Date.now() / 1000);
    const first = await move('main_to_sub', '10');
    const second = await move('sub_to_main', '2.5');
    const third = await move('main_to_sub', '0.00000001', 'BTC');
    const r = await main.post('/api/v4/sub-account/transfer/history', { id });
    expect(r.body.data.map((t: { id: string }) => t.id)).toEqual([third, second, first]);
    // `transaction_id`, with the deprecated `id` beside it (the same value)
    expect(r.body.data[1]).toEqual({
      transaction_id: second,
      id: second,
      direction: 'sub_to_main',
      currency: 'USDT',
      amount: '2.5',
      createdAt: expect.any(Number),
    });
    expect(r.body.data[1].createdAt).toBeGreaterThanOrEqual(t0 - 1);
    expect(r.body.data[1].createdAt).toBeLessThan(t0 + 60);
  });

  it('filters by direction and pages by limit and offset', async () => {
    const toSub = await main.post('/api/v4/sub-account/transfer/history', { id, direction: 'main_to_sub' });
    expect(toSub.body.data.map((t: { direction: string }) => t.direction)).toEqual([
      'main_to_sub',
      'main_to_sub',
    ]);
    const page = await main.post('/api/v4/sub-account/transfer/history', { id, limit: 1, offset: 1 });
    expect([page.body.limit, page.body.offset, page.body.data.length]).toEqual([1, 1, 1]);
    expect(page.body.data[0].direction).toBe('sub_to_main');
  });

  it('refuses a missing or unknown sub-account, an unknown direction and limits out of range', async () => {
    // the exchange publishes this endpoint's refusals as `{code, message}` with no field bag
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'The id field is required.'],
      [{ id: 'nope' }, 'Sub-account do not exists'],
      [{ id, direction: 'sideways' }, 'The selected direction is invalid.'],
      [{ id, limit: 0 }, 'The limit must be at least 1.'],
      [{ id, limit: 101 }, 'The limit may not be greater than 100.'],
      [{ id, offset: 10_001 }, 'The offset may not be greater than 10000.'],
    ];
    for (const [body, message] of cases) {
      const r = await main.post('/api/v4/sub-account/transfer/history', body);
      expect([r.status, r.body], JSON.stringify(body)).toEqual([422, { code: 0, message }]);
    }
  });

  it("is refused to a sub-account's key", async () => {
    const r = await h.client('sub-alpha').post('/api/v4/sub-account/transfer/history', { id });
    expect([r.status, r.body.message]).toEqual([403, "You don't have permission to use this endpoint."]);
  });
});
