// Behind the TLS proxy the README recommends, every request arrives from the proxy's address: the
// person names that proxy, and from it (only from it) the sender is the last X-Forwarded-For hop,
// the address the proxy itself saw. The per-sender budget keys on that sender, so one flooding client
// behind the proxy does not starve the exchange behind the same proxy; a chain a client wrote itself is
// not believed, and from any other address the header is ignored.
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../main/cache/index.ts';
import { DEFAULT_LIMITS, startWebhookReceiver } from '../../../main/webhooks/receiver.ts';
import { senderOf } from '../../../main/webhooks/sender.ts';

let cache: Cache;
const keys = () => [{ account: 'alice', apiKey: 'a'.repeat(32), verifying: true }];
const options = (trustedProxy?: string) => ({
  cache,
  keys,
  secret: () => Promise.resolve(undefined),
  now: () => 1_800_000_000_000,
  trustedProxy: () => trustedProxy,
});
const BURST = 2 * DEFAULT_LIMITS.perAddressPerSecond;

beforeAll(async () => {
  cache = await openCache({
    dataDir: mkdtempSync(join(tmpdir(), 'txc-proxy-')),
    profile: 't',
    readWorkers: 0,
  });
});
afterAll(() => cache.close());

/** A GET from the loopback address `from`, with `X-Forwarded-For` when given: its status. */
function get(url: string, from: string, forwardedFor?: string): Promise<number> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/service-verification?key=none',
        localAddress: from,
        agent: false,
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function flood(url: string, from: string, forwardedFor: (i: number) => string | undefined, n: number) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push(await get(url, from, forwardedFor(i)));
  return statuses;
}

describe('the receiver behind a trusted proxy', () => {
  it('keys the budget on the last X-Forwarded-For hop of the proxy: a flooding client leaves the exchange its own', async () => {
    const receiver = await startWebhookReceiver(options('127.0.0.1'));
    try {
      const client = await flood(receiver.url, '127.0.0.1', () => '203.0.113.7', BURST + 1);
      expect(client.slice(0, BURST).every((s) => s === 404)).toBe(true);
      expect(client.at(-1)).toBe(429);
      // a chain the client wrote itself: only the hop the proxy added counts
      expect(await get(receiver.url, '127.0.0.1', '198.51.100.9, 203.0.113.7')).toBe(429);
      // the exchange, through the same proxy, still has its whole budget
      const exchange = await flood(receiver.url, '127.0.0.1', () => '198.51.100.9', BURST);
      expect(exchange.every((s) => s === 404)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('ignores the header from any other address, and from every address when no proxy is trusted', async () => {
    for (const [proxy, from] of [
      ['127.0.0.1', '127.0.0.2'],
      [undefined, '127.0.0.1'],
    ] as const) {
      const receiver = await startWebhookReceiver(options(proxy));
      try {
        // a new X-Forwarded-For each time cannot buy a new budget
        const statuses = await flood(receiver.url, from, (i) => `192.0.2.${String(i + 1)}`, BURST + 1);
        expect(statuses.at(-1)).toBe(429);
      } finally {
        await receiver.close();
      }
    }
  });

  it('reads the sender as the proxy would hand it', () => {
    expect(senderOf('::ffff:127.0.0.1', '10.0.0.1, 203.0.113.7', '127.0.0.1')).toBe('203.0.113.7');
    expect(senderOf('127.0.0.1', ['10.0.0.1', '203.0.113.7 '], '127.0.0.1')).toBe('203.0.113.7');
    // a last hop that is not an address, or none: the proxy itself
    expect(senderOf('127.0.0.1', '203.0.113.7, unknown', '127.0.0.1')).toBe('127.0.0.1');
    expect(senderOf('127.0.0.1', undefined, '127.0.0.1')).toBe('127.0.0.1');
    expect(senderOf('10.0.0.9', '203.0.113.7', '127.0.0.1')).toBe('10.0.0.9');
    expect(senderOf('::1', '2001:db8::1', '::1')).toBe('2001:db8::1');
  });
});
