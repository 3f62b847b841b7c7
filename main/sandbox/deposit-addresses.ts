/**
 * Deposit addresses the sandbox hands out: derived from the account, ticker, network and a counter
 * (so the same ones come back after a restart), and well formed for their network, so the sandbox's
 * own address check (`addresses.ts`) accepts them as withdrawal targets: EVM hex, base58check with
 * the chain's version byte (Tron, Bitcoin and Litecoin P2SH, XRP Ledger) and bech32 segwit v0.
 */
import { BITCOIN_ALPHABET, CHARSET, polymod, RIPPLE_ALPHABET, sha256 } from './addresses.ts';

const hash = (text: string) => sha256(new TextEncoder().encode(text));

function base58(bytes: Uint8Array, alphabet: string): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = (alphabet[Number(n % 58n)] ?? '') + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = (alphabet[0] ?? '') + out;
  }
  return out;
}

function base58check(version: number, payload: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  const body = Uint8Array.from([version, ...payload]);
  const sum = sha256(sha256(body)).subarray(0, 4);
  return base58(Uint8Array.from([...body, ...sum]), alphabet);
}

/** A segwit version 0 address (bech32, BIP-173) of a 20-byte program. */
function segwitV0(hrp: string, program: Uint8Array): string {
  const data = [0];
  let acc = 0;
  let bits = 0;
  for (const b of program) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      data.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) data.push((acc << (5 - bits)) & 31);
  const expanded = [
    ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
    0,
    ...[...hrp].map((c) => c.charCodeAt(0) & 31),
  ];
  const mod = polymod([...expanded, ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod >> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => CHARSET[d] ?? '').join('')}`;
}

/** Address types `create-new-address` takes for Bitcoin and Litecoin (`bech32` by default). */
export const ADDRESS_TYPES = ['p2sh-segwit', 'bech32'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** The `index`-th deposit address of an account for a network; undefined for a network without one. */
export function depositAddress(
  accountId: string,
  ticker: string,
  network: string,
  index: number,
  type: AddressType = 'bech32',
): string | undefined {
  const program = hash(`deposit:${accountId}:${ticker}:${network}:${String(index)}`).subarray(0, 20);
  switch (network) {
    case 'ERC20':
      return `0x${Buffer.from(program).toString('hex')}`;
    case 'TRC20':
      return base58check(0x41, program);
    case 'BTC':
      return type === 'bech32' ? segwitV0('bc', program) : base58check(0x05, program);
    case 'LTC':
      return type === 'bech32' ? segwitV0('ltc', program) : base58check(0x32, program);
    case 'XRP':
      return base58check(0x00, program, RIPPLE_ALPHABET);
    default:
      return undefined;
  }
}

/** A destination tag for a memo network: a whole number below 2^32, fixed per account. */
export function depositTag(accountId: string): string {
  return String(hash(`tag:${accountId}`).readUInt32BE(0));
}
