/**
 * What the exchange opens on demand: a fiat deposit invoice's payment page (`main-account/fiat-deposit-url`)
 * and the account's active credit-line loan (`credit-line/loans/info`), each refusal as published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await start({ seed: 50 });
});
afterAll(() => h.sandbox.close());

const URL_PATH = '/api/v4/main-account/fiat-deposit-url';
const invalid = (errors: Record<string, string[]>) => [
  400,
  { code: 0, message: 'Validation failed', errors },
];
const refused = async (fields: Record<string, unknown>) => {
  const r = await h.client('main').post(URL_PATH, fields);
  return [r.status, r.body];
};

describe('main-account/fiat-deposit-url', () => {
  it('answers a payment page of its own for each invoice, each unique id once', async () => {
    const fields = { ticker: 'UAH', provider: 'VISAMASTER', amount: '100', uniqueId: 'inv-1' };
    const r = await h.client('main').post(URL_PATH, fields);
    expect([r.status, r.body]).toEqual([200, { url: expect.stringMatching(/^https:\/\//) }]);
    const other = await h
      .client('main')
      .post(URL_PATH, { ...fields, uniqueId: 'inv-2', successLink: 'https://desk.example.com/ok' });
    expect(other.body.url).not.toBe(r.body.url);
    expect(await refused(fields)).toEqual(invalid({ uniqueId: ['The unique id has already been taken.'] }));
    // another account's ids are its own
    expect((await h.client('sub-alpha').post(URL_PATH, fields)).status).toBe(200);
  });

  it.each([
    [
      {},
      {
        ticker: ['The ticker field is required.'],
        provider: ['The provider field is required.'],
        uniqueId: ['The unique id field is required.'],
        amount: ['The amount field is required.'],
      },
    ],
    [
      { ticker: 'NOPE', provider: 'CARDX', amount: 'ten', uniqueId: 'a' },
      {
        amount: ['The amount must be a number.'],
        ticker: ['The selected ticker is invalid.'],
        provider: ['The selected provider is invalid.'],
      },
    ],
    [
      { ticker: 'USDT', provider: 'VISAMASTER', amount: '100', uniqueId: 'b' },
      { ticker: ['Currency is not depositable via API'] },
    ],
    [
      { ticker: 'UAH', provider: 'VISAMASTER', amount: '0', uniqueId: 'c' },
      { amount: ['Amount is too little for deposit'] },
    ],
    [
      {
        ticker: 'UAH',
        provider: 'VISAMASTER',
        amount: '10',
        uniqueId: 'd',
        successLink: 'http://x.example.com',
        failureLink: 'http://y.example.com',
      },
      {
        successLink: ['Your domain scheme incorrect. Use https only'],
        failureLink: ['Your domain scheme incorrect. Use https only'],
      },
    ],
  ])('refuses %j as published', async (fields, errors) => {
    expect(await refused(fields)).toEqual(invalid(errors));
  });
});

describe('credit-line/loans/info', () => {
  it('answers the active loan, and none once it ends', async () => {
    const path = '/api/v4/credit-line/loans/info';
    const none = await h.client('main').post(path);
    expect([none.status, none.body]).toEqual([400, { code: 0, message: 'No active loan at the moment' }]);
    const loan = {
      asset: 'BTC',
      amount: '1.5',
      totalFunding: '0.5',
      currentLtv: '25',
      initialLtv: '60',
      marginCallLtv: '75',
      liquidationLtv: '85',
    };
    h.sandbox.control.grantLoan('main', loan);
    const r = await h.client('main').post(path);
    expect([r.status, r.body]).toEqual([200, { ...loan, createdAt: expect.any(Number) }]);
    expect((await h.client('sub-alpha').post(path)).status).toBe(400);
    h.sandbox.control.grantLoan('main', undefined);
    expect((await h.client('main').post(path)).status).toBe(400);
  });
});
