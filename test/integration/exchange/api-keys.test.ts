import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import * as subAccounts from '../../../main/exchange/endpoints/sub-accounts.ts';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { AuthError, ExchangeError, ValidationError } from '../../../main/exchange/errors.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const order = { market: 'BTC_USDT', side: 'buy' as const, amount: '0.0003', price: '20000' };

function keyOf(label: string): string {
  return h.sandbox.accounts.find((a) => a.label === label)?.apiKey ?? '';
}

describe('sub-account API keys against the sandbox', () => {
  it('refuses an endpoint the key is not allowed, then allows it after an edit that merges', async () => {
    const restricted = h.as('sub-restricted');
    const refused = await trading.limitOrder(restricted, order).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AuthError);
    expect((refused as AuthError).status).toBe(403);
    expect((refused as Error).message).toMatch(/not allowed to use this function/);

    await subAccounts.editApiKey(h.as('main'), {
      apiKeyId: keyOf('sub-restricted'),
      title: 'desk restricted',
      urls: [{ url: '/api/v4/order/new', enable: true }],
    });
    const placed = await trading.limitOrder(h.as('sub-restricted'), order);
    expect(placed.orderId).toBeGreaterThan(0);
    // Unlisted URLs kept their setting: withdraw-pay is still refused.
    const withdraw = await mainAccount
      .withdrawPay(h.as('sub-restricted'), {
        ticker: 'USDT',
        amount: '10',
        address: '0x00000000000000000000000000000000000000ab',
        uniqueId: 'r-1',
      })
      .catch((e: unknown) => e);
    expect(withdraw).toBeInstanceOf(AuthError);
  });

  it('resets a key: the old pair stops at once, the new one works', async () => {
    const old = h.as('sub-alpha');
    await subAccounts.resetApiKey(h.as('main'), keyOf('sub-alpha'));
    const refused = await trading.tradeBalance(old).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AuthError);
    expect(await trading.tradeBalance(h.as('sub-alpha'))).toHaveProperty('USDT');
  });

  it('tells a missing key id (field error) from an unknown key (message only)', async () => {
    const missing = await subAccounts.resetApiKey(h.as('main'), '').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ValidationError);
    expect((missing as ValidationError).fields).toHaveProperty('apiKeyId');
    const unknown = await subAccounts.resetApiKey(h.as('main'), 'no-such-key').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(ExchangeError);
    expect(unknown).not.toBeInstanceOf(ValidationError);
    expect((unknown as Error).message).toMatch(/not found/i);
  });
});
