// Deposit addresses as the published examples show them: the same ticker and network answer the same
// address with the deposit terms; a new address where the exchange enabled it; refusals as listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFits } from '../../../main/sandbox/addresses.ts';
import { start, type Harness } from './support.ts';

let h: Harness;

beforeAll(async () => {
  h = await start({ seed: 33 });
});
afterAll(() => h.sandbox.close());

const ask = (label: string, fields: Record<string, unknown>, path = 'address') =>
  h.client(label).post(`/api/v4/main-account/${path}`, fields);

describe('main-account/address', () => {
  it('answers the address, memo and deposit terms of the example; the same ticker and network, the same address', async () => {
    const r = await ask('main', { ticker: 'USDT', network: 'TRC20' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      account: { address: expect.stringMatching(/^T/), memo: '' },
      required: {
        fixedFee: '0',
        flexFee: { maxFee: '5', minFee: '0.1', percent: '0.1' },
        maxAmount: '0',
        minAmount: '1',
      },
    });
    expect((await ask('main', { ticker: 'USDT', network: 'TRC20' })).body).toEqual(r.body);
    // USDT defaults to ERC20
    const erc = await ask('main', { ticker: 'USDT' });
    expect((await ask('main', { ticker: 'USDT', network: 'ERC20' })).body.account).toEqual(erc.body.account);
    expect(erc.body.account.address).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('hands out addresses the network accepts, with a destination tag where the network needs one', async () => {
    for (const [ticker, network] of [
      ['USDT', 'ERC20'],
      ['USDT', 'TRC20'],
      ['BTC', 'BTC'],
      ['ETH', 'ERC20'],
      ['LTC', 'LTC'],
      ['XRP', 'XRP'],
    ] as const) {
      const { account } = (await ask('main', { ticker, network })).body;
      expect([ticker, network, addressFits(network, account.address)]).toEqual([ticker, network, true]);
    }
    const xrp = (await ask('main', { ticker: 'XRP' })).body.account;
    expect(xrp.memo).toMatch(/^\d{1,10}$/);
  });

  it('refuses an unknown ticker or network, fiat, and a currency without deposits, as the examples do', async () => {
    const unknown = await ask('main', { ticker: 'DOGE' });
    // request validation: 400, code 0
    expect([unknown.status, unknown.body.code, unknown.body.errors]).toEqual([
      400,
      0,
      { ticker: ['The selected ticker is invalid.'] },
    ]);
    const network = await ask('main', { ticker: 'USDT', network: 'BEP20' });
    expect(network.body.errors).toEqual({ network: ['The selected network is invalid.'] });
    const fiat = await ask('main', { ticker: 'UAH' });
    expect(fiat.body.errors).toEqual({ ticker: ['Fiat deposits are available only on the website'] });
    const closed = await ask('main', { ticker: 'XAU' });
    expect([closed.status, closed.body]).toEqual([
      400,
      { code: 1, message: 'Inner validation failed', errors: { ticker: ['Currency is not depositable'] } },
    ]);
    const none = await ask('main', {});
    expect(Object.keys(none.body.errors)).toEqual(['ticker']);
  });

  it("gives each account its own addresses: a sub-account's through its key", async () => {
    const mine = (await ask('main', { ticker: 'ETH' })).body.account.address;
    const alpha = (await ask('sub-alpha', { ticker: 'ETH' })).body.account.address;
    expect(alpha).not.toBe(mine);
  });
});

describe('main-account/create-new-address', () => {
  it('makes a new address (201), which the address endpoint answers from then on', async () => {
    const before = (await ask('main', { ticker: 'BTC' })).body.account.address;
    const fresh = await ask('main', { ticker: 'BTC' }, 'create-new-address');
    expect(fresh.status).toBe(201);
    expect(fresh.body.account.address).not.toBe(before);
    expect(fresh.body.account.address).toMatch(/^bc1q/);
    expect(Object.keys(fresh.body.required).sort()).toEqual([
      'fixedFee',
      'flexFee',
      'maxAmount',
      'minAmount',
    ]);
    expect((await ask('main', { ticker: 'BTC' })).body.account.address).toBe(fresh.body.account.address);
    const legacy = await ask('main', { ticker: 'BTC', type: 'p2sh-segwit' }, 'create-new-address');
    expect(legacy.body.account.address).toMatch(/^3/);
    expect(addressFits('BTC', legacy.body.account.address)).toBe(true);
    const type = await ask('main', { ticker: 'BTC', type: 'taproot' }, 'create-new-address');
    expect(Object.keys(type.body.errors)).toEqual(['type']);
    const network = await ask('main', { ticker: 'USDT', network: 'BEP20' }, 'create-new-address');
    expect(network.body.errors).toEqual({ network: ['Unsupported network'] });
  });

  it('is off for an account the exchange did not enable it for', async () => {
    const r = await ask('sub-alpha', { ticker: 'BTC' }, 'create-new-address');
    expect([r.status, r.body.message]).toEqual([403, "You don't have permission to use this endpoint."]);
  });
});
