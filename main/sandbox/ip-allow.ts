/**
 * IP allow-lists of sub-account keys, with the sandbox's own checks (node:net): an entry is an IPv4
 * or IPv6 address or a CIDR range of one; a key with entries answers only requests from them.
 */
import { BlockList, isIP } from 'node:net';

/** The most addresses one key's list holds. */
export const MAX_IPS = 50;

/** An IPv4 or IPv6 address, or `address/prefix` with a prefix that fits the family. */
export function validIpEntry(entry: string): boolean {
  const [address = '', prefix, more] = entry.split('/');
  if (more !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** True when `remote` (as the socket reports it, IPv4-mapped or not) is one of the entries. */
export function ipAllowed(entries: readonly string[], remote: string): boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  const family = isIP(remote);
  return family !== 0 && list.check(remote, family === 6 ? 'ipv6' : 'ipv4');
}
