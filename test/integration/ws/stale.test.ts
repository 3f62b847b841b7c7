// A socket whose pushes cannot be read, whose ping goes unanswered, or that is sent more than it reads
// says it is stale, reconnects and reads again, and is live only after a good frame: against a hostile
// exchange on loopback, with real sockets.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WsClient, type WsClientOptions, type WsState } from '../../../main/exchange/ws/index.ts';
import { MAX_FRAME_BYTES } from '../../../main/exchange/ws/frames.ts';
import { MAX_HELD } from '../../../main/exchange/ws/listeners.ts';
import { startHostileWs, type HostileWs } from '../../support/hostile-ws.ts';

let server: HostileWs;
const clients: WsClient[] = [];
beforeEach(async () => {
  server = await startHostileWs();
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.stop();
  await server.close();
});

async function until(test: () => boolean, what: string, ms = 10_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await test())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: ms, interval: 5 },
  );
}

function connect(extra: Partial<WsClientOptions> = {}) {
  const states: WsState[] = [];
  const errors: string[] = [];
  let reads = 0;
  const client = new WsClient({
    url: server.url,
    token: () => Promise.resolve('token'),
    onState: (s) => states.push(s),
    onError: (e) => errors.push(e instanceof Error ? e.message : String(e)),
    backoff: { baseMs: 5, maxMs: 20 },
    ...extra,
  });
  clients.push(client);
  client.addReconciler(() => {
    reads++;
    return Promise.resolve();
  });
  const pushes: unknown[] = [];
  client.subscribe('ordersPending', '*', (p) => pushes.push(p));
  client.start();
  return { client, states, errors, pushes, reads: () => reads };
}

const goodPush = (id: number, pad = '') => ({
  id: null,
  method: 'ordersPending_update',
  params: [1, { id, market: 'BTC_USDT', pad }],
});

describe('a stale socket', () => {
  it('drops a push it cannot route, says stale, reads again, and delivers the good push after it', async () => {
    const { client, states, errors, pushes, reads } = connect();
    await client.live();
    expect(reads()).toBe(1);
    // `params` not what ordersPending carries: no market where its routing reads one.
    await server.send({ id: null, method: 'ordersPending_update', params: 5 });
    await until(() => states.includes('stale'), 'stale');
    await server.connected(2);
    await until(() => client.state === 'live', 'live again');
    expect(reads()).toBe(2);
    // Never live between the bad push and the good frame after the new socket's reconcile.
    expect(states).toEqual(['connecting', 'authorizing', 'reconciling', 'live', 'stale', 'live']);
    expect(errors.join('\n')).toMatch(
      /stale: the exchange sent a ordersPending push that does not name its market/,
    );
    await server.send(goodPush(7));
    await until(() => pushes.length === 1, 'the good push');
    expect(pushes[0]).toEqual([1, { id: 7, market: 'BTC_USDT', pad: '' }]);
  });

  it('goes stale on a message that is not JSON or not an object, and recovers', async () => {
    for (const bad of ['{"id":null,"method":', '[1,2,3]', '"text"', '{"id":"seven","result":1}']) {
      const { client, states } = connect();
      await client.live();
      const before = server.connections();
      await server.send(bad);
      await until(() => states.includes('stale'), `stale after ${bad}`);
      await server.connected(before + 1);
      await until(() => client.state === 'live', `live after ${bad}`);
      client.stop();
    }
  });

  it('is stale while its pings go unanswered, and live once one is answered after a reconnect', async () => {
    const { client, states } = connect({ pingMs: 30, requestTimeoutMs: 60 });
    await client.live();
    server.answerPings = false;
    await until(() => states.includes('stale'), 'stale');
    await server.connected(3);
    // Reconnected and read again twice, but no ping answered: never shown live.
    expect(states.slice(states.indexOf('stale'))).toEqual(['stale']);
    server.answerPings = true;
    await until(() => client.state === 'live', 'live again');
    expect(states.at(-1)).toBe('live');
  });

  it('reads frames up to 1 MiB and closes on a larger one, as stale', async () => {
    expect(MAX_FRAME_BYTES).toBe(1024 * 1024);
    const { client, states, errors, pushes } = connect();
    await client.live();
    await server.send(goodPush(1, 'x'.repeat(900 * 1024)));
    await until(() => pushes.length === 1, 'the 900 kB push');
    await server.send(goodPush(2, 'x'.repeat(1536 * 1024)));
    await until(() => states.includes('stale'), 'stale');
    expect(errors.join('\n')).toMatch(/a message larger than 1024 KiB/);
    await server.connected(2);
    await until(() => client.state === 'live', 'live again');
    await server.send(goodPush(3));
    await until(() => pushes.length === 2, 'the push after');
    expect(pushes.map((p) => (p as [number, { id: number }])[1].id)).toEqual([1, 3]);
  });

  it('holds a bounded number of pushes while it reads again, and goes stale past it', async () => {
    expect(MAX_HELD.pushes).toBeLessThanOrEqual(10_000);
    expect(MAX_HELD.bytes).toBeLessThanOrEqual(16 * 1024 * 1024);
    let release: (() => void) | undefined;
    let blocked = false;
    const { client, states } = connect({ maxHeld: { pushes: 5, bytes: 1024 * 1024 } });
    client.addReconciler(() =>
      blocked ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve(),
    );
    await client.live();
    blocked = true;
    // A reconnect that reads slowly while six pushes come in.
    await server.send('not json');
    await server.connected(2);
    await until(() => release !== undefined, 'the slow read');
    for (let i = 0; i < 6; i++) await server.send(goodPush(i));
    await server.connected(3);
    blocked = false;
    release?.();
    await until(() => client.state === 'live', 'live again');
    expect(states.filter((s) => s === 'live')).toHaveLength(2);
  });
});
