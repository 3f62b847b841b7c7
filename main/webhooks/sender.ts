/**
 * Who sent a request to the webhook receiver, for its per-sender budget. Behind a TLS proxy every
 * request comes from the proxy's address, so the person may name that proxy: from it (and only from
 * it) the sender is the last hop of `X-Forwarded-For`, the address the proxy itself saw (earlier hops
 * are whatever the client wrote, never believed); from anyone else the header is ignored.
 */
import ipaddr from 'ipaddr.js';

/** An address in one form (IPv4-mapped IPv6 as IPv4, IPv6 compressed); undefined when it is none. */
export function normalizeAddress(text: string): string | undefined {
  const value = text.trim();
  if (!ipaddr.isValid(value)) return undefined;
  const parsed = ipaddr.parse(value);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    return (parsed as ipaddr.IPv6).toIPv4Address().toString();
  if (parsed.kind() === 'ipv4' && !ipaddr.IPv4.isValidFourPartDecimal(value)) return undefined;
  return parsed.toString();
}

/** Whether the socket's address is the trusted proxy's. */
export function fromProxy(socketAddress: string, trustedProxy: string | undefined): boolean {
  return trustedProxy !== undefined && normalizeAddress(socketAddress) === trustedProxy;
}

/**
 * The sender of a request: the socket's address, or, when that is the trusted proxy, the last
 * `X-Forwarded-For` hop (the proxy's own address when the header is absent or its last hop is not
 * an address).
 */
export function senderOf(
  socketAddress: string,
  forwardedFor: string | readonly string[] | undefined,
  trustedProxy: string | undefined,
): string {
  const socket = normalizeAddress(socketAddress) ?? socketAddress;
  if (!fromProxy(socketAddress, trustedProxy) || forwardedFor === undefined) return socket;
  const hops = (typeof forwardedFor === 'string' ? [forwardedFor] : forwardedFor)
    .join(',')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '');
  const last = hops.at(-1);
  return (last === undefined ? undefined : normalizeAddress(last)) ?? socket;
}
