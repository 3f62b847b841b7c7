/**
 * A push the app cannot read is never dropped silently: against a WebSocket on loopback that speaks
 * the exchange's protocol, an `ordersPending_update` whose order the app cannot read (its id sent as
 * text) is counted against the socket it came on (`WsClient.unreadable`) and logged; the socket is
 * stale (it may have missed a change) and connects again, and the published shape is delivered on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { LiveBatch } from '../../../main/ipc/contract.ts';
import { EventHub } from '../../../main/event-hub.ts';
import type { LogLevel } from '../../../main/log.ts';
import type { AccountService } from '../../../main/services/accounts.ts';
import { LiveService } from '../../../main/services/live/service.ts';
import { wsFixture } from '../../support/published.ts';

let server: WebSocketServer;
let peer: WebSocket | undefined;
beforeAll(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  server.on('connection', (ws) => {
    peer = ws;
    ws.on('message', (data) => {
      const { id } = JSON.parse(data.toString()) as { id: number };
      ws.send(JSON.stringify({ id, result: { status: 'success' }, error: null }));
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A key whose token request answers at once (the signed REST call is not what is tested here). */
const caller = {
  call: () => Promise.resolve({ websocket_token: 'token' }),
  inBackground: () => caller,
};
const accounts = {
  caller: () => Promise.resolve(caller),
  onThisConnection: () => undefined,
} as unknown as AccountService;

describe('a push the app cannot read', () => {
  it('is counted against its socket and logged, the socket is stale and connects again; the next good push is delivered', async () => {
    const events = new EventHub();
    const batches: LiveBatch[] = [];
    events.subscribe((name, payload) => {
      if (name === 'ws.batch') batches.push(payload as LiveBatch);
    });
    const logged: Array<[LogLevel, string]> = [];
    const address = server.address() as { port: number };
    const live = new LiveService(`ws://127.0.0.1:${String(address.port)}`, accounts, events, {
      log: (level, message) => logged.push([level, message]),
    });
    try {
      live.subscribe('acc-1', 'ordersPending', '*');
      const client = await live.ready('acc-1');
      const published = wsFixture('ordersPending_update').message as {
        params: [number, Record<string, unknown>];
      };
      const [event, order] = published.params;
      const first = peer;
      // an order whose id comes as text: not an order the app can act on
      first?.send(
        JSON.stringify({
          id: null,
          method: 'ordersPending_update',
          params: [event, { ...order, id: String(order['id']) }],
        }),
      );
      await expect.poll(() => client.unreadablePushes, { timeout: 5_000 }).toBe(1);
      expect(logged).toContainEqual([
        'warn',
        "a ordersPending push of acc-1 was not in the channel's shape and was not used",
      ]);
      // the feed may have missed a change: a new connection, and what comes on it is delivered
      await expect.poll(() => peer !== first && peer !== undefined, { timeout: 10_000 }).toBe(true);
      await live.ready('acc-1');
      peer?.send(JSON.stringify(published));
      await expect.poll(() => batches.flatMap((b) => b.events).length, { timeout: 5_000 }).toBe(1);
      expect(batches.flatMap((b) => b.events)).toEqual([
        expect.objectContaining({
          channel: 'ordersPending',
          event: 'new',
          order: expect.objectContaining({ side: 'buy' }),
        }),
      ]);
    } finally {
      live.stop();
    }
  });
});
