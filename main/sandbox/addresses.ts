/**
 * The sandbox's own address check per network, as a real exchange refuses an address that cannot
 * exist on the chosen chain: base58check with the chain's version bytes (Bitcoin, Litecoin, Tron,
 * XRP Ledger), bech32/bech32m segwit programs (BIP-173/350), and EVM hex with the EIP-55 checksum
 * when the case is mixed. Hashes are node:crypto's SHA-256 and @noble/hashes' Keccak-256.
 */
import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';

export const BITCOIN_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const RIPPLE_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

function base58(text: string, alphabet: string): Uint8Array | undefined {
  let n = 0n;
  for (const ch of text) {
    const digit = alphabet.indexOf(ch);
    if (digit < 0) return undefined;
    n = n * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; n > 0n; n >>= 8n) bytes.unshift(Number(n & 0xffn));
  let zeros = 0;
  while (text[zeros] === alphabet[0]) zeros += 1;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes]);
}

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

/** The payload of a 25-byte base58check string (version byte + 20-byte hash) when its checksum holds. */
function base58check(text: string, alphabet = BITCOIN_ALPHABET): Uint8Array | undefined {
  const bytes = base58(text, alphabet);
  if (bytes?.length !== 25) return undefined;
  const body = bytes.subarray(0, 21);
  const sum = sha256(sha256(body)).subarray(0, 4);
  return Buffer.from(bytes.subarray(21)).equals(sum) ? body : undefined;
}

export const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

export function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) chk ^= GENERATOR[i] ?? 0;
  }
  return chk >>> 0;
}

/** A segwit address of this human-readable part: version 0 in bech32, 1..16 in bech32m (BIP-350). */
function segwit(address: string, hrp: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const text = address.toLowerCase();
  const sep = text.lastIndexOf('1');
  if (sep < 1 || text.slice(0, sep) !== hrp || text.length > 90 || text.length - sep < 7) return false;
  const data = [...text.slice(sep + 1)].map((c) => CHARSET.indexOf(c));
  if (data.some((d) => d < 0)) return false;
  const expanded = [...hrp].map((c) => c.charCodeAt(0) >> 5);
  const check = polymod([...expanded, 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31), ...data]);
  const version = data[0] ?? -1;
  if (version > 16 || check !== (version === 0 ? 1 : 0x2bc830a3)) return false;
  // The witness program: the 5-bit groups after the version, regrouped into bytes with no leftover.
  let acc = 0;
  let bits = 0;
  let length = 0;
  for (const d of data.slice(1, -6)) {
    acc = ((acc << 5) | d) & 0x1fff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      length += 1;
    }
  }
  if (bits >= 5 || (acc & ((1 << bits) - 1)) !== 0) return false;
  if (length < 2 || length > 40) return false;
  return version !== 0 || length === 20 || length === 32;
}

function evm(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(hex.toLowerCase()))).toString('hex');
  return [...hex].every((ch, i) => {
    const upper = parseInt(hash[i] ?? '0', 16) >= 8;
    return /\d/.test(ch) || (upper ? ch === ch.toUpperCase() : ch === ch.toLowerCase());
  });
}

function legacy(address: string, versions: readonly number[], alphabet?: string): boolean {
  const payload = base58check(address, alphabet);
  return payload !== undefined && versions.includes(payload[0] ?? -1);
}

const CHECKS: Readonly<Record<string, (address: string) => boolean>> = {
  ERC20: evm,
  TRC20: (a) => /^T/.test(a) && legacy(a, [0x41]),
  BTC: (a) => legacy(a, [0x00, 0x05]) || segwit(a, 'bc'),
  LTC: (a) => legacy(a, [0x30, 0x32]) || segwit(a, 'ltc'),
  XRP: (a) => /^r/.test(a) && legacy(a, [0x00], RIPPLE_ALPHABET),
};

/** Networks whose withdrawals carry a destination tag beside the address. */
export const TAG_NETWORKS: ReadonlySet<string> = new Set(['XRP']);

/** True when the address can exist on the network; a network with no check here accepts none. */
export function addressFits(network: string, address: string): boolean {
  return CHECKS[network]?.(address) ?? false;
}

/** A destination tag: a whole number that fits in 32 bits. */
export function validTag(memo: string): boolean {
  return /^\d{1,10}$/.test(memo) && Number(memo) <= 4294967295;
}
