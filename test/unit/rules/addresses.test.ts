/**
 * The client's address check (a maintained validator) and the sandbox's own check agree on real
 * addresses, and the sandbox is never looser: whatever the client refuses, the sandbox refuses too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressFits, TAG_NETWORKS, validTag } from '../../../main/sandbox/addresses.ts';
import { checkAddress } from '../../../main/rules/address.ts';
import { checkCode, checkConvert, checkWithdrawal, readAmount } from '../../../main/rules/wallet.ts';

const VALID: Record<string, string[]> = {
  ERC20: [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x52908400098527886e0f7030069857d2e4169ee7',
    '0xde709f2102306220921060314715629080e2fb77',
  ],
  TRC20: ['TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL'],
  BTC: [
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
  ],
  LTC: [
    'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9',
    'MGxNPPB7eBoWPUaprtX9v9CXJZoD2465zN',
    'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea',
  ],
  XRP: ['rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh'],
};
const NETWORKS = Object.keys(VALID);
const memoFor = (network: string) => (TAG_NETWORKS.has(network) ? '12345' : undefined);
const clientAccepts = (network: string, address: string) =>
  checkAddress(network, address, memoFor(network)) === undefined;

describe('withdrawal addresses', () => {
  it('accepts real addresses of each network in both checks, and refuses them on the other networks', () => {
    for (const [network, list] of Object.entries(VALID))
      for (const address of list) {
        expect(clientAccepts(network, address), `${network} ${address}`).toBe(true);
        expect(addressFits(network, address), `${network} ${address}`).toBe(true);
        for (const other of NETWORKS.filter((n) => n !== network)) {
          expect(clientAccepts(other, address), `${other} ${address}`).toBe(false);
          expect(addressFits(other, address), `${other} ${address}`).toBe(false);
        }
      }
  });

  it('refuses "hello world", a broken checksum and a changed case in both', () => {
    for (const network of NETWORKS) {
      expect(checkAddress(network, 'hello world', memoFor(network))?.message).toContain(
        `"hello world" cannot exist on ${network}`,
      );
      expect(addressFits(network, 'hello world')).toBe(false);
    }
    const typo = '0x52908400098527886e0F7030069857D2E4169EE7';
    expect([clientAccepts('ERC20', typo), addressFits('ERC20', typo)]).toEqual([false, false]);
    const btc = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx';
    expect([clientAccepts('BTC', btc), addressFits('BTC', btc)]).toEqual([false, false]);
  });

  it('the sandbox refuses every mutation of a real address that the client refuses', () => {
    const alphabet = '0123456789abcdefABCDEFqpzry9x8gf2tvdw0s3jn54khce6mua7lTLMrX ';
    const mutated = fc
      .tuple(
        fc.constantFrom(...Object.entries(VALID).flatMap(([n, list]) => list.map((a) => [n, a] as const))),
        fc.nat(),
        fc.constantFrom(...alphabet),
        fc.constantFrom('replace', 'insert', 'delete', 'case'),
      )
      .map(([[network, address], at, ch, how]) => {
        const i = at % address.length;
        const c = address[i] ?? '';
        const next =
          how === 'replace'
            ? address.slice(0, i) + ch + address.slice(i + 1)
            : how === 'insert'
              ? address.slice(0, i) + ch + address.slice(i)
              : how === 'delete'
                ? address.slice(0, i) + address.slice(i + 1)
                : address.slice(0, i) +
                  (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) +
                  address.slice(i + 1);
        return [network, next] as const;
      });
    fc.assert(
      fc.property(mutated, ([network, address]) => {
        if (!clientAccepts(network, address)) expect(addressFits(network, address)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('asks the destination tag on XRP, and refuses a memo where the network takes none', () => {
    const xrp = VALID['XRP']?.[0] ?? '';
    expect(checkAddress('XRP', xrp)?.field).toBe('memo');
    expect(checkAddress('XRP', xrp, 'abc')?.field).toBe('memo');
    expect(checkAddress('XRP', xrp, '4294967296')?.field).toBe('memo');
    expect(checkAddress('XRP', xrp, '4294967295')).toBeUndefined();
    expect([validTag('4294967295'), validTag('4294967296'), validTag('1e3')]).toEqual([true, false, false]);
    expect(checkAddress('ERC20', VALID['ERC20']?.[0] ?? '', '7')?.field).toBe('memo');
    expect(checkAddress('SOMECHAIN', 'x')?.field).toBe('network');
  });
});

describe('wallet amounts in main', () => {
  const USDT = {
    ticker: 'USDT',
    canWithdraw: true,
    minWithdraw: '10',
    maxWithdraw: '1000000',
    precision: 6,
    networks: ['ERC20', 'TRC20'],
    defaultNetwork: 'ERC20',
    fiat: false,
  };
  const address = VALID['ERC20']?.[0] ?? '';

  it('accepts only plain decimals: any text with a sign, exponent, hex, space or letter is refused', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const plain = /^\d+(\.\d+)?$/.test(text);
        const value = readAmount('amount', 'The amount', text);
        expect('field' in value).toBe(!plain || /^[0.]+$/.test(text));
      }),
      { numRuns: 2000 },
    );
    for (const bad of ['0x10', '1e3', 'Infinity', 'NaN', '-1', '+1', '1.', '.5', '1,5', ' 1'])
      expect(checkWithdrawal(USDT, { amount: bad, address })?.field, bad).toBe('amount');
  });

  it('applies the precision and the limits of the currency, and the code and convert bounds', () => {
    expect(checkWithdrawal(USDT, { amount: '10.000001', address })).toBeUndefined();
    expect(checkWithdrawal(USDT, { amount: '10.0000001', address })?.message).toBe(
      'USDT allows at most 6 decimal places.',
    );
    expect(checkWithdrawal(USDT, { amount: '9.999999', address })?.field).toBe('amount');
    expect(checkWithdrawal(USDT, { amount: '1000000.000001', address })?.field).toBe('amount');
    expect(checkWithdrawal(USDT, { amount: '20', address, network: 'BEP20' })?.field).toBe('network');
    expect(checkWithdrawal(USDT, { amount: '20', address, network: 'TRC20' })?.field).toBe('address');
    expect(checkCode({ amount: '100000000000000000' })).toBeUndefined();
    expect(checkCode({ amount: '100000000000000000.000000000000000001' })?.field).toBe('amount');
    expect(checkCode({ amount: '0.000000000000000001' })).toBeUndefined();
    expect(checkCode({ amount: '0.0000000000000000001' })?.field).toBe('amount');
    expect(checkCode({ amount: '1', passphrase: 'a'.repeat(26) })?.field).toBe('passphrase');
    expect(checkCode({ amount: '1', passphrase: 'tab\there' })?.field).toBe('passphrase');
    expect(checkConvert({ from: 'USDT', to: 'USDT', direction: 'from', amount: '1' })?.field).toBe('to');
    expect(
      checkConvert({ from: 'USDT', to: 'BTC', direction: 'from', amount: '1.1234567' }, 6)?.message,
    ).toBe('USDT allows at most 6 decimal places.');
    expect(
      checkConvert({ from: 'USDT', to: 'BTC', direction: 'to', amount: '0.00000001' }, 8),
    ).toBeUndefined();
    expect(
      checkConvert({
        from: 'USDT',
        to: 'BTC',
        direction: 'from',
        amount: '1',
        idempotencyKey: 'x'.repeat(129),
      })?.field,
    ).toBe('idempotencyKey');
  });
});
