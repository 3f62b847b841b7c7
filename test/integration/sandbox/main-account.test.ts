import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, start } from './support.ts';
import type { Harness } from './support.ts';

let clock = Date.now();
let nonce = clock;
let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 17, now: () => clock });
});
afterAll(async () => {
  await h.sandbox.close();
});

function post(label: string, path: string, fields: Record<string, unknown> = {}) {
  nonce = Math.max(nonce + 1, clock);
  return h.client(label).post(path, fields, { nonce });
}

const WPAY = '/api/v4/main-account/withdraw-pay';
const BAL = '/api/v4/main-account/balance';

describe('main account', () => {
  it('answers balances keyed by ticker with pending_deposit_amount', async () => {
    const all = await post('main', BAL);
    expect(all.body.USDT).toEqual({ main_balance: '100000', pending_deposit_amount: '500' });
    expect(all.body.BTC).toEqual({ main_balance: '2', pending_deposit_amount: '0' });
    const unknown = await post('main', BAL, { ticker: 'NOPE' });
    expect(unknown.body).toEqual({ NOPE: { main_balance: '0', pending_deposit_amount: '0' } });
    const bad = await post('main', BAL, { ticker: 5 });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ['ticker']]);
  });

  it('answers the withdrawable balance without the collateral balance', async () => {
    const r = await post('main', '/api/v4/main-account/withdrawable-balance');
    expect(r.status).toBe(200);
    expect(r.body.assets.USDT).toBe('149500');
    expect(r.body.lockedBalanceStable).toBe('500');
    expect('XAU' in r.body.assets).toBe(false);
    expect(Number(r.body.availableBalanceStable)).toBeGreaterThanOrEqual(0);
    expect(Number(r.body.totalBalanceStable)).toBeGreaterThan(Number(r.body.availableBalanceStable));
  });

  it('withdraw-pay takes the fee on top, once per uniqueId', async () => {
    const ok = await post('main', WPAY, {
      ticker: 'USDT',
      amount: '100',
      address: '0x00000000000000000000000000000000000000ab',
      uniqueId: 'w-1',
    });
    // the main account's endpoints answer 201
    expect(ok.status).toBe(201);
    expect((await post('main', BAL, { ticker: 'USDT' })).body.USDT.main_balance).toBe('99899');
    const again = await post('main', WPAY, {
      ticker: 'USDT',
      amount: '100',
      address: '0x00000000000000000000000000000000000000ab',
      uniqueId: 'w-1',
    });
    // request validation: 400, code 0
    expect([again.status, again.body.code, Object.keys(again.body.errors)]).toEqual([400, 0, ['uniqueId']]);
    expect((await post('main', BAL, { ticker: 'USDT' })).body.USDT.main_balance).toBe('99899');
    const hist = await post('main', '/api/v4/main-account/history', { unique_id: 'w-1' });
    expect(hist.body.records).toHaveLength(1);
    expect(hist.body.records[0]).toMatchObject({
      method: 2,
      amount: '100',
      fee: '1',
      // a pending withdrawal, as the exchange numbers it
      status: 1,
      ticker: 'USDT',
    });
    const missing = await post('main', WPAY, {
      ticker: 'USDT',
      amount: '100',
      address: '0x00000000000000000000000000000000000000ab',
    });
    expect(Object.keys(missing.body.errors)).toEqual(['uniqueId']);
    const fiat = await post('main', WPAY, { ticker: 'UAH', amount: '200', address: '4111', uniqueId: 'w-f' });
    expect(Object.keys(fiat.body.errors)).toEqual(['provider']);
  });

  it('rejects moving held deposit funds with code 20 on amount', async () => {
    // free = 99899 - 500 held
    const held = await post('main', WPAY, {
      ticker: 'USDT',
      amount: '99600',
      address: '0x00000000000000000000000000000000000000ab',
      uniqueId: 'w-2',
    });
    expect([held.status, held.body.code, Object.keys(held.body.errors)]).toEqual([422, 20, ['amount']]);
    const w = await post('main', '/api/v4/main-account/withdraw', {
      ticker: 'USDT',
      amount: '99600',
      address: '0x00000000000000000000000000000000000000ab',
      uniqueId: 'w-3',
    });
    expect(w.body.code).toBe(20);
    const code = await post('main', '/api/v4/main-account/codes', { ticker: 'USDT', amount: '99600' });
    expect([code.body.code, Object.keys(code.body.errors)]).toEqual([20, ['amount']]);
  });

  it('requires the withdraw URL to be enabled on a sub-account key', async () => {
    const denied = await post('sub-alpha', WPAY, {
      ticker: 'USDT',
      amount: '20',
      address: '0x0000000000000000000000000000000000000001',
      uniqueId: 's-1',
    });
    expect(denied.status).toBe(403);
    await post('main', '/api/v4/sub-account/api-key/edit', {
      apiKeyId: h.account('sub-alpha').apiKey,
      title: 'alpha',
      urls: [{ url: WPAY, enable: true }],
    });
    const ok = await post('sub-alpha', WPAY, {
      ticker: 'USDT',
      amount: '20',
      address: '0x0000000000000000000000000000000000000001',
      uniqueId: 's-1',
    });
    expect(ok.status).toBe(201);
  });

  it('completes pending deposits and withdrawals over time', async () => {
    clock += 121_000;
    const bal = await post('main', BAL, { ticker: 'USDT' });
    expect(bal.body.USDT.pending_deposit_amount).toBe('0');
    const hist = await post('main', '/api/v4/main-account/history', { unique_id: 'w-1' });
    expect(hist.body.records[0].status).toBe(3); // successful
    const deposits = await post('main', '/api/v4/main-account/history', { transactionMethod: 1 });
    expect(deposits.body.records.every((r: { method: number }) => r.method === 1)).toBe(true);
    // up to 500 a page, as published
    expect((await post('main', '/api/v4/main-account/history', { limit: 500 })).status).toBe(201);
    const over = await post('main', '/api/v4/main-account/history', { limit: 501 });
    expect([over.status, over.body.errors]).toEqual([
      400,
      { limit: ['The limit may not be greater than 500.'] },
    ]);
  });

  it('creates codes within their bounds', async () => {
    const ok = await post('main', '/api/v4/main-account/codes', {
      ticker: 'USDT',
      amount: '10',
      passphrase: 'P@ss-1!',
    });
    expect(ok.status).toBe(201);
    expect(typeof ok.body.code).toBe('string');
    expect(typeof ok.body.message).toBe('string');
    expect(ok.body.external_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    for (const [fields, field] of [
      [{ amount: '0' }, 'amount'],
      [{ amount: '0.0000000000000000001' }, 'amount'],
      [{ amount: '100000000000000001' }, 'amount'],
      [{ amount: '1', passphrase: 'tab\there' }, 'passphrase'],
      [{ amount: '1', passphrase: 'x'.repeat(26) }, 'passphrase'],
    ] as const) {
      const r = await post('main', '/api/v4/main-account/codes', { ticker: 'USDT', ...fields });
      expect([r.status, r.body.code], JSON.stringify(fields)).toEqual([400, 0]);
      expect(Object.keys(r.body.errors), JSON.stringify(fields)).toEqual([field]);
    }
  });

  it('applies a code to another account, never to the one that made it', async () => {
    const made = await post('main', '/api/v4/main-account/codes', { ticker: 'USDT', amount: '3' });
    const APPLY = '/api/v4/main-account/codes/apply';
    const own = await post('main', APPLY, { code: made.body.code });
    expect([own.status, own.body]).toEqual([
      400,
      { code: 0, message: 'Validation failed', errors: { code: ['This code was created by you'] } },
    ]);
    const before = (await post('sub-alpha', BAL, { ticker: 'USDT' })).body.USDT.main_balance as string;
    const applied = await post('sub-alpha', APPLY, { code: made.body.code });
    expect([applied.status, applied.body]).toEqual([
      201,
      {
        message: 'Code was successfully applied',
        ticker: 'USDT',
        amount: '3',
        external_id: made.body.external_id,
      },
    ]);
    const after = (await post('sub-alpha', BAL, { ticker: 'USDT' })).body.USDT.main_balance as string;
    expect(Number(after) - Number(before)).toBe(3);
  });

  it('lists refunds with filters and paging', async () => {
    const all = await post('main', '/api/v4/main-account/refund-history', {});
    expect(all.body.records).toHaveLength(3);
    expect(all.body.records.map((r: { status: string }) => r.status).sort()).toEqual([
      'canceled',
      'in_process',
      'successful',
    ]);
    const usdt = await post('main', '/api/v4/main-account/refund-history', { ticker: 'USDT' });
    expect(usdt.body.records.every((r: { ticker: string }) => r.ticker === 'USDT')).toBe(true);
    const page = await post('main', '/api/v4/main-account/refund-history', { limit: 1, offset: 1 });
    expect(page.body.records).toHaveLength(1);
    expect(page.body.records[0].id).toBe(all.body.records[1].id);
  });

  it('refunds a credited deposit in full to the address given, completing later', async () => {
    const deposits = await post('main', '/api/v4/main-account/history', {
      transactionMethod: 1,
      ticker: 'BTC',
    });
    const deposit = deposits.body.records[0];
    const before = (await post('main', BAL, { ticker: 'BTC' })).body.BTC.main_balance;
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const r = await post('main', '/api/v4/main-account/refund-deposit', {
      transactionId: deposit.transaction_id,
      address,
    });
    expect(r.status).toBe(200);
    expect(r.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const after = (await post('main', BAL, { ticker: 'BTC' })).body.BTC.main_balance;
    expect(Number(before) - Number(after)).toBe(Number(deposit.amount));
    const again = await post('main', '/api/v4/main-account/refund-deposit', {
      transactionId: deposit.transaction_id,
      address,
    });
    expect([again.status, again.body]).toEqual([400, { code: 0, message: 'Transaction not refundable' }]);
    const noAddress = await post('main', '/api/v4/main-account/refund-deposit', {
      transactionId: deposit.transaction_id,
    });
    expect([noAddress.status, Object.keys(noAddress.body.errors)]).toEqual([400, ['address']]);
    const listed = await post('main', '/api/v4/main-account/refund-history', {
      depositId: deposit.transaction_id,
    });
    expect(listed.body.records).toEqual([
      expect.objectContaining({ id: r.body.id, status: 'in_process', address, ticker: 'BTC' }),
    ]);
    clock += 121_000;
    const done = await post('main', '/api/v4/main-account/refund-history', {
      depositId: deposit.transaction_id,
    });
    expect(done.body.records[0].status).toBe('successful');
  });

  it('takes the originator of a deposit for Travel Rule verification', async () => {
    const deposits = await post('main', '/api/v4/main-account/history', { transactionMethod: 1 });
    const deposit = deposits.body.records[0];
    const originator = {
      type: 'individual',
      firstName: 'Jane',
      lastName: 'Doe',
      residenceCountry: 'DEU',
      walletAddress: '0x00000000000000000000000000000000000000cd',
      address: { country: 'DEU', city: 'Berlin', addressLine1: 'Alexanderplatz 1' },
    };
    const verified = await post('main', '/api/v4/travel-rule/deposit/verification', {
      uniqueId: deposit.transaction_id,
      walletType: 'unhosted',
      originator,
    });
    expect([verified.status, verified.body]).toEqual([
      200,
      { data: { uniqueId: deposit.transaction_id, status: 'submitted' } },
    ]);
    const unknown = await post('main', '/api/v4/travel-rule/deposit/verification', {
      uniqueId: 'nope',
      walletType: 'unhosted',
      originator,
    });
    expect([unknown.status, unknown.body.errors]).toEqual([422, { uniqueId: ['Transaction not found'] }]);
    const nameless = await post('main', '/api/v4/travel-rule/deposit/verification', {
      uniqueId: deposit.transaction_id,
      walletType: 'hosted',
      originator: { ...originator, firstName: '' },
    });
    expect([nameless.status, Object.keys(nameless.body.errors)]).toEqual([400, ['originator.firstName']]);
  });

  it('converts once per idempotencyKey', async () => {
    const fields = {
      from: 'USDT',
      to: 'BTC',
      direction: 'from',
      amount: '1000',
      idempotencyKey: 'conv-0001',
    };
    const a = await post('main', '/api/v4/convert/auto-confirm', fields);
    expect(a.status).toBe(200);
    expect(a.body.finalGive).toBe('1000');
    const before = (await post('main', BAL, { ticker: 'USDT' })).body.USDT.main_balance;
    const b = await post('main', '/api/v4/convert/auto-confirm', fields);
    expect(b.body).toEqual(a.body);
    expect((await post('main', BAL, { ticker: 'USDT' })).body.USDT.main_balance).toBe(before);
    const short = await post('main', '/api/v4/convert/auto-confirm', { ...fields, idempotencyKey: 'short' });
    expect(Object.keys(short.body.errors)).toEqual(['idempotencyKey']);
  });

  it('lists travel-rule VASPs, and answers the regional 422 where disabled', async () => {
    const ok = await post('main', '/api/v4/travel-rule/vasps');
    expect(ok.body.data.vasps.length).toBeGreaterThan(0);
    expect(Object.keys(ok.body.data.vasps[0]).sort()).toEqual(['name', 'vaspId']);
    const region = await post('sub-noretail', '/api/v4/travel-rule/vasps');
    expect(region.status).toBe(422);
    expect(region.body.code).toBe(0);
    expect(region.body.errors.error[0]).toMatch(/disabled/);
  });

  it('closes an ACTIVE flex investment only', async () => {
    const [active, closed] = h.sandbox.control.state.wallet.flex;
    const path = '/api/v4/main-account/smart-flex/investments/close';
    const r = await post('main', path, { plan: active?.plan });
    expect(r.status).toBe(201);
    expect(typeof r.body.data.transaction_id).toBe('string');
    expect((await post('main', path, { plan: active?.plan })).status).toBe(422);
    const c = await post('main', path, { plan: closed?.plan });
    expect([c.status, c.body.errors]).toEqual([
      422,
      { investment: ['Cannot withdraw from closed investment'] },
    ]);
    const none = await post('main', path, {});
    expect([none.status, Object.keys(none.body.errors)]).toEqual([400, ['plan']]);
  });

  it('issues websocket tokens, 10 per 60 s', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await post('sub-maker', '/api/v4/profile/websocket_token');
      expect(typeof r.body.websocket_token).toBe('string');
    }
    expect((await post('sub-maker', '/api/v4/profile/websocket_token')).status).toBe(429);
  });

  it('refuses an address that cannot exist on the network with 422 code 2 on address, debiting nothing', async () => {
    const before = (await post('main', BAL)).body;
    const cases: Array<[string, string, string]> = [
      ['USDT', 'ERC20', 'hello world'],
      ['USDT', 'ERC20', '0x52908400098527886e0F7030069857D2E4169EE7'],
      ['USDT', 'TRC20', '0x52908400098527886E0F7030069857D2E4169EE7'],
      ['BTC', 'BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx'],
      ['LTC', 'LTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
      ['XRP', 'XRP', 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLx'],
    ];
    for (const [ticker, network, address] of cases) {
      const r = await post('main', WPAY, {
        ticker,
        network,
        amount: '50',
        address,
        memo: '1',
        uniqueId: `bad-${address}`,
      });
      expect([r.status, r.body.code, Object.keys(r.body.errors)], address).toEqual([422, 2, ['address']]);
    }
    expect((await post('main', BAL)).body).toEqual(before);
  });

  it('asks the destination tag on XRP and keeps it on the withdrawal', async () => {
    const assets = (await get(h.sandbox.rest, '/api/v4/public/assets')).body;
    expect(assets.XRP).toMatchObject({ is_memo: true, networks: { withdraws: ['XRP'], default: 'XRP' } });
    expect(assets.USDT.is_memo).toBe(false);
    const address = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';
    const untagged = await post('main', WPAY, { ticker: 'XRP', amount: '50', address, uniqueId: 'xrp-0' });
    expect([untagged.status, Object.keys(untagged.body.errors)]).toEqual([400, ['memo']]);
    const words = await post('main', WPAY, {
      ticker: 'XRP',
      amount: '50',
      address,
      memo: 'abc',
      uniqueId: 'xrp-1',
    });
    expect(Object.keys(words.body.errors)).toEqual(['memo']);
    const tagged = await post('main', WPAY, {
      ticker: 'XRP',
      amount: '50',
      address,
      memo: '12345',
      uniqueId: 'xrp-2',
    });
    expect(tagged.status).toBe(201);
    const hist = await post('main', '/api/v4/main-account/history', { unique_id: 'xrp-2' });
    expect(hist.body.records[0]).toMatchObject({ ticker: 'XRP', network: 'XRP', memo: '12345', address });
    const memoOnErc20 = await post('main', WPAY, {
      ticker: 'USDT',
      amount: '50',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      memo: '1',
      uniqueId: 'erc-memo',
    });
    expect(Object.keys(memoOnErc20.body.errors)).toEqual(['memo']);
  });
});
