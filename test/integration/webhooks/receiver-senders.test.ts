// One sender cannot starve the others, and no sender learns which webhook keys are known: a request
// and connection budget per address beside the global one, and an unknown key checked exactly as a
// known one. `/service-verification` keeps the spec's answer (200, a JSON array with the key) for the
// exchange, which asks it without a key, while another host floods the receiver.
import fc from 'fast-check';
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../main/cache/index.ts';
import { DEFAULT_LIMITS, receive, startWebhookReceiver } from '../../../main/webhooks/receiver.ts';

let cache: Cache;
const alice = { account: 'alice', apiKey: 'a'.repeat(32), secret: '1'.repeat(32) };
const keys = () => [{ account: alice.account, apiKey: alice.apiKey, verifying: true }];
const secret = (account: string) => Promise.resolve(account === 'alice' ? alice.secret : undefined);
const options = () => ({ cache, keys, secret });

beforeAll(async () => {
  cache = await openCache({
    dataDir: mkdtempSync(join(tmpdir(), 'txc-senders-')),
    profile: 't',
    readWorkers: 0,
  });
});
afterAll(() => cache.close());

/** A GET from the loopback address `from` (127.0.0.x): status, content type and body. */
function get(
  url: string,
  path: string,
  from: string,
): Promise<{ status: number; type: string; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, localAddress: from, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('senders on the network', () => {
  it('gives each address its own budget: a flooding host does not starve the exchange', async () => {
    expect(DEFAULT_LIMITS).toMatchObject({ perSecond: 50, perAddressPerSecond: 10 });
    const now = () => 1_800_000_000_000;
    const receiver = await startWebhookReceiver({ ...options(), now });
    try {
      const flood: number[] = [];
      // More than the whole receiver's burst, all from one host.
      for (let i = 0; i < 2 * DEFAULT_LIMITS.perSecond + 1; i++)
        flood.push((await get(receiver.url, '/service-verification?key=none', '127.0.0.1')).status);
      expect(flood.filter((s) => s === 404)).toHaveLength(2 * DEFAULT_LIMITS.perAddressPerSecond);
      expect(flood.at(-1)).toBe(429);
      // The exchange, from elsewhere, verifying the domain as the spec says: 200 and a JSON array.
      const verification = await get(receiver.url, '/service-verification', '127.0.0.2');
      expect(verification).toEqual({
        status: 200,
        type: 'application/json',
        body: JSON.stringify([alice.apiKey]),
      });
    } finally {
      await receiver.close();
    }
  });

  it("closes one address's connections past its share, and still answers another address", async () => {
    const receiver = await startWebhookReceiver(options());
    const port = Number(new URL(receiver.url).port);
    const open = (): Promise<Socket> =>
      new Promise((resolve, reject) => {
        const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' }, () => resolve(socket));
        socket.once('error', reject);
      });
    const held: Socket[] = [];
    try {
      for (let i = 0; i < DEFAULT_LIMITS.perAddressConnections; i++) held.push(await open());
      const extra = await open();
      await new Promise((resolve) => extra.once('close', resolve));
      expect(extra.bytesRead).toBe(0);
      expect((await get(receiver.url, '/service-verification', '127.0.0.3')).status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
      await receiver.close();
    }
  });
});

const sign = (key: string, payload: string) => createHmac('sha512', key).update(payload).digest('hex');
function headers(apiKey: string, payload: string, signature: string) {
  return { 'x-txc-apikey': apiKey, 'x-txc-payload': payload, 'x-txc-signature': signature };
}

describe('an unknown webhook key', () => {
  it('gets the answer a known key with a wrong signature gets, whatever the delivery', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 200 }),
        fc.boolean(),
        fc.oneof(fc.string({ maxLength: 140 }), fc.stringMatching(/^[0-9a-f]{128}$/)),
        async (text, matching, signature) => {
          const body = Buffer.from(text);
          const payload = matching ? body.toString('base64') : `${body.toString('base64')}x`;
          const known = await receive(options(), headers(alice.apiKey, payload, signature), body);
          const unknown = await receive(options(), headers('z'.repeat(32), payload, signature), body);
          expect(unknown.status).toBe(known.status);
          expect(unknown.stored).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('costs the receiver the same work as a known one: its signature is computed too', async () => {
    const body = Buffer.from(
      JSON.stringify({ method: 'x', id: 'y', params: { nonce: 1, pad: 'p'.repeat(60_000) } }),
    );
    const payload = body.toString('base64');
    const wrong = sign('9'.repeat(32), payload);
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 300; i++)
      for (const [who, apiKey] of [
        ['known', alice.apiKey],
        ['unknown', 'z'.repeat(32)],
      ] as const) {
        const start = performance.now();
        expect((await receive(options(), headers(apiKey, payload, wrong), body)).status).toBe(401);
        timings[who].push(performance.now() - start);
      }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    // Without the signature an unknown key is answered a hundred times sooner; with it, alike.
    expect(median(timings.unknown)).toBeGreaterThan(median(timings.known) * 0.5);
  });
});
