/**
 * A sub-account's withdrawal held for the main account: confirming it takes its amount from the
 * sub-account's main balance, sends it as the sub-account's withdrawal and takes it off the waiting
 * list; every refusal as published. And a KYC link for a sub-account without shared KYC.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Client, type Harness } from './support.ts';

let h: Harness;
let main: Client;
beforeAll(async () => {
  h = await start({ seed: 49 });
  main = h.client('main');
});
afterAll(() => h.sandbox.close());

const CONFIRM = '/api/v4/sub-account/withdraw/confirm';
const usdt = async (label: string) =>
  (await h.client(label).post('/api/v4/main-account/balance', { ticker: 'USDT' })).body.USDT.main_balance;

describe('sub-account/withdraw/confirm', () => {
  it('sends the held withdrawal from the sub-account, once, and takes it off the waiting list', async () => {
    const id = h.sandbox.control.awaitApproval('sub-noretail', 'USDT', '250.5');
    expect(await usdt('sub-noretail')).toBe('2000');
    const r = await main.post(CONFIRM, { id });
    expect([r.status, r.body]).toEqual([200, {}]);
    expect(await usdt('sub-noretail')).toBe('1749.5');
    const waiting = await main.post('/api/v4/sub-account/withdraw/unconfirmed-list');
    expect(waiting.body.data).toEqual([]);
    const history = await h
      .client('sub-noretail')
      .post('/api/v4/main-account/history', { transactionMethod: 2 });
    expect(history.body.records).toMatchObject([
      { transaction_id: id, amount: '250.5', ticker: 'USDT', method: 2 },
    ]);
    const again = await main.post(CONFIRM, { id });
    expect([again.status, again.body]).toEqual([
      422,
      { code: 422, message: 'Transaction has incorrect status' },
    ]);
  });

  it('refuses what the sub-account cannot pay, an unknown id and a missing one, as published', async () => {
    const id = h.sandbox.control.awaitApproval('sub-maker', 'BTC', '12');
    const short = await main.post(CONFIRM, { id });
    expect([short.status, short.body]).toEqual([
      422,
      { code: 0, message: 'Inner validation failed', errors: { amount: 'insufficientFunds' } },
    ]);
    expect((await main.post('/api/v4/sub-account/withdraw/unconfirmed-list')).body.data).toHaveLength(1);
    const unknown = await main.post(CONFIRM, { id: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' });
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { code: 0, message: 'Validation failed', errors: { id: ['validation.exists'] } },
    ]);
    const none = await main.post(CONFIRM, {});
    expect([none.status, none.body.errors]).toEqual([400, { id: ['The id field is required.'] }]);
    // a sub-account's own key may not confirm
    expect((await h.client('sub-maker').post(CONFIRM, { id })).status).toBeGreaterThanOrEqual(400);
  });
});

describe('sub-account/kyc-url', () => {
  it('gives a sub-account of its own KYC an hour-long link, and refuses one sharing KYC or blocked', async () => {
    const made = await main.post('/api/v4/sub-account/create', {
      alias: 'own-kyc',
      email: 'own-kyc@example.com',
      shareKyc: false,
      permissions: { spotEnabled: true, collateralEnabled: false },
    });
    const id = made.body.id as string;
    const r = await main.post('/api/v4/sub-account/kyc-url', { id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ url: expect.stringMatching(/^https:\/\//), expiresIn: 3600 });
    const next = await main.post('/api/v4/sub-account/kyc-url', { id });
    expect(next.body.url).not.toBe(r.body.url);

    const shared = await main.post('/api/v4/sub-account/kyc-url', {
      id: h.account('sub-alpha').subAccountId,
    });
    expect([shared.status, shared.body]).toEqual([400, { code: 400, message: 'Sub-account has shared KYC' }]);
    await main.post('/api/v4/sub-account/block', { id });
    const blocked = await main.post('/api/v4/sub-account/kyc-url', { id });
    expect([blocked.status, blocked.body]).toEqual([
      400,
      { code: 400, message: 'Sub-account is not active' },
    ]);
    const unknown = await main.post('/api/v4/sub-account/kyc-url', {
      id: '8e667b4a-0b71-4988-8af5-9474dbfaeb51',
    });
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { code: 0, message: 'Validation failed', errors: { id: ['validation.exists'] } },
    ]);
  });
});
