// What a sender on the network can make the receiver do: no more than its limits allow, nothing to
// another account's events, and a taken port is an answer to the caller, never a crash.
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../main/cache/index.ts';
import { UserFacingError } from '../../../main/ipc/errors.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../main/webhooks/receiver.ts';

let cache: Cache;
const hooks = {
  alice: { apiKey: 'a'.repeat(32), secret: '1'.repeat(32) },
  bob: { apiKey: 'b'.repeat(32), secret: '2'.repeat(32) },
};
const keys = () => Object.entries(hooks).map(([account, h]) => ({ account, apiKey: h.apiKey }));
const secret = (account: string) => Promise.resolve(hooks[account as keyof typeof hooks]?.secret);

beforeAll(async () => {
  cache = await openCache({
    dataDir: mkdtempSync(join(tmpdir(), 'txc-hooks-')),
    profile: 'test',
    readWorkers: 0,
  });
});
afterAll(() => cache.close());

function post(url: string, account: keyof typeof hooks, body: string) {
  const payload = Buffer.from(body).toString('base64');
  return fetch(`${url}/hook`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-txc-apikey': hooks[account].apiKey,
      'x-txc-payload': payload,
      'x-txc-signature': createHmac('sha512', hooks[account].secret).update(payload).digest('hex'),
    },
  });
}
const event = (id: string, nonce: number) =>
  JSON.stringify({ method: 'deposit.accepted', id, params: { nonce } });

describe('webhook receiver limits', () => {
  it("stores one account's event even when another account's sender used its id first", async () => {
    const receiver = await startWebhookReceiver({ cache, keys, secret });
    try {
      const id = '3f1c2a52-9d0e-4c55-8a36-2f4c1b7d9e01';
      expect((await post(receiver.url, 'bob', event(id, 10))).status).toBe(200);
      expect((await post(receiver.url, 'alice', event(id, 10))).status).toBe(200);
      const alice = await cache.webhooks.list({ account: 'alice' });
      expect(alice.map((e) => e.id)).toEqual([id]);
      expect((await cache.webhooks.list({ account: 'bob' })).map((e) => e.id)).toEqual([id]);
    } finally {
      await receiver.close();
    }
  });

  it('refuses a body over 64 KB and requests beyond its rate, and stores none of them', async () => {
    // The clock stands still, so the bucket refills by nothing during the test.
    const now = () => 1_800_000_000_000;
    const receiver = await startWebhookReceiver({ cache, keys, secret, now, limits: { perSecond: 2 } });
    try {
      const big = JSON.stringify({ method: 'x', id: 'big', params: { nonce: 1e9, pad: 'x'.repeat(70_000) } });
      const refused = await fetch(`${receiver.url}/hook`, {
        method: 'POST',
        body: big,
        headers: { 'content-type': 'application/json', 'x-txc-apikey': hooks.alice.apiKey },
      });
      expect(refused.status).toBe(413);
      // A burst of twice the rate passes (the big one was the first), then the rest are refused.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await fetch(`${receiver.url}/service-verification?key=none`)).status);
      expect(statuses).toEqual([404, 404, 404, 429, 429, 429]);
      expect((await post(receiver.url, 'alice', event('late', 1e9))).status).toBe(429);
      expect((await cache.webhooks.list({ account: 'alice' })).map((e) => e.id)).not.toContain('late');
    } finally {
      await receiver.close();
    }
  });

  it('drops connections beyond its limit', async () => {
    const receiver = await startWebhookReceiver({ cache, keys, secret, limits: { connections: 2 } });
    const port = Number(new URL(receiver.url).port);
    const open = (): Promise<Socket> =>
      new Promise((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => resolve(socket));
        socket.once('error', reject);
      });
    const held = [await open(), await open()];
    try {
      // The server has both connections before the third arrives.
      await expect.poll(() => countConnections(receiver)).toBe(2);
      const third = await open();
      await new Promise((resolve) => third.once('close', resolve));
      expect(third.bytesRead).toBe(0);
    } finally {
      for (const socket of held) socket.destroy();
      await receiver.close();
    }
  });

  it('answers a port that is already taken with a clear error instead of never answering', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const error = await startWebhookReceiver({ cache, keys, secret, port }).then(
        (r: WebhookReceiver) => r.close().then(() => undefined),
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UserFacingError);
      expect(error).toMatchObject({ code: 'receiver_unavailable', field: 'port' });
      expect((error as Error).message).toMatch(new RegExp(`port ${String(port)} is already in use`));
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

function countConnections(receiver: WebhookReceiver): Promise<number> {
  return new Promise((resolve, reject) =>
    receiver.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}
