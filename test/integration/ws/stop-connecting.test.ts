// A client stopped while its socket is still connecting (the board left before every feed opened)
// lets the socket go quietly: the socket's own "closed before the connection was established" is not
// reported as a problem of the feed.
import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { expect, it } from 'vitest';
import { WsClient } from '../../../main/exchange/ws/index.ts';

it('reports nothing when stopped while its socket is still connecting', async () => {
  // a server that takes the connection and never answers the WebSocket handshake
  const held: Socket[] = [];
  const server = createServer((socket) => held.push(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const errors: unknown[] = [];
  const client = new WsClient({
    url: `ws://127.0.0.1:${String(address.port)}/ws`,
    token: () => Promise.resolve('token'),
    onError: (e) => errors.push(e),
  });
  const connected = once(server, 'connection');
  client.start();
  const [socket] = (await connected) as [Socket];
  const closed = once(socket, 'close');
  client.stop();
  await closed;
  // the socket's error, when it comes, comes on the turn after its close
  await new Promise<void>((resolve) => setImmediate(resolve));
  expect(errors).toEqual([]);
  server.close();
});
