/**
 * The IP allow-list of a sub-account key, checked before anything is sent: each entry an IPv4 address
 * in its plain dotted form, an IPv6 address, or a CIDR range of either (ipaddr.js parses them), and at
 * most 50 entries on one key.
 */
import ipaddr from 'ipaddr.js';
import type { RuleIssue } from './types.ts';

/** The most addresses the exchange keeps on one key. */
export const MAX_KEY_IPS = 50;

/** The entry in the form it is sent (IPv6 compressed, the range's own address kept), or the issue. */
export function normalizeIpEntry(text: string): { entry: string } | { issue: string } {
  const value = text.trim();
  if (value === '') return { issue: 'An entry is empty.' };
  const [address = '', prefix, extra] = value.split('/');
  if (extra !== undefined) return { issue: `The entry "${value}" has more than one "/".` };
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) parsed = ipaddr.IPv4.parse(address);
  else if (ipaddr.IPv6.isValid(address)) parsed = ipaddr.IPv6.parse(address);
  else return { issue: `The entry "${value}" is not an IPv4 or IPv6 address.` };
  if (prefix === undefined) return { entry: parsed.toString() };
  const bits = parsed.kind() === 'ipv4' ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits)
    return {
      issue: `In the entry "${value}", the range after "/" must be a number from 0 to ${String(bits)}.`,
    };
  return { entry: `${parsed.toString()}/${String(Number(prefix))}` };
}

/**
 * The entries to add to a key that already allows `current`: each normalized, duplicates dropped, and
 * the whole list kept to 50. Refused with the first problem, naming the entry, before anything is sent.
 */
export function checkIpEntries(
  entries: readonly string[],
  current: readonly string[] = [],
): { entries: string[] } | { issue: RuleIssue } {
  const have = new Set(current);
  const out: string[] = [];
  for (const text of entries) {
    const result = normalizeIpEntry(text);
    if ('issue' in result) return { issue: { field: 'ips', message: result.issue } };
    if (!have.has(result.entry)) {
      have.add(result.entry);
      out.push(result.entry);
    }
  }
  if (have.size > MAX_KEY_IPS)
    return {
      issue: {
        field: 'ips',
        message: `A key allows at most ${String(MAX_KEY_IPS)} IP addresses: it has ${String(current.length)}, and ${String(out.length)} more would make ${String(have.size)}.`,
      },
    };
  return { entries: out };
}
